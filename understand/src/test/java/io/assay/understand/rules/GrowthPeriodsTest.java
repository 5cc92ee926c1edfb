package io.assay.understand.rules;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class GrowthPeriodsTest {

  @Test
  void theRangeAfterAGrowthWordIsTheGrowthsPeriods() {
    for (String q :
        java.util.List.of(
            "growth of the loan amount between 1994 and 1996",
            "what was the increase rate of cards issued from 1995 to 1998?")) {
      Draft d = Drafts.after(GrowthPeriods.class, q);
      assertThat(d.growthTime).as(q).isNotNull();
      assertThat(d.growthTime.expression().second()).as(q).isNotNull();
    }
  }

  @Test
  void withoutAGrowthWordARangeStaysFree() {
    assertThat(Drafts.after(GrowthPeriods.class, "loans between 1994 and 1996").growthTime)
        .isNull();
  }
}
