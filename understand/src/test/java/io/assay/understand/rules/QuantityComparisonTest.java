package io.assay.understand.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.ColumnRef;
import io.assay.pick.Comparison;
import io.assay.pick.Filter;
import io.assay.pick.Unit;
import io.assay.pick.Value;
import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

/** {@link QuantityComparison}: a number with a unit of time compares the column kept in one. */
class QuantityComparisonTest {

  @Test
  void theAdjectivesNounPicksAmongColumnsOfOneKind() {
    Draft p = Drafts.pagilaAfter(Leftovers.class, "how many films are longer than 3 hours?");
    assertThat(p.problems).isEmpty();
    assertThat(p.filters)
        .contains(
            new Filter.Compare(
                ColumnRef.of("film.length"),
                Comparison.GT,
                new Value.Quantity(BigDecimal.valueOf(3), Unit.HOURS)));
    Draft q = Drafts.pagilaAfter(Leftovers.class, "list the titles of films shorter than 1 hour");
    assertThat(q.problems).isEmpty();
  }

  @Test
  void theOnlyColumnOfTheUnitsKindIsCompared() {
    Draft f = Drafts.after(Leftovers.class, "how many loans run for more than 2 years?");
    assertThat(f.problems).isEmpty();
    assertThat(f.filters)
        .contains(
            new Filter.Compare(
                ColumnRef.of("loan.duration"),
                Comparison.GT,
                new Value.Quantity(BigDecimal.valueOf(2), Unit.YEARS)));
  }

  @Test
  void aUnitNoColumnOfTheQuestionKeepsIsNotGuessed() {
    Draft p =
        Drafts.pagilaAfter(Leftovers.class, "how many films are in more than 3 hours of stores?");
    assertThat(p.problems).isNotEmpty();
  }

  @Test
  void theColumnNamedBeforeTheComparisonPicksAmongColumnsOfOneKind() {
    // "over" is no adjective of a length or a duration: the column's own name decides
    Draft p = Drafts.pagilaAfter(Leftovers.class, "films whose length is over 2 hours");
    assertThat(p.problems).isEmpty();
    assertThat(p.filters)
        .contains(
            new Filter.Compare(
                ColumnRef.of("film.length"),
                Comparison.GT,
                new Value.Quantity(BigDecimal.valueOf(2), Unit.HOURS)));
    Draft q =
        Drafts.pagilaAfter(
            Leftovers.class, "how many films have a rental period of at least 6 days");
    assertThat(q.problems).isEmpty();
    assertThat(q.filters.toString()).contains("film.rental_duration").doesNotContain("length");
  }
}
