package io.assay.understand.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.Measure;
import org.junit.jupiter.api.Test;

class TwoSidesTest {

  @Test
  void twoPeriodsSetSideBySideAreARatio() {
    Draft d =
        Drafts.after(TwoSides.class, "how many times more cards were issued in 1998 than in 1996?");
    assertThat(d.measure).isInstanceOf(Measure.Ratio.class);
    assertThat(d.time).isNull();
    assertThat(d.timeColumn).isNull();
  }

  @Test
  void twoValuesSetSideBySideAreARatio() {
    Draft d = Drafts.after(TwoSides.class, "ratio of gold cards to classic cards");
    assertThat(d.measure).isInstanceOf(Measure.Ratio.class);
    assertThat(((Measure.Ratio) d.measure).percent()).isFalse();
    assertThat(d.filters).isEmpty();
  }

  @Test
  void aRatioWithOneSideIsAProblem() {
    assertThat(Drafts.after(TwoSides.class, "ratio of cards to clients").problems)
        .anyMatch(p -> p.contains("side by side"));
  }
}
