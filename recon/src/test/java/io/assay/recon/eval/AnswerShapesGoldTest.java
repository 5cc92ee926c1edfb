package io.assay.recon.eval;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.assay.datasets.testing.TestWarehouse;
import io.assay.pick.Aggregation;
import io.assay.pick.ColumnRef;
import io.assay.pick.Comparison;
import io.assay.pick.Direction;
import io.assay.pick.Filter;
import io.assay.pick.Measure;
import io.assay.pick.Order;
import io.assay.pick.Pick;
import io.assay.pick.TimeFilter;
import io.assay.pick.TimeGrain;
import io.assay.pick.Unit;
import io.assay.pick.Value;
import io.assay.recon.Recon;
import io.assay.recon.ReconLoader;
import java.math.BigDecimal;
import java.sql.SQLException;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

/**
 * Distinct counts, several measures in one answer, counts over a link table, quantities in another
 * unit than the column's and week windows, each as a hand-written Pick for a question of our own,
 * composed and run on both warehouses against hand-written gold SQL.
 */
class AnswerShapesGoldTest {

  private static Measure countDistinct(String column) {
    return new Measure.Aggregate(Aggregation.COUNT_DISTINCT, ColumnRef.of(column), List.of(), null);
  }

  private static Filter in(String column, TimeFilter.Month m) {
    LocalDate from = LocalDate.of(m.year(), m.month(), 1);
    return Filter.between(column, Value.date(from), Value.date(from.plusMonths(1).minusDays(1)));
  }

  @Nested
  class Financial {

    private static Recon recon;

    @BeforeAll
    static void load() {
      recon = ReconLoader.load(TestWarehouse.get().readerDataSource(), "financial");
    }

    /** "For every card type: how many cards, and when was the first one issued?" */
    @Test
    void aCountAndAnEarliestDatePerGroup() throws SQLException {
      GoldPicks.same(
          recon,
          Pick.builder()
              .measure(
                  Measure.metric("card_count"),
                  new Measure.Aggregate(
                      Aggregation.MIN, ColumnRef.of("card.issued"), List.of(), null))
              .groupBy("card.type")
              .build(),
          "SELECT type, COUNT(*), MIN(issued) FROM financial.card GROUP BY type");
    }

    /** "How many junior and how many gold cards were issued in 1997?" (two counts, one row) */
    @Test
    void twoConditionalCountsSideBySide() throws SQLException {
      GoldPicks.same(
          recon,
          Pick.builder()
              .measure(
                  new Measure.Metric(
                      "card_count", List.of(Filter.eq("card.type", "junior")), "junior"),
                  new Measure.Metric("card_count", List.of(Filter.eq("card.type", "gold")), "gold"))
              .time(TimeFilter.year(1997))
              .timeColumn("card.issued")
              .build(),
          """
          SELECT COUNT(*) FILTER (WHERE type = 'junior'), COUNT(*) FILTER (WHERE type = 'gold')
          FROM financial.card WHERE issued >= '1997-01-01' AND issued < '1998-01-01'
          """);
    }

    /** "In how many different districts did clients take out loans in 1996?" */
    @Test
    void distinctDistrictsOfTheLoans() throws SQLException {
      GoldPicks.same(
          recon,
          Pick.builder()
              .measure(countDistinct("account.district_id"))
              .filter(
                  Filter.between("loan.date", Value.date("1996-01-01"), Value.date("1996-12-31")))
              .build(),
          """
          SELECT COUNT(DISTINCT a.district_id) FROM financial.loan l
          JOIN financial.account a ON l.account_id = a.account_id
          WHERE l.date >= '1996-01-01' AND l.date < '1997-01-01'
          """);
    }

    /** "Loans per borrowing account, on average, in each region." (count over distinct count) */
    @Test
    void loansPerDistinctAccountPerRegion() throws SQLException {
      GoldPicks.same(
          recon,
          Pick.builder()
              .measure(
                  new Measure.Ratio(
                      Measure.metric("loan_count"), countDistinct("loan.account_id"), false, null))
              .groupBy("district.a3")
              .build(),
          """
          SELECT d.a3, COUNT(*) * 1.0 / COUNT(DISTINCT l.account_id) FROM financial.loan l
          JOIN financial.account a ON l.account_id = a.account_id
          JOIN financial.district d ON a.district_id = d.district_id GROUP BY d.a3
          """);
    }

