package io.assay.understand.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.Filter;
import org.junit.jupiter.api.Test;

class AverageComparisonScopeTest {

  @Test
  void theAverageComparedWithIsTakenOverTheQuestionsPeriod() {
    Draft d =
        Drafts.after(
            AverageComparisonScope.class,
            "how many loans had an amount above the average in 1996?");
    Filter.VsAggregate f =
        (Filter.VsAggregate)
            d.filters.stream()
                .filter(x -> x instanceof Filter.VsAggregate)
                .findFirst()
                .orElseThrow();
    assertThat(f.filters()).hasSize(1);
  }

  @Test
  void withoutAPeriodTheAverageIsOverAllRows() {
    Draft d =
        Drafts.after(
            AverageComparisonScope.class, "how many loans had an amount above the average?");
    Filter.VsAggregate f =
        (Filter.VsAggregate)
            d.filters.stream()
                .filter(x -> x instanceof Filter.VsAggregate)
                .findFirst()
                .orElseThrow();
    assertThat(f.filters()).isEmpty();
  }
}
