package io.assay.understand.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.Measure;
import io.assay.pick.TimeFilter;
import org.junit.jupiter.api.Test;

class OccasionsTest {

  @Test
  void howManyTimesCountsTheEventTheVerbNames() {
    Draft p =
        Drafts.pagilaAfter(
            TimeScope.class, "how many times were comedy films rented in June 2022?");
    assertThat(p.measure).isEqualTo(Measure.metric("rental_count"));
    assertThat(p.time).isEqualTo(new TimeFilter.Month(2022, 6));
    Draft f = Drafts.after(Leftovers.class, "how many times were loans granted in 1997?");
    assertThat(f.problems).isEmpty();
    assertThat(f.measure).isEqualTo(Measure.metric("loan_count"));
  }

  @Test
  void howManyTimesMoreIsAMultipleNotAnOccasionCount() {
    Draft d =
        Drafts.after(
            Occasions.class, "how many times more cards were issued in 1998 than in 1996?");
    assertThat(d.occasionMetric).isNull();
  }
}