    /**
     * "Withdrawn in the first half of 1998 against the first half of 1997: the difference and the
     * change in percent."
     */
    @Test
    void differenceAndGrowthBetweenTwoPeriods() throws SQLException {
      TimeFilter h1997 =
          TimeFilter.range(LocalDate.parse("1997-01-01"), LocalDate.parse("1997-06-30"));
      TimeFilter h1998 =
          TimeFilter.range(LocalDate.parse("1998-01-01"), LocalDate.parse("1998-06-30"));
      GoldPicks.same(
          recon,
          Pick.builder()
              .measure(
                  new Measure.Difference(
                      new Measure.Metric(
                          "withdrawal_amount",
                          List.of(
                              Filter.between(
                                  "trans.date",
                                  Value.date("1998-01-01"),
                                  Value.date("1998-06-30"))),
                          null),
                      new Measure.Metric(
                          "withdrawal_amount",
                          List.of(
                              Filter.between(
                                  "trans.date",
                                  Value.date("1997-01-01"),
                                  Value.date("1997-06-30"))),
                          null),
                      "difference"),
                  new Measure.Growth(
                      Measure.metric("withdrawal_amount"), h1997, h1998, "change_pct"))
              .build(),
          """
          SELECT SUM(amount) FILTER (WHERE date >= '1998-01-01' AND date < '1998-07-01')
               - SUM(amount) FILTER (WHERE date >= '1997-01-01' AND date < '1997-07-01'),
                 (SUM(amount) FILTER (WHERE date >= '1998-01-01' AND date < '1998-07-01')
               - SUM(amount) FILTER (WHERE date >= '1997-01-01' AND date < '1997-07-01')) * 100.0
               / SUM(amount) FILTER (WHERE date >= '1997-01-01' AND date < '1997-07-01')
          FROM financial.trans WHERE type = 'VYDAJ'
          """);
    }

    /** "How many loans run for more than three years?" (loan terms are kept in months) */
    @Test
    void aTermInYearsAgainstMonths() throws SQLException {
      GoldPicks.same(
          recon,
          Pick.builder()
              .metric("loan_count")
              .filter(Filter.compare("loan.duration", Comparison.GT, Value.quantity(3, Unit.YEARS)))
              .build(),
          "SELECT COUNT(*) FROM financial.loan WHERE duration > 36");
    }

