package io.assay.datasets.warehouse;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.datasets.testing.TestWarehouse;
import java.sql.SQLException;
import java.util.List;
import java.util.stream.Stream;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The generated trans of the shared warehouse against the README's figures and structure. */
class TransStatisticsTest {

  private static DataSource db() {
    return TestWarehouse.get().adminDataSource();
  }

  private static long count(String sql) throws SQLException {
    return ScratchDatabase.count(db(), sql);
  }

  static Stream<TransChecks.Share> shares() {
    return TransChecks.SHARES.stream();
  }

  @ParameterizedTest(name = "{0} within 3 pp of the README")
  @MethodSource("shares")
  void shareIsWithinThreePointsOfTheReadme(TransChecks.Share share) throws SQLException {
    assertThat(TransChecks.percent(db(), share))
        .isBetween(
            share.readmePercent() - TransChecks.TOLERANCE_PP,
            share.readmePercent() + TransChecks.TOLERANCE_PP);
  }

  @Test
  void noTransactionPrecedesItsAccountsOpening() throws SQLException {
    assertThat(TransChecks.transactionsBeforeOpening(db())).isZero();
  }

  @Test
  void balanceIsTheRunningSumPerAccount() throws SQLException {
    assertThat(TransChecks.balancesOffTheRunningSum(db())).isZero();
  }

  @Test
  void datesSpan1993To1998() throws SQLException {
    assertThat(TransChecks.dateRange(db())).containsExactly("1993-01-01", "1998-12-31");
  }

  @Test
  void amountsAndBalancesArePlausible() throws SQLException {
    List<Object> amount = TransChecks.amountRange(db());
    assertThat((Integer) amount.get(0)).isGreaterThanOrEqualTo(0);
    assertThat((Integer) amount.get(1)).isBetween(20_000, 87_400);
    List<Object> balance = TransChecks.balanceRange(db());
    // README: -41,126 to 209,637 in the real table.
    assertThat((Integer) balance.get(0)).isBetween(-100_000, -5_000);
    assertThat((Integer) balance.get(1)).isBetween(100_000, 300_000);
  }

  @Test
  void everyAccountHasTransactions() throws SQLException {
    assertThat(count("SELECT count(DISTINCT account_id) FROM financial.trans")).isEqualTo(4_500);
  }

  @Test
  void interestIsCreditedEveryMonthToEveryAccountAndIsTheOnlyNullOperation() throws SQLException {
    long accountMonths =
        count(
            "SELECT sum((1998 - extract(year FROM date)) * 12 + 13 - extract(month FROM date))"
                + " FROM financial.account");
    assertThat(count("SELECT count(*) FROM financial.trans WHERE k_symbol = 'UROK'"))
        .isEqualTo(accountMonths);
    assertThat(
            count(
                "SELECT count(*) FROM financial.trans WHERE (operation IS NULL)"
                    + " <> (k_symbol = 'UROK') OR (k_symbol = 'UROK' AND type <> 'PRIJEM')"))
        .isZero();
  }

  @Test
  void onlyMonthlyStatementAccountsPayTheStatementFee() throws SQLException {
    assertThat(
            count(
                "SELECT count(*) FROM financial.trans t JOIN financial.account a USING"
                    + " (account_id) WHERE t.k_symbol = 'SLUZBY'"
                    + " AND a.frequency <> 'POPLATEK MESICNE'"))
        .isZero();
    assertThat(count("SELECT count(*) FROM financial.trans WHERE k_symbol = 'SLUZBY'"))
        .isPositive();
  }

  @Test
  void cardWithdrawalsComeFromCardHoldersAfterTheIssueDate() throws SQLException {
    assertThat(
            count(
                "SELECT count(*) FROM financial.trans t WHERE t.operation = 'VYBER KARTOU'"
                    + " AND NOT EXISTS (SELECT 1 FROM financial.disp d JOIN financial.card c"
                    + " USING (disp_id) WHERE d.account_id = t.account_id"
                    + " AND c.issued <= t.date)"))
        .isZero();
  }

  @Test
  void loanPaymentsFollowTheLoans() throws SQLException {
    assertThat(
            count(
                "SELECT count(*) FROM financial.trans t WHERE t.k_symbol = 'UVER'"
                    + " AND t.operation = 'PREVOD NA UCET' AND NOT EXISTS (SELECT 1 FROM"
                    + " financial.loan l WHERE l.account_id = t.account_id AND l.date < t.date"
                    + " AND t.amount = floor(l.payments + 0.5))"
                    + " AND NOT EXISTS (SELECT 1 FROM financial.\"order\" o"
                    + " WHERE o.account_id = t.account_id AND o.k_symbol = 'UVER'"
                    + " AND t.amount = floor(o.amount + 0.5))"))
        .isZero();
    // One payment a month from the month after the loan date, at most its duration; a loan of
    // December 1998 has none yet.
    assertThat(
            count(
                "SELECT count(*) FROM financial.loan l WHERE (SELECT count(*) FROM"
                    + " financial.trans t WHERE t.account_id = l.account_id AND t.k_symbol = 'UVER'"
                    + " AND t.amount = floor(l.payments + 0.5)) NOT BETWEEN"
                    + " (CASE WHEN l.date >= '1998-12-01' THEN 0 ELSE 1 END) AND l.duration"))
        .isZero();
  }

  @Test
  void everyPermanentOrderIsPaidWithItsPartnerAndSymbol() throws SQLException {
    assertThat(
            count(
                "SELECT count(*) FROM financial.\"order\" o WHERE NOT EXISTS (SELECT 1 FROM"
                    + " financial.trans t WHERE t.account_id = o.account_id"
                    + " AND t.operation = 'PREVOD NA UCET' AND t.bank = o.bank_to"
                    + " AND t.account = o.account_to AND abs(t.amount - o.amount) < 1"
                    + " AND t.k_symbol IS NOT DISTINCT FROM o.k_symbol)"
                    // a loan granted in December 1998 is repaid through its order from 1999 on
                    + " AND NOT EXISTS (SELECT 1 FROM financial.loan l WHERE"
                    + " l.account_id = o.account_id AND l.date >= '1998-12-01')"))
        .isZero();
  }

  @Test
  void transfersNameTheirPartnerAndPensionsArriveAsTransfers() throws SQLException {
    assertThat(
            count(
                "SELECT count(*) FROM financial.trans WHERE operation IN ('PREVOD NA UCET',"
                    + " 'PREVOD Z UCTU') AND (bank IS NULL OR account IS NULL)"))
        .isZero();
    assertThat(
            count(
                "SELECT count(*) FROM financial.trans WHERE k_symbol = 'DUCHOD'"
                    + " AND (operation <> 'PREVOD Z UCTU' OR type <> 'PRIJEM')"))
        .isZero();
    assertThat(count("SELECT count(*) FROM financial.trans WHERE k_symbol = 'DUCHOD'"))
        .isPositive();
  }

  @Test
  void penaltyInterestOnlyOnANegativeBalance() throws SQLException {
    assertThat(
            count(
                "SELECT count(*) FROM financial.trans WHERE k_symbol = 'SANKC. UROK'"
                    + " AND balance + amount >= 0"))
        .isZero();
    assertThat(count("SELECT count(*) FROM financial.trans WHERE k_symbol = 'SANKC. UROK'"))
        .isPositive();
  }
}
