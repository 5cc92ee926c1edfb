package io.assay.understand.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.ColumnRef;
import io.assay.pick.Comparison;
import io.assay.pick.Filter;
import io.assay.pick.Unit;
import io.assay.pick.Value;
import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

/** {@link ForAQuantity}. Phrasings written for this test; none is an evaluation question. */
class ForAQuantityTest {

  @Test
  void forAQuantityOfTimeIsTheRowsOwnDuration() {
    Draft d = Drafts.after(Leftovers.class, "the average amount of loans taken for 48 months");
    assertThat(d.problems).isEmpty();
    assertThat(d.filters)
        .contains(
            new Filter.Compare(
                ColumnRef.of("loan.duration"),
                Comparison.EQ,
                new Value.Quantity(BigDecimal.valueOf(48), Unit.MONTHS)));
    Draft y = Drafts.after(Leftovers.class, "how many loans were signed for 2 years in 1996");
    assertThat(y.problems).isEmpty();
    assertThat(y.filters)
        .contains(
            new Filter.Compare(
                ColumnRef.of("loan.duration"),
                Comparison.EQ,
                new Value.Quantity(BigDecimal.valueOf(2), Unit.YEARS)));
  }

  @Test
  void notReadOnADurationComputedFromTwoDatesNorWithoutAUnit() {
    // days between renting and returning are fractional: "= 5 days" would match almost nothing
    Draft d = Drafts.pagilaAfter(ForAQuantity.class, "how many customers rented for 5 days");
    assertThat(d.filters.toString()).doesNotContain("rental_days");
    Draft n = Drafts.after(ForAQuantity.class, "how many loans were granted for 60");
    assertThat(n.filters).isEmpty();
  }
}
