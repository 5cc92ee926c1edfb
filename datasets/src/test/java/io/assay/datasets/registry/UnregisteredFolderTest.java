package io.assay.datasets.registry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A dataset folder checked before it is registered: its name need not match the folder's. */
class UnregisteredFolderTest {

  @Test
  void aDraftFolderParsesUnderItsOwnName(@TempDir Path dir) throws Exception {
    Path draft = Files.createDirectory(dir.resolve("shop-draft"));
    Files.writeString(
        draft.resolve("dataset.yaml"),
        "name: shop\ntitle: shop\nschema: shop\nsource:\n  kind: external\n");
    DatasetDefinition d = DatasetDefinition.parseUnregistered(draft);
    assertThat(d.name()).isEqualTo("shop");
    assertThat(d.schema()).isEqualTo("shop");
  }

  @Test
  void aMissingOrBrokenFileIsAProblem(@TempDir Path dir) throws Exception {
    assertThatThrownBy(() -> DatasetDefinition.parseUnregistered(dir))
        .isInstanceOf(DatasetConfigException.class)
        .hasMessageContaining("cannot read");
    Files.writeString(dir.resolve("dataset.yaml"), "name: [unclosed\n");
    assertThatThrownBy(() -> DatasetDefinition.parseUnregistered(dir))
        .isInstanceOf(DatasetConfigException.class);
  }
}
