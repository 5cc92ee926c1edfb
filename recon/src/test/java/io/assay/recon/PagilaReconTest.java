package io.assay.recon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.assay.datasets.testing.TestWarehouse;
import io.assay.pick.ColumnRef;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The second dataset builds recon from its YAML alone, with every join unambiguous. */
class PagilaReconTest {

  static Recon recon;

  @BeforeAll
  static void load() {
    TestWarehouse w = TestWarehouse.get();
    assumeTrue(w.ensureDataset("pagila"), "../shared/datasets/pagila is not on this machine");
    recon = ReconLoader.load(w.readerDataSource(), "pagila");
  }

  @Test
  void reconHoldsTheTablesButNotThePartitionsOrTheExcludedViews() {
    assertThat(recon.schema()).isEqualTo("pagila");
    assertThat(recon.tables()).extracting(TableInfo::name).contains("payment", "rental", "film");
    assertThat(recon.tables())
        .extracting(TableInfo::name)
        .noneMatch(n -> n.startsWith("payment_p") || n.equals("sales_by_store"));
    assertThat(recon.table("payment").orElseThrow().rowCount()).isEqualTo(16_049);
    assertThat(recon.joins().ambiguous()).isEmpty();
    assertThat(recon.warnings()).isEmpty();
    assertThat(recon.table("customer").orElseThrow().label())
        .containsExactly("first_name", "last_name");
    // The partitioned table's key is (payment_date, payment_id); the YAML names the row key.
    assertThat(recon.table("payment").orElseThrow().primaryKey()).containsExactly("payment_id");
  }

  @Test
  void enumAndDomainColumnsGetUsableTypes() {
    ColumnInfo rating = recon.column(ColumnRef.of("film.rating")).orElseThrow();
    assertThat(rating.type()).isEqualTo(io.assay.recon.schema.ColumnType.TEXT);
    assertThat(recon.column(ColumnRef.of("film.release_year")).orElseThrow().type().isIntegral())
        .isTrue();
    assertThat(recon.dateRange(ColumnRef.of("payment.payment_date")).orElseThrow().min())
        .hasToString("2022-01-23");
  }
}
