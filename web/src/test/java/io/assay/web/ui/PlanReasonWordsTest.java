package io.assay.web.ui;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The plan's reason on the job page is the planner's; the edits are listed on their own. */
class PlanReasonWordsTest {
  @Test
  void theRecordOfEditsIsCutFromThePlannersReason() {
    assertThat(
            JobPages.withoutEdits(
                "the question asks whether anything is unusual over time; edited: set grain of"
                    + " step 1; edited: set grain of step 1"))
        .isEqualTo("the question asks whether anything is unusual over time");
    assertThat(JobPages.withoutEdits("edited: removed drill_down")).isEmpty();
    // A reason that only mentions editing keeps it.
    assertThat(JobPages.withoutEdits("a plan; the question was edited: twice"))
        .isEqualTo("a plan; the question was edited: twice");
    assertThat(JobPages.withoutEdits(null)).isEmpty();
  }
}
