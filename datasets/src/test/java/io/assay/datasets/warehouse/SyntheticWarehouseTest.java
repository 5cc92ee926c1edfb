package io.assay.datasets.warehouse;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.datasets.financial.FinancialSource;
import io.assay.datasets.testing.TestWarehouse;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The all-synthetic warehouse (a machine without the data files), loaded into its own database on
 * the test server: same schema and row counts as the real one, and trans with the same shape.
 */
class SyntheticWarehouseTest {

  static final String DATABASE = "assay_synthetic";

  private static DataSource db;

  @BeforeAll
  static void load() throws SQLException {
    db = ScratchDatabase.existing(DATABASE);
    new FinancialWarehouse(db, TestWarehouse.get().readerSettings())
        .load(FinancialSource.synthetic());
  }

  private static List<String> columns(DataSource ds) throws SQLException {
    List<String> columns = new ArrayList<>();
    try (Connection c = ds.getConnection();
        Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT table_name, column_name, data_type, is_nullable"
                    + " FROM information_schema.columns WHERE table_schema = 'financial'"
                    + " ORDER BY table_name, ordinal_position")) {
      while (rs.next()) {
        columns.add(
            rs.getString(1)
                + "."
                + rs.getString(2)
                + " "
                + rs.getString(3)
                + " "
                + rs.getString(4));
      }
    }
    return columns;
  }

  @Test
  void hasTheSameSchemaAsTheRealWarehouse() throws SQLException {
    List<String> real = columns(TestWarehouse.get().adminDataSource());
    assertThat(real).hasSize(4 + 4 + 4 + 4 + 16 + 7 + 6 + 10);
    assertThat(columns(db)).isEqualTo(real);
  }

  @Test
  void hasTheRealRowCounts() throws SQLException {
    for (String table :
        List.of("account", "card", "client", "disp", "district", "loan", "\"order\"")) {
      assertThat(ScratchDatabase.count(db, "SELECT count(*) FROM financial." + table))
          .as(table)
          .isEqualTo(
              ScratchDatabase.count(
                  TestWarehouse.get().adminDataSource(),
                  "SELECT count(*) FROM financial." + table));
    }
    assertThat(ScratchDatabase.count(db, "SELECT count(*) FROM financial.trans"))
        .isBetween(950_000L, 1_150_000L);
  }

  @Test
  void transHasTheReadmeShares() throws SQLException {
    TransChecks.assertShares(db);
  }

  @Test
  void transHasTheReadmeStructure() throws SQLException {
    TransChecks.assertStructure(db);
    assertThat(TransChecks.dateRange(db)).containsExactly("1993-01-01", "1998-12-31");
  }

  @Test
  void foreignKeysHold() throws SQLException {
    assertThat(
            ScratchDatabase.count(
                db,
                "SELECT count(*) FROM pg_constraint WHERE contype = 'f'"
                    + " AND connamespace = 'financial'::regnamespace"))
        .isEqualTo(8);
  }

  static List<Object[]> goldQueries() throws Exception {
    return GoldSqlTest.goldQueries().stream().map(a -> a.get()).toList();
  }

  @ParameterizedTest(name = "question {0}")
  @MethodSource("goldQueries")
  void goldSqlRunsOnTheSyntheticWarehouse(int questionId, String sql) throws SQLException {
    try (Connection c = db.getConnection();
        Statement s = c.createStatement()) {
      s.execute("SET search_path = financial");
      try (ResultSet rs = s.executeQuery(sql)) {
        while (rs.next()) {
          rs.getObject(1);
        }
      }
    }
  }
}
