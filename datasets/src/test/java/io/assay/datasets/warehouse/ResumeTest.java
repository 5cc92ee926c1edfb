package io.assay.datasets.warehouse;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.datasets.financial.FinancialSource;
import io.assay.datasets.testing.TestWarehouse;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/** A load interrupted between tables resumes with exactly the tables it had not committed. */
class ResumeTest {

  @Test
  void onlyTablesWithoutAManifestRowAreLoadedAgain() throws SQLException {
    DataSource db = ScratchDatabase.existing(SyntheticWarehouseTest.DATABASE);
    FinancialWarehouse warehouse = new FinancialWarehouse(db, TestWarehouse.get().readerSettings());
    warehouse.load(FinancialSource.synthetic());
    try (Connection c = db.getConnection();
        Statement s = c.createStatement()) {
      // As if the load had died after committing disp: card's transaction never happened.
      s.execute("DROP TABLE financial.card");
      s.execute("DELETE FROM " + FinancialWarehouse.MANIFEST + " WHERE table_name = 'card'");
    }

    LoadReport report = warehouse.load(FinancialSource.synthetic());

    assertThat(report.tables())
        .filteredOn(LoadReport.TableLoad::loaded)
        .extracting(LoadReport.TableLoad::table)
        .containsExactly("card");
    assertThat(report.table("card").rows()).isEqualTo(892);
    assertThat(report.generateMillis()).isZero(); // trans was loaded: not generated again
    assertThat(
            ScratchDatabase.count(
                db, "SELECT count(*) FROM pg_constraint WHERE conname = 'card_disp_id_fkey'"))
        .isEqualTo(1);
    assertThat(ScratchDatabase.count(db, "SELECT count(*) FROM financial.card")).isEqualTo(892);
  }

  @Test
  void aTableWithAnOutdatedFingerprintIsReplaced() throws SQLException {
    DataSource db = ScratchDatabase.existing(SyntheticWarehouseTest.DATABASE);
    FinancialWarehouse warehouse = new FinancialWarehouse(db, TestWarehouse.get().readerSettings());
    warehouse.load(FinancialSource.synthetic());
    try (Connection c = db.getConnection();
        Statement s = c.createStatement()) {
      s.execute("INSERT INTO financial.district (district_id) VALUES (-1)");
      s.execute(
          "UPDATE "
              + FinancialWarehouse.MANIFEST
              + " SET fingerprint = 'older'"
              + " WHERE table_name = 'district'");
    }

    LoadReport report = warehouse.load(FinancialSource.synthetic());

    assertThat(report.tables())
        .filteredOn(LoadReport.TableLoad::loaded)
        .extracting(LoadReport.TableLoad::table)
        .containsExactly("district");
    assertThat(ScratchDatabase.count(db, "SELECT count(*) FROM financial.district")).isEqualTo(77);
    // district's reload dropped the keys pointing at it; they are back.
    assertThat(
            ScratchDatabase.count(
                db,
                "SELECT count(*) FROM pg_constraint WHERE contype = 'f'"
                    + " AND connamespace = 'financial'::regnamespace"))
        .isEqualTo(8);
  }
}
