package io.assay.recon.eval;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.assay.datasets.testing.TestWarehouse;
import io.assay.pick.Aggregation;
import io.assay.pick.ColumnRef;
import io.assay.pick.Comparison;
import io.assay.pick.Direction;
import io.assay.pick.Having;
import io.assay.pick.Measure;
import io.assay.pick.Order;
import io.assay.pick.Pick;
import io.assay.pick.TimeFilter;
import io.assay.pick.TopPer;
import io.assay.pick.Value;
import io.assay.recon.Recon;
import io.assay.recon.ReconLoader;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * Sorting by a measure that is not output, ranking within the groups of a listing, and aggregates
 * of per-entity totals, each as a hand-written Pick for a question of our own, composed and run on
 * both warehouses against hand-written gold SQL. Where the order is part of the answer (a limit
 * cuts it), the rows are compared in order.
 */
class RankingShapesGoldTest {

  @Nested
  class Financial {

    private static Recon recon;

    @BeforeAll
    static void load() {
      recon = ReconLoader.load(TestWarehouse.get().readerDataSource(), "financial");
    }

    /** "Name the three districts where the most loans were granted." (the names alone) */
    @Test
    void listingOrderedByAMeasureItDoesNotShow() throws SQLException {
      GoldPicks.sameInOrder(
          recon,
          Pick.builder()
              .selectColumns("district.a2")
              .orderBy(Order.measureOf(Measure.metric("loan_count"), Direction.DESC))
              .limit(3)
              .build(),
          """
          SELECT d.a2 FROM financial.loan l
          JOIN financial.account a ON l.account_id = a.account_id
          JOIN financial.district d ON a.district_id = d.district_id
          GROUP BY d.a2 ORDER BY COUNT(*) DESC LIMIT 3
          """);
    }

    /** "Which region has the fewest account holders living there?" */
    @Test
    void theOneGroupWithTheFewest() throws SQLException {
      GoldPicks.sameInOrder(
          recon,
          Pick.builder()
              .selectColumns("district.a3")
              .orderBy(Order.measureOf(Measure.metric("client_count"), Direction.ASC))
              .limit(1)
              .build(),
          """
          SELECT d.a3 FROM financial.client c
          JOIN financial.district d ON c.district_id = d.district_id
          GROUP BY d.a3 ORDER BY COUNT(*) ASC LIMIT 1
          """);
    }

    /** "Total lent in the four regions that granted the most loans." */
    @Test
    void aggregateSortedByAnotherMeasure() throws SQLException {
      GoldPicks.sameInOrder(
          recon,
          Pick.builder()
              .metric("loan_amount")
              .groupBy("district.a3")
              .orderBy(Order.measureOf(Measure.metric("loan_count"), Direction.DESC))
              .limit(4)
              .build(),
          """
          SELECT d.a3, SUM(l.amount) FROM financial.loan l
          JOIN financial.account a ON l.account_id = a.account_id
          JOIN financial.district d ON a.district_id = d.district_id
          GROUP BY d.a3 ORDER BY COUNT(*) DESC LIMIT 4
          """);
    }

    /** "Of the districts with at least 10 loans, the five that lent the most in total." */
    @Test
    void groupsMeetingAConditionRankedByAnother() throws SQLException {
      GoldPicks.sameInOrder(
          recon,
          Pick.builder()
              .selectColumns("district.a2")
              .having(
                  new Having(null, Measure.metric("loan_count"), Comparison.GE, Value.number(10)))
              .orderBy(Order.measureOf(Measure.metric("loan_amount"), Direction.DESC))
              .limit(5)
              .build(),
          """
          SELECT d.a2 FROM financial.loan l
          JOIN financial.account a ON l.account_id = a.account_id
          JOIN financial.district d ON a.district_id = d.district_id
          GROUP BY d.a2 HAVING COUNT(*) >= 10 ORDER BY SUM(l.amount) DESC LIMIT 5
          """);
    }

    /** "List the two largest loans of every region, with the region." */
    @Test
    void topRowsOfEachGroupOfAListing() throws SQLException {
      GoldPicks.same(
          recon,
          Pick.builder()
              .selectColumns("district.a3", "loan.loan_id", "loan.amount")
              .orderBy(Order.column("loan.amount", Direction.DESC))
              .limitPer(new TopPer(2, List.of(ColumnRef.of("district.a3")), false))
              .build(),
          """
          SELECT a3, loan_id, amount FROM (
            SELECT d.a3, l.loan_id, l.amount,
                   row_number() OVER (PARTITION BY d.a3 ORDER BY l.amount DESC, l.loan_id) AS n
            FROM financial.loan l JOIN financial.account a ON l.account_id = a.account_id
            JOIN financial.district d ON a.district_id = d.district_id) x
          WHERE n <= 2
          """);
    }

