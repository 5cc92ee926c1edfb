package io.assay.recon.eval;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.assay.datasets.testing.TestWarehouse;
import io.assay.pick.Aggregation;
import io.assay.pick.ColumnRef;
import io.assay.pick.Comparison;
import io.assay.pick.Direction;
import io.assay.pick.Filter;
import io.assay.pick.Having;
import io.assay.pick.Measure;
import io.assay.pick.Order;
import io.assay.pick.PeriodLabel;
import io.assay.pick.Pick;
import io.assay.pick.TimeFilter;
import io.assay.pick.TimeGrain;
import io.assay.pick.TopPer;
import io.assay.pick.Value;
import io.assay.recon.Recon;
import io.assay.recon.ReconLoader;
import java.sql.SQLException;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * The query shapes added to the Pick language (conditions on aggregates, related-row existence,
 * aggregates of per-group aggregates, day and week buckets), each as a hand-written Pick for a
 * question of our own, composed and run on both warehouses against hand-written gold SQL.
 */
class LanguageShapesGoldTest {

  @Nested
  class Financial {

    private static Recon recon;

    @BeforeAll
    static void load() {
      recon = ReconLoader.load(TestWarehouse.get().readerDataSource(), "financial");
    }

    /** "Which districts had over 80 accounts opened?" */
    @Test
    void havingOnAnOutputMeasure() throws SQLException {
      GoldPicks.same(
          recon,
          Pick.builder()
              .metric("account_count")
              .groupBy("district.district_id")
              .having(Having.on("account_count", Comparison.GT, Value.number(80)))
              .build(),
          """
          SELECT a.district_id, COUNT(*) FROM financial.account a
          GROUP BY a.district_id HAVING COUNT(*) > 80
          """);
    }

    /** "How many loans were there in each region where loans add up to over 15 million CZK?" */
    @Test
    void havingOnAMeasureNotShown() throws SQLException {
      GoldPicks.same(
          recon,
          Pick.builder()
              .metric("loan_count")
              .groupBy("district.a3")
              .having(
                  new Having(
                      null, Measure.metric("loan_amount"), Comparison.GE, Value.number(15_000_000)))
              .build(),
          """
          SELECT d.a3, COUNT(*) FROM financial.loan l
          JOIN financial.account a ON l.account_id = a.account_id
          JOIN financial.district d ON a.district_id = d.district_id
          GROUP BY d.a3 HAVING SUM(l.amount) >= 15000000
          """);
    }

    /** "Number of accounts that have never borrowed." */
    @Test
    void noRelatedRow() throws SQLException {
      GoldPicks.same(
          recon,
          Pick.builder().metric("account_count").filter(Filter.none("loan")).build(),
          """
          SELECT COUNT(*) FROM financial.account a
          WHERE NOT EXISTS (SELECT 1 FROM financial.loan l WHERE l.account_id = a.account_id)
          """);
    }

    /** "How many clients hold no gold card?" (through the dispositions). */
    @Test
    void noRelatedRowMatchingAFilter() throws SQLException {
      GoldPicks.same(
          recon,
          Pick.builder()
              .metric("client_count")
              .filter(Filter.none("card", Filter.eq("card.type", "gold")))
              .build(),
          """
          SELECT COUNT(*) FROM financial.client c WHERE NOT EXISTS (
            SELECT 1 FROM financial.disp d JOIN financial.card k ON k.disp_id = d.disp_id
            WHERE d.client_id = c.client_id AND k.type = 'gold')
          """);
    }

