package io.assay.understand.rules;

import static io.assay.understand.ReaderFixture.understood;
import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.ColumnRef;
import io.assay.pick.Comparison;
import io.assay.pick.Filter;
import io.assay.pick.Pick;
import io.assay.pick.Unit;
import io.assay.pick.Value;
import io.assay.understand.ReaderFixture;
import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

/**
 * {@link QuantityComparison}: the column named right before "more than 24 months" is the one the
 * quantity compares, so the phrase is explained by the comparison.
 */
class ComparedColumnNamedTest {

  @Test
  void theColumnBeforeAQuantityComparisonIsTheComparedOne() {
    Pick count =
        understood(
            ReaderFixture.reader(), "How many loans have a duration of more than 24 months?");
    assertThat(count.filters()).contains(duration(Comparison.GT, 24));
    Pick list =
        understood(
            ReaderFixture.reader(),
            "List the accounts whose loan duration is longer than 48 months.");
    assertThat(list.filters()).contains(duration(Comparison.GT, 48));
  }

  private static Filter duration(Comparison op, int months) {
    return new Filter.Compare(
        ColumnRef.of("loan.duration"),
        op,
        new Value.Quantity(BigDecimal.valueOf(months), Unit.MONTHS));
  }
}
