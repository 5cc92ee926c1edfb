package io.assay.recon;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.datasets.testing.TestWarehouse;
import io.assay.pick.PickJson;
import io.assay.recon.schema.SchemaIntrospector;
import io.assay.recon.schema.SchemaSnapshot;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The schema snapshot bundled for building recon without a database must equal what introspection
 * finds in the loaded warehouse: structure, indexed text values and date ranges (what recon's
 * behaviour depends on). To refresh it after a loader change, run this test with {@code
 * -Dassay.recon.writeSnapshot=true}.
 */
class BundledSnapshotTest {

  private static final Path FILE =
      TestWarehouse.assayRoot()
          .resolve("recon/src/main/resources/io/assay/recon/schema/financial-snapshot.json");

  @Test
  void bundledSnapshotEqualsTheLiveWarehouse() throws Exception {
    SchemaSnapshot live =
        new SchemaIntrospector(TestWarehouse.get().readerDataSource()).snapshot("financial");
    if (Boolean.getBoolean("assay.recon.writeSnapshot")) {
      Files.writeString(
          FILE, PickJson.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(live) + "\n");
    }
    SchemaSnapshot bundled = ReconLoader.bundledSnapshot("financial");
    assertThat(bundled.structure())
        .as("structure (rerun with -Dassay.recon.writeSnapshot=true to refresh %s)", FILE)
        .isEqualTo(live.structure());
    assertThat(bundled.textValues()).isEqualTo(live.textValues());
    assertThat(bundled.dateRanges()).isEqualTo(live.dateRanges());
    // Row counts are informative only (describe()); the generated trans table may change size.
  }
}
