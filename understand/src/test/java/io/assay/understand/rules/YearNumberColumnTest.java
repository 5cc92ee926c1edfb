package io.assay.understand.rules;

import static io.assay.understand.ReaderFixture.pagilaOrSkip;
import static io.assay.understand.ReaderFixture.understood;
import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.ColumnRef;
import io.assay.pick.Comparison;
import io.assay.pick.Filter;
import io.assay.pick.Pick;
import io.assay.pick.Value;
import io.assay.understand.Reading;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * "films released in 2006": years after a column that keeps years as numbers; a row's last-edit
 * time is never the date a time window means. Own phrasings.
 */
class YearNumberColumnTest {

  private static final ColumnRef YEAR = ColumnRef.of("film.release_year");

  @Test
  void aYearAfterAYearNumberColumnIsACondition() {
    Pick in = understood(pagilaOrSkip(), "count the films that were released in 2006");
    assertThat(in.filters())
        .containsExactly(new Filter.Compare(YEAR, Comparison.EQ, Value.number(2006)));
    assertThat(in.time()).isNull();
    Pick before = understood(pagilaOrSkip(), "titles released before 2006");
    assertThat(before.filters())
        .containsExactly(new Filter.Compare(YEAR, Comparison.LT, Value.number(2006)));
    Pick between =
        understood(pagilaOrSkip(), "number of films per rating released between 2004 and 2006");
    assertThat(between.filters())
        .containsExactly(new Filter.Between(YEAR, Value.number(2004), Value.number(2006)));
  }

  @Test
  void aMonthIsNoWholeYearAndAnEditTimeIsNoEventDate() {
    // a month cannot be a year number, and the films' only date records their last edit
    assertThat(pagilaOrSkip().read("films released in March 2006", "", List.of()))
        .isNotInstanceOf(Reading.Understood.class);
    assertThat(pagilaOrSkip().read("how many films in 2022", "", List.of()))
        .isNotInstanceOf(Reading.Understood.class);
  }
}
