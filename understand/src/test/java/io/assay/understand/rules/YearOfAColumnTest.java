package io.assay.understand.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.ColumnRef;
import io.assay.pick.Comparison;
import io.assay.pick.Filter;
import io.assay.pick.Value;
import org.junit.jupiter.api.Test;

/**
 * {@link YearOfAColumn}: a figure kept in one column per year, named apart from its year. Phrasings
 * written for this test; none is an evaluation question.
 */
class YearOfAColumnTest {

  @Test
  void theYearTheQuestionNamesPicksTheColumnAndIsExplainedByIt() {
    Draft d = Drafts.after(Leftovers.class, "districts with an unemployment rate under 1% in 1995");
    assertThat(d.problems).isEmpty();
    assertThat(d.filters)
        .containsExactly(
            new Filter.Compare(ColumnRef.of("district.a12"), Comparison.LT, Value.number(1)));
    assertThat(d.time).isNull();
    Draft c = Drafts.after(Leftovers.class, "count the districts with over 9000 crimes in 1996");
    assertThat(c.problems).isEmpty();
    assertThat(c.filters)
        .containsExactly(
            new Filter.Compare(ColumnRef.of("district.a16"), Comparison.GT, Value.number(9000)));
  }

  @Test
  void withoutAYearOrWithBothTheReaderAsksWhichColumn() {
    Draft none = Drafts.after(Comparisons.class, "districts where unemployment is above 2");
    assertThat(none.clarification).isNotNull();
    assertThat(none.clarification.options())
        .extracting(o -> o.value())
        .containsExactly("district.a12", "district.a13");
    // a span of years is no one year's column
    Draft both =
        Drafts.after(
            Comparisons.class, "districts with unemployment above 2 between 1995 and 1996");
    assertThat(both.clarification).isNotNull();
    assertThat(both.filters).isEmpty();
  }
}