    /**
     * "How many clients hold an account in the Jesenik district?": the district is the account's,
     * reached through the related row, not the client's own; a loan's district is its account's.
     */
    @Test
    void anotherTableOfARelatedRowIsThatRowsOwn() throws SQLException {
      GoldPicks.same(
          recon,
          Pick.builder()
              .metric("client_count")
              .filter(
                  new Filter.Exists("account", List.of(Filter.eq("district.a2", "Jesenik")), false))
              .build(),
          """
          SELECT COUNT(*) FROM financial.client c WHERE EXISTS (
            SELECT 1 FROM financial.disp d JOIN financial.account a ON a.account_id = d.account_id
            JOIN financial.district t ON t.district_id = a.district_id
            WHERE d.client_id = c.client_id AND t.a2 = 'Jesenik')
          """);
      GoldPicks.same(
          recon,
          Pick.builder()
              .metric("client_count")
              .filter(
                  new Filter.Exists(
                      "loan", List.of(Filter.eq("district.a3", "north Bohemia")), false))
              .build(),
          """
          SELECT COUNT(*) FROM financial.client c WHERE EXISTS (
            SELECT 1 FROM financial.disp d JOIN financial.account a ON a.account_id = d.account_id
            JOIN financial.loan l ON l.account_id = a.account_id
            JOIN financial.district t ON t.district_id = a.district_id
            WHERE d.client_id = c.client_id AND t.a3 = 'north Bohemia')
          """);
    }

    /** "Per region, how many accounts pay an insurance premium by standing order?" */
    @Test
    void someRelatedRowPerGroup() throws SQLException {
      GoldPicks.same(
          recon,
          Pick.builder()
              .metric("account_count")
              .groupBy("district.a3")
              .filter(
                  new Filter.Exists(
                      "order", List.of(Filter.eq("order.k_symbol", "POJISTNE")), false))
              .build(),
          """
          SELECT d.a3, COUNT(*) FROM financial.account a
          JOIN financial.district d ON a.district_id = d.district_id
          WHERE EXISTS (SELECT 1 FROM financial."order" o
                        WHERE o.account_id = a.account_id AND o.k_symbol = 'POJISTNE')
          GROUP BY d.a3
          """);
    }

    /** "How many clients own more than one account?" (through the dispositions). */
    @Test
    void rowsWithMoreThanOneRelatedRow() throws SQLException {
      GoldPicks.same(
          recon,
          Pick.builder()
              .metric("client_count")
              .filter(
                  new Filter.RelatedCount(
                      "account", List.of(Filter.eq("disp.type", "OWNER")), Comparison.GT, 1))
              .build(),
          """
          SELECT COUNT(*) FROM financial.client c WHERE (
            SELECT COUNT(DISTINCT d.account_id) FROM financial.disp d
            WHERE d.client_id = c.client_id AND d.type = 'OWNER') > 1
          """);
    }

    /** "Accounts with at most one standing order, per region." */
    @Test
    void rowsWithFewRelatedRowsPerGroup() throws SQLException {
      GoldPicks.same(
          recon,
          Pick.builder()
              .metric("account_count")
              .groupBy("district.a3")
              .filter(new Filter.RelatedCount("order", List.of(), Comparison.LE, 1))
              .build(),
          """
          SELECT d.a3, COUNT(*) FROM financial.account a
          JOIN financial.district d ON a.district_id = d.district_id
          WHERE (SELECT COUNT(*) FROM financial."order" o WHERE o.account_id = a.account_id) <= 1
          GROUP BY d.a3
          """);
    }

    /** "Loans not in status A or B, and not in Prague, by status." */
    @Test
    void notInAndNotEqual() throws SQLException {
      GoldPicks.same(
          recon,
          Pick.builder()
              .metric("loan_count")
              .groupBy("loan.status")
              .filter(
                  new Filter.In(
                      ColumnRef.of("loan.status"), List.of(Value.text("A"), Value.text("B")), true),
                  Filter.compare("district.a3", Comparison.NE, Value.text("Prague")))
              .build(),
          """
          SELECT l.status, COUNT(*) FROM financial.loan l
          JOIN financial.account a ON l.account_id = a.account_id
          JOIN financial.district d ON a.district_id = d.district_id
          WHERE l.status NOT IN ('A', 'B') AND d.a3 <> 'Prague' GROUP BY l.status
          """);
    }

