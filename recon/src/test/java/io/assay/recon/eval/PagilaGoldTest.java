package io.assay.recon.eval;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.assay.datasets.testing.TestWarehouse;
import io.assay.pick.Direction;
import io.assay.pick.Order;
import io.assay.pick.Pick;
import io.assay.pick.TimeFilter;
import io.assay.pick.TimeGrain;
import io.assay.recon.Recon;
import io.assay.recon.ReconLoader;
import java.sql.SQLException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The questions issue 13 names for the second dataset, each as the Pick its answer needs over
 * Pagila's YAML alone, composed and run, against hand-written gold SQL. Whether the question reader
 * finds these Picks is the reader's test; this one proves the YAML and recon can express them
 * exactly.
 */
class PagilaGoldTest {

  private static Recon recon;

  @BeforeAll
  static void load() {
    TestWarehouse w = TestWarehouse.get();
    assumeTrue(w.ensureDataset("pagila"), "../shared/datasets/pagila is not on this machine");
    recon = ReconLoader.load(w.readerDataSource(), "pagila");
  }

  /** "Which film category brought in the most revenue in March 2022?" */
  @Test
  void categoryWithTheMostRevenueInAMonth() throws SQLException {
    GoldPicks.same(
        recon,
        Pick.builder()
            .metric("revenue")
            .groupBy("category.name")
            .time(new TimeFilter.Month(2022, 3))
            .orderBy(Order.measure("revenue", Direction.DESC))
            .limit(1)
            .build(),
        """
        SELECT c.name, SUM(p.amount) FROM pagila.payment p
        JOIN pagila.rental r ON p.rental_id = r.rental_id
        JOIN pagila.inventory i ON r.inventory_id = i.inventory_id
        JOIN pagila.film_category fc ON i.film_id = fc.film_id
        JOIN pagila.category c ON fc.category_id = c.category_id
        WHERE p.payment_date >= '2022-03-01' AND p.payment_date < '2022-04-01'
        GROUP BY c.name ORDER BY SUM(p.amount) DESC LIMIT 1
        """);
  }

  /** "How many rentals did each store have per month in 2022?" */
  @Test
  void rentalsPerStorePerMonth() throws SQLException {
    GoldPicks.same(
        recon,
        Pick.builder()
            .metric("rental_count")
            .groupBy("store.store_id")
            .grain(TimeGrain.MONTH)
            .time(new TimeFilter.Year(2022))
            .build(),
        """
        SELECT date_trunc('month', r.rental_date)::date, i.store_id, COUNT(*)
        FROM pagila.rental r JOIN pagila.inventory i ON r.inventory_id = i.inventory_id
        WHERE r.rental_date >= '2022-01-01' AND r.rental_date < '2023-01-01'
        GROUP BY 1, 2
        """);
  }

  /** "Who are the top 5 customers by total payments?" */
  @Test
  void topFiveCustomersByTotalPayments() throws SQLException {
    GoldPicks.same(
        recon,
        Pick.builder()
            .metric("revenue")
            .groupBy("customer.customer_id", "customer.first_name", "customer.last_name")
            .orderBy(Order.measure("revenue", Direction.DESC))
            .limit(5)
            .build(),
        """
        SELECT c.customer_id, c.first_name, c.last_name, SUM(p.amount)
        FROM pagila.payment p JOIN pagila.customer c ON p.customer_id = c.customer_id
        GROUP BY c.customer_id, c.first_name, c.last_name ORDER BY 4 DESC LIMIT 5
        """);
  }

  /** "What is the average rental duration by film rating?" (days from rental to return). */
  @Test
  void averageRentalDurationByRating() throws SQLException {
    GoldPicks.same(
        recon,
        Pick.builder().metric("average_rental_duration").groupBy("film.rating").build(),
        """
        SELECT f.rating::text, AVG(EXTRACT(EPOCH FROM (r.return_date - r.rental_date)) / 86400)
        FROM pagila.rental r JOIN pagila.inventory i ON r.inventory_id = i.inventory_id
        JOIN pagila.film f ON i.film_id = f.film_id
        GROUP BY f.rating
        """);
  }

  /**
   * "Check daily revenue in June 2022 and drill down by category if anything is unusual": the daily
   * series the trend reads, and the per-category daily series a drill-down splits it into.
   */
  @Test
  void dailyRevenueInJuneAndItsSplitByCategory() throws SQLException {
    GoldPicks.same(
        recon,
        Pick.builder()
            .metric("revenue")
            .grain(TimeGrain.DAY)
            .time(new TimeFilter.Month(2022, 6))
            .build(),
        """
        SELECT date_trunc('day', payment_date)::date, SUM(amount) FROM pagila.payment
        WHERE payment_date >= '2022-06-01' AND payment_date < '2022-07-01' GROUP BY 1
        """);
    GoldPicks.same(
        recon,
        Pick.builder()
            .metric("revenue")
            .groupBy("category.name")
            .grain(TimeGrain.DAY)
            .time(new TimeFilter.Month(2022, 6))
            .build(),
        """
        SELECT date_trunc('day', p.payment_date)::date, c.name, SUM(p.amount)
        FROM pagila.payment p
        JOIN pagila.rental r ON p.rental_id = r.rental_id
        JOIN pagila.inventory i ON r.inventory_id = i.inventory_id
        JOIN pagila.film_category fc ON i.film_id = fc.film_id
        JOIN pagila.category c ON fc.category_id = c.category_id
        WHERE p.payment_date >= '2022-06-01' AND p.payment_date < '2022-07-01'
        GROUP BY 1, 2
        """);
  }
}
