package io.assay.datasets.warehouse;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.datasets.financial.FinancialSource;
import io.assay.datasets.testing.TestWarehouse;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class IdempotencyTest {

  private static Map<String, String> manifest() throws SQLException {
    Map<String, String> loadedAt = new HashMap<>();
    try (Connection c = TestWarehouse.get().adminDataSource().getConnection();
        Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT table_name, loaded_at::text, fingerprint FROM "
                    + FinancialWarehouse.MANIFEST)) {
      while (rs.next()) {
        loadedAt.put(rs.getString(1), rs.getString(2) + " " + rs.getString(3));
      }
    }
    return loadedAt;
  }

  @Test
  void aSecondLoadOfTheSameSourceLoadsNothing() throws SQLException {
    TestWarehouse warehouse = TestWarehouse.get();
    Map<String, String> before = manifest();
    long transBefore =
        ScratchDatabase.count(warehouse.adminDataSource(), "SELECT count(*) FROM financial.trans");

    LoadReport again =
        new FinancialWarehouse(warehouse.adminDataSource(), warehouse.readerSettings())
            .load(FinancialSource.resolve(Optional.empty(), TestWarehouse.financialDirectory()));

    assertThat(again.loadedAnything()).isFalse();
    assertThat(again.rowsLoaded()).isZero();
    assertThat(again.generateMillis()).isZero();
    assertThat(again.tables())
        .extracting(LoadReport.TableLoad::table)
        .containsExactly("district", "account", "client", "disp", "card", "loan", "order", "trans");
    assertThat(again.table("trans").rows()).isEqualTo(transBefore);
    assertThat(manifest()).isEqualTo(before).hasSize(8);
  }
}
