package io.assay.understand.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.Aggregation;
import io.assay.pick.ColumnRef;
import io.assay.pick.Measure;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link DistinctRows}: "different", "distinct", "unique" count or list each thing once. */
class DistinctRowsTest {

  @Test
  void distinctValuesOfAColumnAreCountedOnce() {
    Draft f = Drafts.after(Leftovers.class, "how many distinct card types are there?");
    assertThat(f.problems).isEmpty();
    assertThat(f.measure)
        .isEqualTo(
            new Measure.Aggregate(
                Aggregation.COUNT_DISTINCT, ColumnRef.of("card.type"), List.of(), null));
    Draft p = Drafts.pagilaAfter(Leftovers.class, "count the unique ratings films are given");
    assertThat(p.problems).isEmpty();
    assertThat(p.measure)
        .isEqualTo(
            new Measure.Aggregate(
                Aggregation.COUNT_DISTINCT, ColumnRef.of("film.rating"), List.of(), null));
  }

  @Test
  void rowsCountedByTheirKeyAreAlreadyDistinct() {
    Draft f = Drafts.after(Leftovers.class, "how many different clients live in Pisek?");
    assertThat(f.problems).isEmpty();
    assertThat(f.measure).isEqualTo(Measure.metric("client_count"));
    Draft p =
        Drafts.pagilaAfter(Leftovers.class, "per month, how many distinct customers paid in 2022?");
    assertThat(p.problems).isEmpty();
    assertThat(p.measure).isEqualTo(Measure.metric("paying_customer_count"));
  }

  @Test
  void aListShowsEachRowOnce() {
    Draft p = Drafts.pagilaAfter(Leftovers.class, "show the distinct ratings of the films");
    assertThat(p.problems).isEmpty();
    Draft f = Drafts.after(Leftovers.class, "list the different card types");
    assertThat(f.problems).isEmpty();
  }

  @Test
  void aDistinctWordItCannotPlaceIsNotDropped() {
    Draft f =
        Drafts.after(Leftovers.class, "what is the total amount of loans to distinct clients?");
    assertThat(f.problems).isNotEmpty();
  }
}
