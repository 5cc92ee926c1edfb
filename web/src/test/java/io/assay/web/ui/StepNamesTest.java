package io.assay.web.ui;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Steps and their stored results named for people: 1-based step, the analysis in words. */
class StepNamesTest {
  @Test
  void aStepsWorkflowIdReadsAsItsNumberAndAnalysis() {
    assertThat(ReportController.stepWords("job-7:0:direct_answer"))
        .isEqualTo("step 1 · direct answer");
    assertThat(ReportController.stepWords("job-7:11:trend_anomaly"))
        .isEqualTo("step 12 · trend anomaly");
    assertThat(ReportController.result("job-7:1:drill_down", 65))
        .isEqualTo("step 2 · drill down (result 65)");
  }

  @Test
  void anIdThatIsNotAStepsIsShownAsItIs() {
    assertThat(ReportController.stepWords("job-7")).isEqualTo("job-7");
    assertThat(ReportController.stepWords(null)).isEqualTo("null");
  }
}
