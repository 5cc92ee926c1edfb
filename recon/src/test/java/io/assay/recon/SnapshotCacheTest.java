package io.assay.recon;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.datasets.testing.TestWarehouse;
import io.assay.recon.knowledge.KnowledgeSource;
import io.assay.recon.schema.SnapshotCache;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A restart on unchanged data reuses the schema snapshot instead of scanning the tables. */
class SnapshotCacheTest {

  @TempDir Path dir;

  @Test
  void theSecondLoadReusesTheStoredSnapshotAndBuildsTheSameRecon() throws IOException {
    TestWarehouse w = TestWarehouse.get();
    SnapshotCache cache = new SnapshotCache(dir);
    KnowledgeSource source = KnowledgeSource.classpath("financial");
    long t0 = System.nanoTime();
    Recon first = ReconLoader.load(w.readerDataSource(), source, cache);
    long t1 = System.nanoTime();
    List<Path> stored = files();
    assertThat(stored).hasSize(1);
    FileTime written = Files.getLastModifiedTime(stored.get(0));
    Recon second = ReconLoader.load(w.readerDataSource(), source, cache);
    long t2 = System.nanoTime();
    System.out.printf(
        "recon of financial: %d ms with a scan, %d ms from the stored snapshot%n",
        (t1 - t0) / 1_000_000, (t2 - t1) / 1_000_000);
    assertThat(files()).containsExactlyElementsOf(stored);
    assertThat(Files.getLastModifiedTime(stored.get(0))).isEqualTo(written);
    assertThat(second.fingerprint()).isEqualTo(first.fingerprint());
    assertThat(second.values().size()).isEqualTo(first.values().size());
    assertThat(second.table("trans").orElseThrow().rowCount())
        .isEqualTo(first.table("trans").orElseThrow().rowCount());
  }

  @Test
  void anUnreadableStoredSnapshotIsTakenAgain() throws IOException {
    TestWarehouse w = TestWarehouse.get();
    SnapshotCache cache = new SnapshotCache(dir);
    KnowledgeSource source = KnowledgeSource.classpath("financial");
    ReconLoader.load(w.readerDataSource(), source, cache);
    Files.writeString(files().get(0), "{not json");
    Recon again = ReconLoader.load(w.readerDataSource(), source, cache);
    assertThat(again.tables()).isNotEmpty();
    assertThat(Files.readString(files().get(0))).startsWith("{\"key\"");
  }

  private List<Path> files() throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.sorted().toList();
    }
  }
}
