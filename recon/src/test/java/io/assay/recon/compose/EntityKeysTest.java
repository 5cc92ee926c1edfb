package io.assay.recon.compose;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.assay.datasets.testing.TestWarehouse;
import io.assay.pick.Direction;
import io.assay.pick.Measure;
import io.assay.pick.Order;
import io.assay.pick.Pick;
import io.assay.recon.Recon;
import io.assay.recon.ReconLoader;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A group shown by a table's label is one entity per key: two people with the same name stay two
 * rows. Attributes that are not the label (a rating, a name part alone) group by their values.
 */
class EntityKeysTest {

  static Recon recon;

  @BeforeAll
  static void load() {
    TestWarehouse w = TestWarehouse.get();
    assumeTrue(w.ensureDataset("pagila"), "../shared/datasets/pagila is not on this machine");
    recon = ReconLoader.load(w.readerDataSource(), "pagila");
  }

  private static Order most(String metric) {
    return Order.measureOf(Measure.metric(metric), Direction.DESC);
  }

  /** The GROUP BY clause of a query (the joins name keys too). */
  private static String groupBy(ComposedQuery q) {
    String sql = q.sql();
    int at = sql.indexOf(" group by ");
    assertThat(at).as(sql).isPositive();
    int end = sql.indexOf(" order by ", at);
    return end < 0 ? sql.substring(at) : sql.substring(at, end);
  }

  @Test
  void aRankedListingOfPeopleGroupsByTheirKeyAndShowsTheirNames() {
    ComposedQuery q =
        Composer.compose(
            Pick.builder()
                .selectColumns("customer.first_name", "customer.last_name")
                .orderBy(most("revenue"))
                .limit(1)
                .build(),
            recon);
    assertThat(groupBy(q)).contains("\"customer\".\"customer_id\"");
    assertThat(q.columns())
        .extracting(OutputColumn::name)
        .containsExactly("first_name", "last_name");
  }

  @Test
  void anAggregatePerPersonGroupsByTheKeyWithoutShowingIt() {
    ComposedQuery q =
        Composer.compose(
            Pick.builder()
                .metric("rental_count")
                .groupBy("customer.first_name", "customer.last_name")
                .build(),
            recon);
    assertThat(groupBy(q)).contains("\"customer\".\"customer_id\"");
    assertThat(q.columns())
        .extracting(OutputColumn::name)
        .containsExactly("first_name", "last_name", "rental_count");
  }

  @Test
  void anAttributeOrAPartOfTheLabelGroupsByItsValues() {
    ComposedQuery rating =
        Composer.compose(
            Pick.builder().metric("rental_count").groupBy("film.rating").build(), recon);
    assertThat(groupBy(rating)).doesNotContain("\"film\".\"film_id\"");
    ComposedQuery firstNames =
        Composer.compose(
            Pick.builder().selectColumns("customer.first_name").orderBy(most("revenue")).build(),
            recon);
    assertThat(groupBy(firstNames)).doesNotContain("\"customer\".\"customer_id\"");
  }
}
