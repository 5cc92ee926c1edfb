package io.assay.understand.rules;

import static io.assay.understand.ReaderFixture.pagilaOrSkip;
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

/** "films with a rental rate of 4.99": a column the rows have, "of", a number. Own phrasings. */
class ColumnOfANumberTest {

  @Test
  void aColumnTheRowsHaveOfANumberEqualsIt() {
    Pick rate = understood(pagilaOrSkip(), "how many films have a rental rate of 4.99");
    assertThat(rate.filters())
        .containsExactly(
            new Filter.Compare(
                ColumnRef.of("film.rental_rate"),
                Comparison.EQ,
                Value.number(new BigDecimal("4.99"))));
    Pick duration =
        understood(ReaderFixture.reader(), "How many loans from 1998 had a duration of 12 months?");
    assertThat(duration.filters())
        .contains(
            new Filter.Compare(
                ColumnRef.of("loan.duration"),
                Comparison.EQ,
                new Value.Quantity(new BigDecimal("12"), Unit.MONTHS)));
    // the have-word inside one phrase of the loan's duration
    Pick inside =
        understood(ReaderFixture.reader(), "count loans that have a duration of 36 months");
    assertThat(inside.filters())
        .contains(
            new Filter.Compare(
                ColumnRef.of("loan.duration"),
                Comparison.EQ,
                new Value.Quantity(new BigDecimal("36"), Unit.MONTHS)));
  }

  @Test
  void aUnitOfAnotherKindIsNotRead() {
    assertThat(
            ReaderFixture.reader()
                .read("how many loans have a duration of 12 dollars", "", java.util.List.of()))
        .isNotInstanceOf(io.assay.understand.Reading.Understood.class);
  }
}
