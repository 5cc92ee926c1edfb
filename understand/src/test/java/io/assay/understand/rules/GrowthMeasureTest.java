package io.assay.understand.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.Measure;
import java.util.List;
import org.junit.jupiter.api.Test;

class GrowthMeasureTest {

  @Test
  void theMeasureBeforeTheGrowthVerbIsWhatChanged() {
    for (String q :
        List.of(
            "by what percent did the total loan amount change from 1995 to 1996?",
            "by what percent did the number of loans increase between 1994 and 1997?")) {
      Draft d = Drafts.after(MeasureOrSelection.class, q);
      assertThat(d.problems).as(q).isEmpty();
      assertThat(d.measure).as(q).isInstanceOf(Measure.Growth.class);
    }
    Draft p =
        Drafts.pagilaAfter(
            MeasureOrSelection.class,
            "by what percent did revenue change between May 2022 and June 2022?");
    assertThat(p.problems).isEmpty();
    assertThat(p.measure).isInstanceOf(Measure.Growth.class);
  }

  @Test
  void theMeasureRightBeforeTheGrowthNounIsWhatChanged() {
    Draft d = Drafts.after(Leftovers.class, "withdrawal amount growth between 1995 and 1998");
    assertThat(d.problems).isEmpty();
    assertThat(d.measure).isInstanceOf(Measure.Growth.class);
    assertThat(d.measure.toString()).contains("withdrawal_amount");
    // without two periods there is nothing to compare
    assertThat(Drafts.after(MeasureOrSelection.class, "card count growth").problems).isNotEmpty();
  }

  @Test
  void thePercentQuestionWordsAreExplainedByTheGrowth() {
    Draft d =
        Drafts.after(
            Leftovers.class,
            "by how many percent did the number of loans change from 1996 to 1997?");
    assertThat(d.problems).isEmpty();
  }

  @Test
  void growAndRiseInTheirFormsAskForTheChange() {
    Draft d =
        Drafts.after(
            MeasureOrSelection.class,
            "by what percent did the number of loans rise from 1995 to 1996?");
    assertThat(d.measure).isInstanceOf(Measure.Growth.class);
    Draft p =
        Drafts.pagilaAfter(
            MeasureOrSelection.class, "how much did revenue grow from April to May 2022?");
    assertThat(p.problems).isEmpty();
    assertThat(p.measure).isInstanceOf(Measure.Growth.class);
  }
}
