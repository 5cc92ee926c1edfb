package io.assay.report.words;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.contract.delivery.Receipt;
import io.assay.contract.delivery.ReceiptStatus;
import io.assay.contract.job.JobState;
import io.assay.contract.plan.Decision;
import java.time.Instant;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** A job's state and the reading's decision in words, wherever a person reads them. */
class StateWordsTest {
  @Test
  void everyStateAndDecisionHasWordsWithNoEnumNameLeft() {
    for (JobState s : JobState.values()) {
      assertThat(StateWords.of(s)).as(s.name()).isNotBlank().doesNotContain("_").isLowerCase();
    }
    assertThat(Arrays.stream(Decision.values()).map(StateWords::of))
        .allSatisfy(w -> assertThat(w).isNotBlank().doesNotContain("_"));
    assertThat(StateWords.of(JobState.AWAITING_APPROVAL)).isEqualTo("waiting for approval");
  }

  @Test
  void aStateNamedAsTheApiNamesItIsSaidInWordsAndAnyOtherNameIsNone() {
    assertThat(StateWords.named("EXECUTING")).isEqualTo("running");
    assertThat(StateWords.named("executing")).isNull();
    assertThat(StateWords.named("PAUSED")).isNull();
  }

  @Test
  void aTextQuotingAStateSaysItInWords() {
    assertThat(StateWords.inText("cannot retry a step while the job is AWAITING_APPROVAL"))
        .isEqualTo("cannot retry a step while the job is waiting for approval");
    // A code value in capitals that is no state stays.
    assertThat(StateWords.inText("excluded 'VYBER KARTOU' while RUNNING"))
        .isEqualTo("excluded 'VYBER KARTOU' while RUNNING");
  }

  @Test
  void theReadingsReasonLosesThePathOfItsStateMachine() {
    assertThat(
            StateWords.reason(
                "RECEIVED → READ → UNDERSTOOD → PLANNING → DECIDED: asks for anomaly and drill"
                    + " down: the question asks whether anything is unusual"))
        .isEqualTo(
            "asks for anomaly and drill down: the question asks whether anything is unusual");
    assertThat(StateWords.reason("a lookup: SUM(amount)")).isEqualTo("a lookup: SUM(amount)");
    assertThat(StateWords.reason(null)).isNull();
  }

  private static Receipt receipt(
      ReceiptStatus status, int attempts, String detail, String error, Instant at) {
    return new Receipt("job-1", "file", "file", status, attempts, "k", "b", "c", detail, error, at);
  }

  @Test
  void aReceiptSaysWhatTheChannelAnsweredOrWhyItIsNotConfirmedYet() {
    for (ReceiptStatus s : ReceiptStatus.values()) {
      assertThat(StateWords.of(s)).as(s.name()).isNotBlank().isLowerCase();
    }
    Instant at = Instant.parse("2026-12-07T14:02:00Z");
    assertThat(
            StateWords.of(
                receipt(ReceiptStatus.CONFIRMED, 1, "written to /srv/reports/job-1", null, at)))
        .isEqualTo("written to /srv/reports/job-1");
    assertThat(StateWords.of(receipt(ReceiptStatus.CONFIRMED, 1, null, null, at)))
        .isEqualTo("confirmed");
    assertThat(StateWords.of(receipt(ReceiptStatus.PENDING, 3, null, "connection refused", null)))
        .isEqualTo("not confirmed yet after 3 attempts: connection refused");
    assertThat(StateWords.of(receipt(ReceiptStatus.PENDING, 1, null, null, null)))
        .isEqualTo("not confirmed yet after 1 attempt");
  }
}