    /** "The newest account of each statement frequency: its number and opening date." */
    @Test
    void topRowOfEachGroupOfAColumnNotShown() throws SQLException {
      GoldPicks.same(
          recon,
          Pick.builder()
              .selectColumns("account.account_id", "account.date")
              .orderBy(Order.column("account.date", Direction.DESC))
              .limitPer(new TopPer(1, List.of(ColumnRef.of("account.frequency")), false))
              .build(),
          """
          SELECT account_id, date FROM (
            SELECT account_id, date, row_number() OVER (
              PARTITION BY frequency ORDER BY date DESC, account_id) AS n
            FROM financial.account) x
          WHERE n = 1
          """);
    }

    /** "In each region, the district where the most accounts were opened in 1996." */
    @Test
    void topGroupOfEachGroupByAMeasureNotShown() throws SQLException {
      GoldPicks.same(
          recon,
          Pick.builder()
              .selectColumns("district.a3", "district.a2")
              .time(TimeFilter.year(1996))
              .timeColumn("account.date")
              .orderBy(Order.measureOf(Measure.metric("account_count"), Direction.DESC))
              .limitPer(new TopPer(1, List.of(ColumnRef.of("district.a3")), false))
              .build(),
          """
          SELECT a3, a2 FROM (
            SELECT d.a3, d.a2, row_number() OVER (
              PARTITION BY d.a3 ORDER BY COUNT(*) DESC, d.a3, d.a2) AS n
            FROM financial.account a JOIN financial.district d ON a.district_id = d.district_id
            WHERE a.date >= '1996-01-01' AND a.date < '1997-01-01'
            GROUP BY d.a3, d.a2) x
          WHERE n = 1
          """);
    }

    /** "For each region, the two districts with the most loans, and how much they lent." */
    @Test
    void topGroupsPerGroupSortedByAMeasureNotShown() throws SQLException {
      GoldPicks.same(
          recon,
          Pick.builder()
              .metric("loan_amount")
              .groupBy("district.a3", "district.a2")
              .orderBy(Order.measureOf(Measure.metric("loan_count"), Direction.DESC))
              .limitPer(new TopPer(2, List.of(ColumnRef.of("district.a3")), false))
              .build(),
          """
          SELECT a3, a2, s FROM (
            SELECT d.a3, d.a2, SUM(l.amount) AS s, row_number() OVER (
              PARTITION BY d.a3 ORDER BY COUNT(*) DESC, d.a2) AS n
            FROM financial.loan l JOIN financial.account a ON l.account_id = a.account_id
            JOIN financial.district d ON a.district_id = d.district_id
            GROUP BY d.a3, d.a2) x
          WHERE n <= 2
          """);
    }

    /** "The largest amount any one account was lent, in each region." */
    @Test
    void maximumOfPerEntityTotals() throws SQLException {
      GoldPicks.same(
          recon,
          Pick.builder()
              .measure(
                  new Measure.OverGroups(
                      Aggregation.MAX,
                      Measure.metric("loan_amount"),
                      List.of(ColumnRef.of("account.account_id")),
                      "most_lent"))
              .groupBy("district.a3")
              .build(),
          """
          SELECT a3, MAX(total) FROM (
            SELECT d.a3, l.account_id, SUM(l.amount) AS total FROM financial.loan l
            JOIN financial.account a ON l.account_id = a.account_id
            JOIN financial.district d ON a.district_id = d.district_id
            GROUP BY d.a3, l.account_id) g
          GROUP BY a3
          """);
    }

    /** "How much did an account withdraw by card in 1997 on average, over accounts that did?" */
    @Test
    void averageOfPerEntitySumsInAYear() throws SQLException {
      GoldPicks.same(
          recon,
          Pick.builder()
              .measure(
                  new Measure.OverGroups(
                      Aggregation.AVG,
                      Measure.metric("card_withdrawal_amount"),
                      List.of(ColumnRef.of("account.account_id")),
                      null))
              .time(TimeFilter.year(1997))
              .build(),
          """
          SELECT AVG(s) FROM (
            SELECT t.account_id, SUM(t.amount) AS s FROM financial.trans t
            WHERE t.operation = 'VYBER KARTOU' AND t.date >= '1997-01-01' AND t.date < '1998-01-01'
            GROUP BY t.account_id) g
          """);
    }
  }

  @Nested
  class Pagila {

    private static Recon recon;

    @BeforeAll
    static void load() {
      TestWarehouse w = TestWarehouse.get();
      assumeTrue(w.ensureDataset("pagila"), "../shared/datasets/pagila is not on this machine");
      recon = ReconLoader.load(w.readerDataSource(), "pagila");
    }

