package io.assay.web.ui;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.report.words.Labels;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Steps and their stored results named for people: 1-based step, the analysis by its name. */
class StepNamesTest {
  @Test
  void aStepsWorkflowIdReadsAsItsNumberAndAnalysis() {
    Labels labels = Labels.NONE.withAnalyses(Map.of("drill_down", "Drill-down"));
    assertThat(ReportController.stepWords("job-7:0:direct_answer", labels))
        .isEqualTo("step 1 · direct answer");
    assertThat(ReportController.stepWords("job-7:11:trend_anomaly", labels))
        .isEqualTo("step 12 · trend anomaly");
    assertThat(ReportController.result("job-7:1:drill_down", 65, labels))
        .isEqualTo("step 2 · drill-down (result 65)");
  }

  @Test
  void anIdThatIsNotAStepsIsShownAsItIs() {
    assertThat(ReportController.stepWords("job-7", Labels.NONE)).isEqualTo("job-7");
    assertThat(ReportController.stepWords(null, Labels.NONE)).isEqualTo("null");
  }
}
