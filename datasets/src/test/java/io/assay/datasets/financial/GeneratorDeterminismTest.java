package io.assay.datasets.financial;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.assay.datasets.testing.TestWarehouse;
import java.nio.file.Files;
import org.junit.jupiter.api.Test;

/** Same seed, same tables: the warehouse is reproducible byte for byte. */
class GeneratorDeterminismTest {

  /**
   * COPY text checksum of trans generated from the real files with the default seed. When a change
   * to the generator moves it on purpose, bump {@link TransGenerator#VERSION} (persisted warehouses
   * then reload) and put the new checksum here.
   */
  static final String REAL_TRANS_SHA256 =
      "95eaa0efdf9471debee6b31358758662c25e6fccac3392d36129601949dbdc35";

  @Test
  void transFromTheSameTablesAndSeedIsIdentical() {
    FinancialTables tables = SyntheticTables.generate(7);
    String first = TransGenerator.generate(tables, 11).sha256();
    assertThat(TransGenerator.generate(tables, 11).sha256()).isEqualTo(first);
    assertThat(TransGenerator.generate(tables, 12).sha256()).isNotEqualTo(first);
  }

  @Test
  void syntheticTablesFromTheSameSeedAreIdentical() {
    assertThat(SyntheticTables.generate(3)).isEqualTo(SyntheticTables.generate(3));
    assertThat(SyntheticTables.generate(3)).isNotEqualTo(SyntheticTables.generate(4));
  }

  @Test
  void transOfTheRealFilesHasThePinnedChecksum() {
    assumeTrue(Files.isDirectory(TestWarehouse.financialDirectory()));
    FinancialTables real = CsvTablesReader.read(TestWarehouse.financialDirectory());
    assertThat(TransGenerator.generate(real).sha256())
        .as("generator output changed: bump TransGenerator.VERSION and update the checksum")
        .isEqualTo(REAL_TRANS_SHA256);
  }
}
