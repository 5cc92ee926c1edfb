package io.assay.datasets.warehouse;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import javax.sql.DataSource;
import org.assertj.core.api.SoftAssertions;

/**
 * The README's figures for the real trans table, as checks of a loaded warehouse. Used for the
 * shared warehouse and for the all-synthetic one.
 */
final class TransChecks {

  /** A share of trans rows: a SQL condition and the README's percentage. */
  record Share(String name, String condition, double readmePercent) {
    @Override
    public String toString() {
      return name;
    }
  }

  static final double TOLERANCE_PP = 3.0;

  static final List<Share> SHARES =
      List.of(
          new Share("type PRIJEM", "type = 'PRIJEM'", 38),
          new Share("type VYDAJ", "type = 'VYDAJ'", 60),
          new Share("type VYBER", "type = 'VYBER'", 1.6),
          new Share("operation VYBER", "operation = 'VYBER'", 41),
          new Share("operation PREVOD NA UCET", "operation = 'PREVOD NA UCET'", 20),
          new Share("operation VKLAD", "operation = 'VKLAD'", 15),
          new Share("operation PREVOD Z UCTU", "operation = 'PREVOD Z UCTU'", 6),
          new Share("operation VYBER KARTOU", "operation = 'VYBER KARTOU'", 0.8),
          new Share("operation NULL", "operation IS NULL", 17.3),
          new Share("k_symbol NULL or blank", "k_symbol IS NULL OR btrim(k_symbol) = ''", 45.6),
          new Share("bank NULL", "bank IS NULL", 74.1),
          new Share("account NULL", "account IS NULL", 72));

  private TransChecks() {}

  static double percent(DataSource ds, Share share) throws SQLException {
    try (Connection c = ds.getConnection();
        Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT 100.0 * count(*) FILTER (WHERE "
                    + share.condition()
                    + ") / count(*) FROM financial.trans")) {
      rs.next();
      return rs.getDouble(1);
    }
  }

  /** Every share within ±3 percentage points of the README. */
  static void assertShares(DataSource ds) throws SQLException {
    SoftAssertions soft = new SoftAssertions();
    for (Share share : SHARES) {
      soft.assertThat(percent(ds, share))
          .as(share.name())
          .isBetween(share.readmePercent() - TOLERANCE_PP, share.readmePercent() + TOLERANCE_PP);
    }
    soft.assertAll();
  }

  static long transactionsBeforeOpening(DataSource ds) throws SQLException {
    return ScratchDatabase.count(
        ds,
        "SELECT count(*) FROM financial.trans t JOIN financial.account a"
            + " ON a.account_id = t.account_id WHERE t.date < a.date");
  }

  /** Rows whose balance differs from the running sum of signed amounts of their account. */
  static long balancesOffTheRunningSum(DataSource ds) throws SQLException {
    return ScratchDatabase.count(
        ds,
        "SELECT count(*) FROM (SELECT balance, sum(CASE WHEN type = 'PRIJEM' THEN amount"
            + " ELSE -amount END) OVER (PARTITION BY account_id ORDER BY date, trans_id) AS running"
            + " FROM financial.trans) t WHERE balance <> running");
  }

  static void assertStructure(DataSource ds) throws SQLException {
    assertThat(ScratchDatabase.count(ds, "SELECT count(*) FROM financial.trans"))
        .isBetween(950_000L, 1_150_000L);
    assertThat(transactionsBeforeOpening(ds)).isZero();
    assertThat(balancesOffTheRunningSum(ds)).isZero();
  }

  private static List<Object> minMax(DataSource ds, String column) throws SQLException {
    try (Connection c = ds.getConnection();
        Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT min(" + column + "), max(" + column + ") FROM financial.trans")) {
      rs.next();
      return List.of(rs.getObject(1), rs.getObject(2));
    }
  }

  static List<Object> dateRange(DataSource ds) throws SQLException {
    return minMax(ds, "date::text");
  }

  static List<Object> amountRange(DataSource ds) throws SQLException {
    return minMax(ds, "amount");
  }

  static List<Object> balanceRange(DataSource ds) throws SQLException {
    return minMax(ds, "balance");
  }
}
