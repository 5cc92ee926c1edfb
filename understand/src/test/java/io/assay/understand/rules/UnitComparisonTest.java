package io.assay.understand.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.ColumnRef;
import io.assay.pick.Comparison;
import io.assay.pick.Filter;
import io.assay.pick.Value;
import org.junit.jupiter.api.Test;

/** {@link Comparisons}: a number followed by its unit's column compares that column. */
class UnitComparisonTest {

  @Test
  void theUnitAfterTheNumberNamesTheComparedColumn() {
    Draft p = Drafts.pagilaAfter(Comparisons.class, "which comedies last over 150 minutes?");
    assertThat(p.filters)
        .contains(
            new Filter.Compare(ColumnRef.of("film.length"), Comparison.GT, Value.number(150)));
    Draft q =
        Drafts.pagilaAfter(Comparisons.class, "count the horror films that go below 60 minutes");
    assertThat(q.filters)
        .contains(new Filter.Compare(ColumnRef.of("film.length"), Comparison.LT, Value.number(60)));
  }

  @Test
  void theColumnNamedBeforeTheComparisonIsTheUnitsOwn() {
    Draft d =
        Drafts.pagilaAfter(Leftovers.class, "list the films with a running time under 50 minutes");
    assertThat(d.problems).isEmpty();
    assertThat(d.filters)
        .contains(new Filter.Compare(ColumnRef.of("film.length"), Comparison.LT, Value.number(50)));
    assertThat(Drafts.pagilaAfter(Leftovers.class, "films with length below 75 minutes").problems)
        .isEmpty();
  }
}
