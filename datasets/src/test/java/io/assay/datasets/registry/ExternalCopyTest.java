package io.assay.datasets.registry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A dataset served again from a copy of its schema, as an external dataset of its own. */
class ExternalCopyTest {
  private static final String DOCS =
      "# the shop\ndataset: shop\nschema: shop_data\ntables:\n  orders:\n    description: the"
          + " shop's orders; schema: shop_data is named in prose too\n";

  private static DatasetDefinition shop() {
    return DatasetDefinition.parse(
        "shop",
        "name: shop\ntitle: Shop\nschema: shop_data\nsource:\n  kind: sql_dump\n  dir: x\n"
            + "  files: [a.sql]\n",
        "test");
  }

  private static Map<String, String> knowledge(String docs) {
    Map<String, String> files = new LinkedHashMap<>();
    files.put("dataset.yaml", "name: shop\n");
    files.put("schema_docs.yaml", docs);
    files.put("metrics.yaml", "metrics: []\n");
    return files;
  }

  @Test
  void theCopyIsAnExternalDatasetOfItsOwnNameOverItsOwnSchema(@TempDir Path dir) throws Exception {
    DatasetDefinition copy =
        ExternalCopy.write(shop(), knowledge(DOCS), "shop_copy", "copy_7", dir);
    assertThat(copy.name()).isEqualTo("shop_copy");
    assertThat(copy.schema()).isEqualTo("copy_7");
    assertThat(copy.source()).isInstanceOf(DataOrigin.External.class);
    assertThat(copy.managed()).isFalse();
    String docs = Files.readString(dir.resolve("shop_copy/schema_docs.yaml"));
    assertThat(docs).contains("\ndataset: shop_copy\n", "\nschema: copy_7\n");
    assertThat(docs).as("only the declarations change").contains("schema: shop_data is named");
    assertThat(Files.readString(dir.resolve("shop_copy/metrics.yaml"))).isEqualTo("metrics: []\n");
    // The registry reads it the ordinary way, from the configured directory.
    DatasetRegistry registry = DatasetRegistry.load(List.of("shop_copy"), Optional.of(dir));
    assertThat(registry.folder("shop_copy")).contains(dir.resolve("shop_copy"));

    ExternalCopy.remove(dir, "shop_copy");
    assertThat(dir.resolve("shop_copy")).doesNotExist();
    ExternalCopy.remove(dir, "shop_copy"); // already gone: nothing to do
  }

  @Test
  void knowledgeThatDoesNotDeclareTheOriginalIsRefused(@TempDir Path dir) {
    assertThatThrownBy(
            () ->
                ExternalCopy.write(
                    shop(), knowledge(DOCS.replace("schema: shop_data\n", "")), "c", "c", dir))
        .isInstanceOf(DatasetConfigException.class)
        .hasMessageContaining("does not declare 'schema: shop_data'");
    assertThatThrownBy(() -> ExternalCopy.write(shop(), Map.of(), "c", "c", dir))
        .isInstanceOf(DatasetConfigException.class)
        .hasMessageContaining("no schema_docs.yaml");
    assertThatThrownBy(() -> ExternalCopy.write(shop(), knowledge(DOCS), "Bad Name", "c", dir))
        .isInstanceOf(DatasetConfigException.class)
        .hasMessageContaining("not a lower-case identifier");
  }
}
