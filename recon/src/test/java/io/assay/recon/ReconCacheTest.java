package io.assay.recon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.assay.datasets.testing.TestWarehouse;
import io.assay.pick.ColumnRef;
import io.assay.recon.knowledge.KnowledgeSource;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Recon is built once, served from the cache, and rebuilt when its YAML changes. */
class ReconCacheTest {

  @TempDir Path dir;

  @Test
  void rebuildsWhenTheYamlChangesAndKeepsServingWhenAnEditBreaksIt() throws IOException {
    KnowledgeSource.classpath("financial")
        .read()
        .forEach(
            (name, text) -> {
              try {
                Files.writeString(dir.resolve(name), text);
              } catch (IOException e) {
                throw new IllegalStateException(e);
              }
            });
    ReconCache cache =
        new ReconCache(
            TestWarehouse.get().readerDataSource(),
            KnowledgeSource.directory(dir),
            Duration.ZERO,
            Clock.systemUTC());

    Recon first = cache.get();
    assertThat(cache.get()).as("unchanged YAML and schema: same instance").isSameAs(first);
    assertThat(cache.refreshIfChanged()).isFalse();

    Path docs = dir.resolve("schema_docs.yaml");
    Files.writeString(
        docs,
        Files.readString(docs).replace("Average salary in CZK.", "Mean monthly salary in CZK."));
    Recon second = cache.get();
    assertThat(second).isNotSameAs(first);
    assertThat(second.fingerprint()).isNotEqualTo(first.fingerprint());
    assertThat(second.column(ColumnRef.of("district.a11")).orElseThrow().description())
        .isEqualTo("Mean monthly salary in CZK.");

    Files.writeString(docs, Files.readString(docs).replace("  district:\n", "  district: [\n"));
    assertThat(cache.get()).as("a broken edit keeps the last good recon").isSameAs(second);
    assertThat(cache.lastFailure()).isInstanceOf(ReconConfigException.class);
    assertThatThrownBy(cache::refreshIfChanged).isInstanceOf(ReconConfigException.class);
  }
}
