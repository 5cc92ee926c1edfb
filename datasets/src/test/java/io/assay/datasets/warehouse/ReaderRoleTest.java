package io.assay.datasets.warehouse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.assay.datasets.testing.TestWarehouse;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ReaderRoleTest {

  private static final String READ_ONLY_TRANSACTION = "25006";
  private static final String INSUFFICIENT_PRIVILEGE = "42501";

  private static Connection reader() throws SQLException {
    return TestWarehouse.get().readerDataSource().getConnection();
  }

  private static String show(String setting) throws SQLException {
    try (Connection c = reader();
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SHOW " + setting)) {
      rs.next();
      return rs.getString(1);
    }
  }

  @Test
  void readerSessionsAreReadOnlyWithSearchPathAndTimeout() throws SQLException {
    assertThat(show("search_path")).isEqualTo("financial");
    assertThat(show("default_transaction_read_only")).isEqualTo("on");
    assertThat(show("statement_timeout")).isEqualTo("30s");
    assertThat(show("is_superuser")).isEqualTo("off");
  }

  @Test
  void readerSelectsFromTheWarehouseUnqualified() throws SQLException {
    try (Connection c = reader();
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT count(*) FROM account")) {
      rs.next();
      assertThat(rs.getLong(1)).isEqualTo(4_500);
    }
  }

  @Test
  void insertFailsInTheDefaultReadOnlyTransaction() throws SQLException {
    try (Connection c = reader();
        Statement s = c.createStatement()) {
      assertThatThrownBy(() -> s.executeUpdate("INSERT INTO district (district_id) VALUES (-1)"))
          .isInstanceOf(SQLException.class)
          .extracting(e -> ((SQLException) e).getSQLState())
          .isEqualTo(READ_ONLY_TRANSACTION);
    }
  }

  /** Switching the read-only default off does not help: the role lacks the privileges. */
  @ParameterizedTest(name = "{0}")
  @ValueSource(
      strings = {
        "INSERT INTO district (district_id) VALUES (-1)",
        "UPDATE account SET frequency = 'x'",
        "DELETE FROM trans",
        "DROP TABLE trans",
        "TRUNCATE loan",
        "CREATE TABLE financial.extra (x int)",
        "CREATE TABLE public.extra (x int)",
        "SELECT * FROM financial_meta.load_manifest"
      })
  void writesFailForLackOfPrivilegeEvenInAReadWriteTransaction(String sql) throws SQLException {
    try (Connection c = reader();
        Statement s = c.createStatement()) {
      s.execute("SET default_transaction_read_only = off");
      assertThatThrownBy(() -> s.execute(sql))
          .isInstanceOf(SQLException.class)
          .extracting(e -> ((SQLException) e).getSQLState())
          .isEqualTo(INSUFFICIENT_PRIVILEGE);
    }
  }
}