    /** "Our five best-paying customers, by name." */
    @Test
    void customersByATotalTheyAreNotShownWith() throws SQLException {
      GoldPicks.sameInOrder(
          recon,
          Pick.builder()
              .selectColumns("customer.customer_id", "customer.first_name", "customer.last_name")
              .orderBy(Order.measureOf(Measure.metric("revenue"), Direction.DESC))
              .limit(5)
              .build(),
          """
          SELECT c.customer_id, c.first_name, c.last_name FROM pagila.payment p
          JOIN pagila.customer c ON p.customer_id = c.customer_id
          GROUP BY c.customer_id, c.first_name, c.last_name ORDER BY SUM(p.amount) DESC LIMIT 5
          """);
    }

    /** "Which two genres have the most titles?" (the two tie, so their order is not compared) */
    @Test
    void theCategoryWithTheMostFilms() throws SQLException {
      GoldPicks.same(
          recon,
          Pick.builder()
              .selectColumns("category.name")
              .orderBy(Order.measureOf(Measure.metric("film_count"), Direction.DESC))
              .limit(2)
              .build(),
          """
          SELECT c.name FROM pagila.film_category fc
          JOIN pagila.category c ON fc.category_id = c.category_id
          GROUP BY c.name ORDER BY COUNT(*) DESC LIMIT 2
          """);
    }

    /** "The three genres rented most in July 2022, with how many different people rented them." */
    @Test
    void distinctRentersOfTheMostRentedGenres() throws SQLException {
      GoldPicks.sameInOrder(
          recon,
          Pick.builder()
              .metric("renting_customer_count")
              .groupBy("category.name")
              .time(new TimeFilter.Month(2022, 7))
              .orderBy(Order.measureOf(Measure.metric("rental_count"), Direction.DESC))
              .limit(3)
              .build(),
          """
          SELECT c.name, COUNT(DISTINCT r.customer_id) FROM pagila.rental r
          JOIN pagila.inventory i ON r.inventory_id = i.inventory_id
          JOIN pagila.film_category fc ON i.film_id = fc.film_id
          JOIN pagila.category c ON fc.category_id = c.category_id
          WHERE r.rental_date >= '2022-07-01' AND r.rental_date < '2022-08-01'
          GROUP BY c.name ORDER BY COUNT(*) DESC LIMIT 3
          """);
    }

    /** "The two biggest payments each staff member took." */
    @Test
    void topPaymentsOfEachStaffMember() throws SQLException {
      GoldPicks.same(
          recon,
          Pick.builder()
              .selectColumns("payment.payment_id", "payment.amount", "staff.staff_id")
              .orderBy(Order.column("payment.amount", Direction.DESC))
              .limitPer(new TopPer(2, List.of(ColumnRef.of("staff.staff_id")), false))
              .build(),
          """
          SELECT payment_id, amount, staff_id FROM (
            SELECT p.payment_id, p.amount, p.staff_id, row_number() OVER (
              PARTITION BY p.staff_id ORDER BY p.amount DESC, p.payment_id) AS n
            FROM pagila.payment p) x
          WHERE n <= 2
          """);
    }

    /** "Each store's three longest films in stock." (a film once per store) */
    @Test
    void longestDistinctFilmsOfEachStore() throws SQLException {
      GoldPicks.same(
          recon,
          Pick.builder()
              .selectColumns("inventory.store_id", "film.title", "film.length")
              .distinct(true)
              .orderBy(Order.column("film.length", Direction.DESC))
              .limitPer(new TopPer(3, List.of(ColumnRef.of("inventory.store_id")), false))
              .build(),
          """
          SELECT store_id, title, length FROM (
            SELECT i.store_id, f.title, f.length, row_number() OVER (
              PARTITION BY i.store_id ORDER BY f.length DESC, f.title) AS n
            FROM pagila.inventory i JOIN pagila.film f ON i.film_id = f.film_id
            GROUP BY i.store_id, f.title, f.length) x
          WHERE n <= 3
          """);
    }

    /** "What does a customer of each store spend in total, on average?" */
    @Test
    void averageTotalPerCustomerOfEachStore() throws SQLException {
      GoldPicks.same(
          recon,
          Pick.builder()
              .measure(
                  new Measure.OverGroups(
                      Aggregation.AVG,
                      Measure.metric("revenue"),
                      List.of(ColumnRef.of("customer.customer_id")),
                      "avg_spend"))
              .groupBy("store.store_id")
              .build(),
          """
          SELECT store_id, AVG(s) FROM (
            SELECT i.store_id, p.customer_id, SUM(p.amount) AS s FROM pagila.payment p
            JOIN pagila.rental r ON p.rental_id = r.rental_id
            JOIN pagila.inventory i ON r.inventory_id = i.inventory_id
            GROUP BY i.store_id, p.customer_id) g
          GROUP BY store_id
          """);
    }
  }
}