    /** "Card withdrawals day by day in the week from 3 March 1997." */
    @Test
    void daysOfOneWeek() throws SQLException {
      GoldPicks.same(
          recon,
          Pick.builder()
              .metric("card_withdrawal_amount")
              .time(new TimeFilter.Week(LocalDate.parse("1997-03-03")))
              .grain(TimeGrain.DAY)
              .build(),
          """
          SELECT date, SUM(amount) FROM financial.trans WHERE operation = 'VYBER KARTOU'
          AND date >= '1997-03-03' AND date < '1997-03-10' GROUP BY date
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

    /** "Week by week in May 2022, how many different customers rented something?" */
    @Test
    void distinctRentersPerWeek() throws SQLException {
      GoldPicks.same(
          recon,
          Pick.builder()
              .measure(countDistinct("rental.customer_id"))
              .timeColumn("rental.rental_date")
              .time(new TimeFilter.Month(2022, 5))
              .grain(TimeGrain.WEEK)
              .build(),
          """
          SELECT date_trunc('week', rental_date)::date, COUNT(DISTINCT customer_id) FROM pagila.rental
          WHERE rental_date >= '2022-05-01' AND rental_date < '2022-06-01' GROUP BY 1
          """);
    }

    /** "How many different titles has each store rented out?" */
    @Test
    void distinctFilmsRentedPerStore() throws SQLException {
      GoldPicks.same(
          recon,
          Pick.builder()
              .measure(countDistinct("inventory.film_id"))
              .groupBy("inventory.store_id")
              .build(),
          """
          SELECT i.store_id, COUNT(DISTINCT i.film_id) FROM pagila.rental r
          JOIN pagila.inventory i ON r.inventory_id = i.inventory_id GROUP BY i.store_id
          """);
    }

    /** "Average spend per paying customer in April 2022." (a sum over a distinct count) */
    @Test
    void spendPerDistinctPayer() throws SQLException {
      GoldPicks.same(
          recon,
          Pick.builder()
              .measure(
                  new Measure.Ratio(
                      Measure.metric("revenue"), countDistinct("payment.customer_id"), false, null))
              .time(new TimeFilter.Month(2022, 4))
              .build(),
          """
          SELECT SUM(amount) / COUNT(DISTINCT customer_id) FROM pagila.payment
          WHERE payment_date >= '2022-04-01' AND payment_date < '2022-05-01'
          """);
    }

    /** "The ten actors who played in the most films, with how many." (a link table's rows) */
    @Test
    void rowsOfALinkTablePerActor() throws SQLException {
      GoldPicks.sameInOrder(
          recon,
          Pick.builder()
              .measure(
                  new Measure.Aggregate(
                      Aggregation.COUNT, ColumnRef.of("film_actor.film_id"), List.of(), "films"))
              .groupBy("actor.actor_id", "actor.first_name", "actor.last_name")
              .orderBy(
                  Order.measure("films", Direction.DESC),
                  Order.column("actor.actor_id", Direction.ASC))
              .limit(10)
              .build(),
          """
          SELECT a.actor_id, a.first_name, a.last_name, COUNT(*) FROM pagila.film_actor fa
          JOIN pagila.actor a ON fa.actor_id = a.actor_id
          GROUP BY a.actor_id, a.first_name, a.last_name ORDER BY COUNT(*) DESC, a.actor_id LIMIT 10
          """);
    }

    /**
     * "Rentals and takings per store in June 2022." (two tables' measures would refuse; these are
     * one)
     */
    @Test
    void rentalCountAndDistinctCustomersPerStore() throws SQLException {
      GoldPicks.same(
          recon,
          Pick.builder()
              .measure(Measure.metric("rental_count"), countDistinct("rental.customer_id"))
              .groupBy("inventory.store_id")
              .time(new TimeFilter.Month(2022, 6))
              .build(),
          """
          SELECT i.store_id, COUNT(*), COUNT(DISTINCT r.customer_id) FROM pagila.rental r
          JOIN pagila.inventory i ON r.inventory_id = i.inventory_id
          WHERE r.rental_date >= '2022-06-01' AND r.rental_date < '2022-07-01' GROUP BY i.store_id
          """);
    }

    /** "How many films last less than an hour and a half?" (running times are in minutes) */
    @Test
    void aDurationInHoursAgainstMinutes() throws SQLException {
      GoldPicks.same(
          recon,
          Pick.builder()
              .metric("film_count")
              .filter(
                  Filter.compare(
                      "film.length",
                      Comparison.LT,
                      new Value.Quantity(new BigDecimal("1.5"), Unit.HOURS)))
              .build(),
          "SELECT COUNT(*) FROM pagila.film WHERE length < 90");
    }

    /** "Rentals kept longer than a week, per store." (a computed duration in days) */
    @Test
    void aComputedDurationAgainstAWeek() throws SQLException {
      GoldPicks.same(
          recon,
          Pick.builder()
              .metric("rental_count")
              .filter(
                  Filter.compare(
                      "rental.rental_days", Comparison.GT, Value.quantity(1, Unit.WEEKS)))
              .groupBy("inventory.store_id")
              .build(),
          """
          SELECT i.store_id, COUNT(*) FROM pagila.rental r
          JOIN pagila.inventory i ON r.inventory_id = i.inventory_id
          WHERE EXTRACT(EPOCH FROM (r.return_date - r.rental_date)) / 86400 > 7 GROUP BY i.store_id
          """);
    }

    /** "Per rating, how many titles come with behind-the-scenes footage?" */
    @Test
    void filmsWhoseExtrasHoldAFeature() throws SQLException {
      GoldPicks.same(
          recon,
          Pick.builder()
              .metric("film_count")
              .filter(
                  new Filter.Contains(
                      ColumnRef.of("film.special_features"),
                      Value.text("Behind the Scenes"),
                      false))
              .groupBy("film.rating")
              .build(),
          """
          SELECT rating, COUNT(*) FROM pagila.film
          WHERE 'Behind the Scenes' = ANY(special_features) GROUP BY rating
          """);
    }

    /** "What share of the films have no trailer?" */
    @Test
    void shareOfFilmsWithoutAFeature() throws SQLException {
      GoldPicks.same(
          recon,
          Pick.builder()
              .measure(
                  new Measure.Ratio(
                      new Measure.Metric(
                          "film_count",
                          List.of(
                              new Filter.Contains(
                                  ColumnRef.of("film.special_features"),
                                  Value.text("Trailers"),
                                  true)),
                          null),
                      Measure.metric("film_count"),
                      true,
                      null))
              .build(),
          """
          SELECT COUNT(*) FILTER (WHERE NOT ('Trailers' = ANY(special_features))) * 100.0 / COUNT(*)
          FROM pagila.film
          """);
    }

    /** "Takings per day in the week starting Monday 13 June 2022." */
    @Test
    void daysOfOneWeekOfTimestamps() throws SQLException {
      GoldPicks.same(
          recon,
          Pick.builder()
              .metric("revenue")
              .time(new TimeFilter.Week(LocalDate.parse("2022-06-13")))
              .grain(TimeGrain.DAY)
              .build(),
          """
          SELECT date_trunc('day', payment_date)::date, SUM(amount) FROM pagila.payment
          WHERE payment_date >= '2022-06-13' AND payment_date < '2022-06-20' GROUP BY 1
          """);
    }
  }
}
