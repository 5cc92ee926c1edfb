package io.assay.datasets.warehouse;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.datasets.testing.TestWarehouse;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RowCountsTest {

  @ParameterizedTest(name = "{0} has {1} rows")
  @CsvSource({
    "account, 4500",
    "card, 892",
    "client, 5369",
    "disp, 5369",
    "district, 77",
    "loan, 682",
    "\"order\", 6471"
  })
  void sourceTablesHaveTheirRowCounts(String table, long rows) throws SQLException {
    assertThat(count("SELECT count(*) FROM financial." + table)).isEqualTo(rows);
  }

  @Test
  void transHasAboutAMillionRows() throws SQLException {
    assertThat(count("SELECT count(*) FROM financial.trans")).isBetween(950_000L, 1_150_000L);
  }

  static long count(String sql) throws SQLException {
    try (Connection c = TestWarehouse.get().adminDataSource().getConnection();
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }
}
