package io.assay.understand;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.assay.recon.Recon;
import io.assay.recon.ReconLoader;
import io.assay.recon.knowledge.KnowledgeSource;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The reader's vocabulary for a dataset is its {@code reader.yaml}, beside the rest of its YAML:
 * recon carries it, the reader checks it.
 */
class ReaderYamlTest {

  @Test
  void theDatasetsReaderYamlIsTheReadersVocabulary() {
    LexiconFile file = ReaderFixture.reader().lexiconFile();
    assertThat(file.dataset()).isEqualTo("financial");
    assertThat(file.labels()).containsEntry("district", "district.a2");
  }

  @Test
  void aDatasetWithoutOneReadsWithAnEmptyVocabulary(@TempDir Path dir) throws IOException {
    Recon recon = fromFolder(dir, null);
    assertThat(recon.readerVocabulary()).isEmpty();
    assertThat(LexiconFile.of(recon).labels()).isEmpty();
  }

  @Test
  void aMistakeInItIsAClearError(@TempDir Path dir) throws IOException {
    Recon typo = fromFolder(dir, "lables:\n  district: district.a2\n");
    assertThatThrownBy(() -> LexiconFile.of(typo))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("reader.yaml")
        .hasMessageContaining("lables");
    Recon unknownColumn = fromFolder(dir, "labels:\n  district: district.nope\n");
    assertThatThrownBy(() -> new QuestionReader(unknownColumn, LexiconFile.of(unknownColumn), null))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("district.nope");
  }

  /** The financial dataset's YAML in a folder, with the given reader.yaml (none when null). */
  private static Recon fromFolder(Path dir, String readerYaml) throws IOException {
    Map<String, String> files = KnowledgeSource.classpath("financial").read();
    for (Map.Entry<String, String> f : files.entrySet()) {
      if (!f.getKey().equals("reader.yaml")) {
        Files.writeString(dir.resolve(f.getKey()), f.getValue());
      }
    }
    Files.deleteIfExists(dir.resolve("reader.yaml"));
    if (readerYaml != null) {
      Files.writeString(dir.resolve("reader.yaml"), readerYaml);
    }
    return ReconLoader.fromSnapshot(
        ReconLoader.bundledSnapshot("financial"), KnowledgeSource.directory(dir));
  }
}