    /** "On average, how much has each borrowing account been lent, region by region?" */
    @Test
    void averageOfPerEntityTotalsPerGroup() throws SQLException {
      GoldPicks.same(
          recon,
          Pick.builder()
              .measure(
                  new Measure.OverGroups(
                      Aggregation.AVG,
                      Measure.metric("loan_amount"),
                      List.of(ColumnRef.of("account.account_id")),
                      "avg_lent"))
              .groupBy("district.a3")
              .orderBy(Order.measure("avg_lent", Direction.DESC))
              .build(),
          """
          SELECT a3, AVG(total) FROM (
            SELECT d.a3, l.account_id, SUM(l.amount) AS total FROM financial.loan l
            JOIN financial.account a ON l.account_id = a.account_id
            JOIN financial.district d ON a.district_id = d.district_id
            GROUP BY d.a3, l.account_id) g
          GROUP BY a3
          """);
    }

    /** "Most and average transactions of one account in 1997, and how many accounts had any." */
    @Test
    void severalFoldsOfOnePerEntityCount() throws SQLException {
      List<ColumnRef> perAccount = List.of(ColumnRef.of("account.account_id"));
      Measure count = Measure.metric("transaction_count");
      GoldPicks.same(
          recon,
          Pick.builder()
              .measure(
                  new Measure.OverGroups(Aggregation.MAX, count, perAccount, "most"),
                  new Measure.OverGroups(Aggregation.AVG, count, perAccount, "mean"),
                  new Measure.OverGroups(Aggregation.COUNT, count, perAccount, "accounts"))
              .time(TimeFilter.year(1997))
              .build(),
          """
          SELECT MAX(n), AVG(n), COUNT(n) FROM (
            SELECT t.account_id, COUNT(*) AS n FROM financial.trans t
            WHERE t.date >= '1997-01-01' AND t.date < '1998-01-01' GROUP BY t.account_id) g
          """);
    }

    /** "Clients per district, averaged over the districts of each region, above 60 only." */
    @Test
    void averagePerEntityWithHaving() throws SQLException {
      GoldPicks.same(
          recon,
          Pick.builder()
              .measure(
                  new Measure.OverGroups(
                      Aggregation.AVG,
                      Measure.metric("client_count"),
                      List.of(ColumnRef.of("district.district_id")),
                      "clients_per_district"))
              .groupBy("district.a3")
              .having(Having.on("clients_per_district", Comparison.GT, Value.number(60)))
              .build(),
          """
          SELECT a3, AVG(n) FROM (
            SELECT d.a3, c.district_id, COUNT(*) AS n FROM financial.client c
            JOIN financial.district d ON c.district_id = d.district_id
            GROUP BY d.a3, c.district_id) g
          GROUP BY a3 HAVING AVG(n) > 60
          """);
    }

    /** "Per region, what percentage of accounts has at least one standing order?" */
    @Test
    void shareOfEntitiesWithARelatedRow() throws SQLException {
      GoldPicks.same(
          recon,
          Pick.builder()
              .measure(
                  new Measure.Ratio(
                      new Measure.Metric("account_count", List.of(some("order")), null),
                      Measure.metric("account_count"),
                      true,
                      "pct_with_orders"))
              .groupBy("district.a3")
              .build(),
          """
          SELECT d.a3, COUNT(*) FILTER (WHERE EXISTS (
              SELECT 1 FROM financial."order" o WHERE o.account_id = a.account_id)) * 100.0
            / COUNT(*)
          FROM financial.account a JOIN financial.district d ON a.district_id = d.district_id
          GROUP BY d.a3
          """);
    }

    /** "Name the districts where 15 or more loans were granted." (the names alone) */
    @Test
    void listingOfGroupsMeetingACondition() throws SQLException {
      GoldPicks.same(
          recon,
          Pick.builder()
              .selectColumns("district.a2")
              .having(
                  new Having(null, Measure.metric("loan_count"), Comparison.GE, Value.number(15)))
              .build(),
          """
          SELECT d.a2 FROM financial.loan l
          JOIN financial.account a ON l.account_id = a.account_id
          JOIN financial.district d ON a.district_id = d.district_id
          GROUP BY d.a2 HAVING COUNT(*) >= 15
          """);
    }

