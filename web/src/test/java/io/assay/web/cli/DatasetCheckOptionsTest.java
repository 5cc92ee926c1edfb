package io.assay.web.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code dataset check NAME|FOLDER}: a served dataset by name, or a folder not registered yet. */
class DatasetCheckOptionsTest {

  @Test
  void aPlainWordIsAServedDataset() {
    DatasetCommands.CheckOptions o = DatasetCommands.CheckOptions.parse(new String[] {"pagila"});
    assertThat(o.name()).isEqualTo("pagila");
    assertThat(o.folder()).isNull();
  }

  @Test
  void aPathOrAnExistingDirectoryIsAFolder(@TempDir Path dir) throws Exception {
    DatasetCommands.CheckOptions o =
        DatasetCommands.CheckOptions.parse(
            new String[] {"./sales-draft", "--url", "jdbc:postgresql://db/dw", "--user", "ro"});
    assertThat(o.folder()).isEqualTo(Path.of("./sales-draft"));
    assertThat(o.url()).isEqualTo("jdbc:postgresql://db/dw");
    assertThat(o.user()).isEqualTo("ro");
    Path draft = Files.createDirectory(dir.resolve("draft"));
    assertThat(DatasetCommands.CheckOptions.parse(new String[] {draft.toString()}).folder())
        .isEqualTo(draft);
  }

  @Test
  void badArgumentsAreUsageErrors() {
    assertThatThrownBy(() -> DatasetCommands.CheckOptions.parse(new String[] {}))
        .isInstanceOf(Cli.UsageException.class);
    assertThatThrownBy(() -> DatasetCommands.CheckOptions.parse(new String[] {"a", "b"}))
        .isInstanceOf(Cli.UsageException.class)
        .hasMessageContaining("NAME|FOLDER");
    assertThatThrownBy(
            () -> DatasetCommands.CheckOptions.parse(new String[] {"pagila", "--url", "jdbc:x"}))
        .isInstanceOf(Cli.UsageException.class)
        .hasMessageContaining("--url is for checking a folder");
  }
}