    /** "Loans granted in each quarter of 1996, by quarter number." */
    @Test
    void periodsLabelledByTheirNumber() throws SQLException {
      GoldPicks.same(
          recon,
          Pick.builder()
              .metric("loan_count")
              .grain(TimeGrain.QUARTER)
              .periodAs(PeriodLabel.NUMBER)
              .time(TimeFilter.year(1996))
              .build(),
          """
          SELECT EXTRACT(QUARTER FROM date), COUNT(*) FROM financial.loan
          WHERE date >= '1996-01-01' AND date < '1997-01-01' GROUP BY 1
          """);
      GoldPicks.same(
          recon,
          Pick.builder()
              .metric("loan_amount")
              .grain(TimeGrain.YEAR)
              .periodAs(PeriodLabel.NUMBER)
              .build(),
          "SELECT EXTRACT(YEAR FROM date), SUM(amount) FROM financial.loan GROUP BY 1");
    }

    /** "In each region, which district lent the most?" */
    @Test
    void topOnePerGroup() throws SQLException {
      GoldPicks.same(
          recon,
          Pick.builder()
              .metric("loan_amount")
              .groupBy("district.a3", "district.a2")
              .orderBy(Order.measure("loan_amount", Direction.DESC))
              .limitPer(new TopPer(1, List.of(ColumnRef.of("district.a3")), false))
              .build(),
          """
          SELECT a3, a2, s FROM (
            SELECT d.a3, d.a2, SUM(l.amount) AS s,
                   row_number() OVER (PARTITION BY d.a3 ORDER BY SUM(l.amount) DESC) AS n
            FROM financial.loan l JOIN financial.account a ON l.account_id = a.account_id
            JOIN financial.district d ON a.district_id = d.district_id
            GROUP BY d.a3, d.a2) x
          WHERE n = 1
          """);
    }

    /** "Weekly card withdrawals in the first quarter of 1997." */
    @Test
    void weeklyBuckets() throws SQLException {
      GoldPicks.same(
          recon,
          Pick.builder()
              .metric("card_withdrawal_count")
              .grain(TimeGrain.WEEK)
              .time(new TimeFilter.Quarter(1997, 1))
              .build(),
          """
          SELECT date_trunc('week', t.date)::date, COUNT(*) FROM financial.trans t
          WHERE t.operation = 'VYBER KARTOU' AND t.date >= '1997-01-01' AND t.date < '1997-04-01'
          GROUP BY 1
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

    /** "Who has rented from us more than 35 times?" */
    @Test
    void havingPerCustomer() throws SQLException {
      GoldPicks.same(
          recon,
          Pick.builder()
              .metric("rental_count")
              .groupBy("customer.customer_id", "customer.last_name")
              .having(Having.on("rental_count", Comparison.GT, Value.number(35)))
              .build(),
          """
          SELECT c.customer_id, c.last_name, COUNT(*) FROM pagila.rental r
          JOIN pagila.customer c ON r.customer_id = c.customer_id
          GROUP BY c.customer_id, c.last_name HAVING COUNT(*) > 35
          """);
    }

    /** "Which films in the catalogue has nobody ever rented?" */
    @Test
    void filmsWithoutRentals() throws SQLException {
      GoldPicks.same(
          recon,
          Pick.builder().selectColumns("film.title").filter(Filter.none("rental")).build(),
          """
          SELECT f.title FROM pagila.film f WHERE NOT EXISTS (
            SELECT 1 FROM pagila.inventory i JOIN pagila.rental r ON r.inventory_id = i.inventory_id
            WHERE i.film_id = f.film_id)
          """);
    }

    /** "How many customers have never rented a comedy?" */
    @Test
    void customersWithoutARentalOfACategory() throws SQLException {
      GoldPicks.same(
          recon,
          Pick.builder()
              .metric("customer_count")
              .filter(Filter.none("rental", Filter.eq("category.name", "Comedy")))
              .build(),
          """
          SELECT COUNT(*) FROM pagila.customer cu WHERE NOT EXISTS (
            SELECT 1 FROM pagila.rental r JOIN pagila.inventory i ON r.inventory_id = i.inventory_id
            JOIN pagila.film_category fc ON i.film_id = fc.film_id
            JOIN pagila.category c ON fc.category_id = c.category_id
            WHERE c.name = 'Comedy' AND r.customer_id = cu.customer_id)
          """);
    }

    /** "What share of the catalogue has been rented at least once?" */
    @Test
    void shareOfFilmsEverRented() throws SQLException {
      GoldPicks.same(
          recon,
          Pick.builder()
              .measure(
                  new Measure.Ratio(
                      new Measure.Metric("film_count", List.of(some("rental")), null),
                      Measure.metric("film_count"),
                      true,
                      null))
              .build(),
          """
          SELECT COUNT(*) FILTER (WHERE EXISTS (
              SELECT 1 FROM pagila.inventory i JOIN pagila.rental r ON r.inventory_id = i.inventory_id
              WHERE i.film_id = f.film_id)) * 100.0 / COUNT(*) FROM pagila.film f
          """);
    }

    /** "In which countries do 15 or more of our customers live?" */
    @Test
    void countriesWithManyCustomers() throws SQLException {
      GoldPicks.same(
          recon,
          Pick.builder()
              .selectColumns("country.country")
              .having(
                  new Having(
                      null, Measure.metric("customer_count"), Comparison.GE, Value.number(15)))
              .build(),
          """
          SELECT co.country FROM pagila.customer cu
          JOIN pagila.address a ON cu.address_id = a.address_id
          JOIN pagila.city ci ON a.city_id = ci.city_id
          JOIN pagila.country co ON ci.country_id = co.country_id
          GROUP BY co.country HAVING COUNT(*) >= 15
          """);
    }

    /** "What does a paying customer spend with us in total, on average?" */
    @Test
    void averageTotalPerCustomer() throws SQLException {
      GoldPicks.same(
          recon,
          Pick.builder()
              .measure(
                  new Measure.OverGroups(
                      Aggregation.AVG,
                      Measure.metric("revenue"),
                      List.of(ColumnRef.of("customer.customer_id")),
                      null))
              .build(),
          """
          SELECT AVG(s) FROM (
            SELECT p.customer_id, SUM(p.amount) AS s FROM pagila.payment p GROUP BY p.customer_id) g
          """);
    }

    /** "Rentals per month of 2022, months as numbers." */
    @Test
    void monthNumbersOfATimestamp() throws SQLException {
      GoldPicks.same(
          recon,
          Pick.builder()
              .metric("rental_count")
              .grain(TimeGrain.MONTH)
              .periodAs(PeriodLabel.NUMBER)
              .time(TimeFilter.year(2022))
              .build(),
          """
          SELECT EXTRACT(MONTH FROM rental_date), COUNT(*) FROM pagila.rental
          WHERE rental_date >= '2022-01-01' AND rental_date < '2023-01-01' GROUP BY 1
          """);
    }

    /** "The two top-earning film categories of each store." */
    @Test
    void topTwoPerStore() throws SQLException {
      GoldPicks.same(
          recon,
          Pick.builder()
              .metric("revenue")
              .groupBy("store.store_id", "category.name")
              .orderBy(Order.measure("revenue", Direction.DESC))
              .limitPer(new TopPer(2, List.of(ColumnRef.of("store.store_id")), false))
              .build(),
          """
          SELECT store_id, name, s FROM (
            SELECT i.store_id, c.name, SUM(p.amount) AS s,
                   row_number() OVER (PARTITION BY i.store_id ORDER BY SUM(p.amount) DESC) AS n
            FROM pagila.payment p JOIN pagila.rental r ON p.rental_id = r.rental_id
            JOIN pagila.inventory i ON r.inventory_id = i.inventory_id
            JOIN pagila.film_category fc ON i.film_id = fc.film_id
            JOIN pagila.category c ON fc.category_id = c.category_id
            GROUP BY i.store_id, c.name) x
          WHERE n <= 2
          """);
    }

    /** "Which category earned most in each month of 2022?" */
    @Test
    void topOnePerMonth() throws SQLException {
      GoldPicks.same(
          recon,
          Pick.builder()
              .metric("revenue")
              .groupBy("category.name")
              .grain(TimeGrain.MONTH)
              .time(TimeFilter.year(2022))
              .orderBy(Order.measure("revenue", Direction.DESC))
              .limitPer(new TopPer(1, List.of(), true))
              .build(),
          """
          SELECT m, name, s FROM (
            SELECT date_trunc('month', p.payment_date)::date AS m, c.name, SUM(p.amount) AS s,
                   row_number() OVER (PARTITION BY date_trunc('month', p.payment_date)::date
                                      ORDER BY SUM(p.amount) DESC) AS n
            FROM pagila.payment p JOIN pagila.rental r ON p.rental_id = r.rental_id
            JOIN pagila.inventory i ON r.inventory_id = i.inventory_id
            JOIN pagila.film_category fc ON i.film_id = fc.film_id
            JOIN pagila.category c ON fc.category_id = c.category_id
            WHERE p.payment_date >= '2022-01-01' AND p.payment_date < '2023-01-01'
            GROUP BY 1, c.name) x
          WHERE n = 1
          """);
    }

    /** "Rentals from 1 to 31 July 2022, and on 31 July alone." (dates on a timestamp column) */
    @Test
    void datesOnATimestampAreWholeDays() throws SQLException {
      GoldPicks.same(
          recon,
          Pick.builder()
              .metric("rental_count")
              .filter(
                  Filter.between(
                      "rental.rental_date", Value.date("2022-07-01"), Value.date("2022-07-31")))
              .build(),
          """
          SELECT COUNT(*) FROM pagila.rental
          WHERE rental_date >= '2022-07-01' AND rental_date < '2022-08-01'
          """);
      GoldPicks.same(
          recon,
          Pick.builder()
              .metric("rental_count")
              .filter(Filter.compare("rental.rental_date", Comparison.EQ, Value.date("2022-07-31")))
              .build(),
          """
          SELECT COUNT(*) FROM pagila.rental
          WHERE rental_date >= '2022-07-31' AND rental_date < '2022-08-01'
          """);
      GoldPicks.same(
          recon,
          Pick.builder()
              .metric("rental_count")
              .filter(Filter.compare("rental.rental_date", Comparison.GT, Value.date("2022-07-30")))
              .build(),
          "SELECT COUNT(*) FROM pagila.rental WHERE rental_date >= '2022-07-31'");
    }

    /** "Weekly and daily revenue in May 2022." */
    @Test
    void weeklyAndDailyBucketsOfATimestamp() throws SQLException {
      GoldPicks.same(
          recon,
          Pick.builder()
              .metric("revenue")
              .grain(TimeGrain.WEEK)
              .time(new TimeFilter.Month(2022, 5))
              .build(),
          """
          SELECT date_trunc('week', payment_date)::date, SUM(amount) FROM pagila.payment
          WHERE payment_date >= '2022-05-01' AND payment_date < '2022-06-01' GROUP BY 1
          """);
      GoldPicks.same(
          recon,
          Pick.builder()
              .metric("rental_count")
              .grain(TimeGrain.DAY)
              .time(TimeFilter.range(LocalDate.of(2022, 5, 24), LocalDate.of(2022, 6, 2)))
              .build(),
          """
          SELECT date_trunc('day', rental_date)::date, COUNT(*) FROM pagila.rental
          WHERE rental_date >= '2022-05-24' AND rental_date < '2022-06-03' GROUP BY 1
          """);
    }
  }

  private static Filter some(String table) {
    return new Filter.Exists(table, List.of(), false);
  }
}
