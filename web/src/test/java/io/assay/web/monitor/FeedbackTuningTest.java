package io.assay.web.monitor;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.contract.monitor.MonitorRun.AppliedFeedback;
import io.assay.contract.monitor.Verdict;
import io.assay.contract.plan.PlanStep;
import io.assay.store.FeedbackRecord;
import java.time.LocalDate;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FeedbackTuningTest {
  private static final PlanStep TREND =
      new PlanStep("trend_anomaly", Map.of("metric", "cash", "threshold", 4.0), "scan", null);
  private static final LocalDate WINDOW_TO = LocalDate.of(1997, 12, 31);

  private static FeedbackBar.Mark said(
      Verdict v, String metric, int month, Double score, String note) {
    LocalDate from = LocalDate.of(1997, month, 1);
    return new FeedbackBar.Mark(
        new FeedbackRecord(
            1,
            "job-1",
            "mon-1",
            "job-1:0:trend_anomaly",
            metric,
            from,
            from.plusMonths(1).minusDays(1),
            score,
            v,
            note,
            "alice",
            OffsetDateTime.of(2026, 12, 1, 9, 0, 0, 0, ZoneOffset.UTC)),
        "rise",
        true);
  }

  @Test
  void notAnIncidentLeavesTheScanAsApprovedAndTheReportSaysWhatItWithholds() {
    FeedbackTuning t =
        new FeedbackTuning(
            List.of(said(Verdict.NOT_INCIDENT, "cash", 6, 5.23, "sale")), false, WINDOW_TO);
    PlanStep tuned = t.tune(TREND);
    // The detector's threshold also sets its baselines: it stays as people approved it.
    assertThat(tuned.args()).isEqualTo(TREND.args());
    assertThat(t.applied())
        .extracting(AppliedFeedback::what)
        .singleElement()
        .asString()
        .contains(
            "June 1997",
            "not an incident",
            "\"sale\"",
            "single-period rises of cash scoring under 5.3");
    assertThat(t.applied().get(0).by()).isEqualTo("alice");
  }

  @Test
  void aMarkOutOfReachOfTheRunIsNotReported() {
    FeedbackTuning t =
        new FeedbackTuning(
            List.of(said(Verdict.NOT_INCIDENT, "cash", 6, 5.23, "")),
            false,
            LocalDate.of(1999, 1, 31));
    t.tune(TREND);
    assertThat(t.applied()).isEmpty();
  }

  @Test
  void feedbackOnAnotherMetricChangesNothing() {
    FeedbackTuning t =
        new FeedbackTuning(
            List.of(
                said(Verdict.NOT_INCIDENT, "loans", 6, 9.0, ""),
                said(Verdict.EXPECTED, "loans", 5, 3.0, "")),
            true,
            WINDOW_TO);
    assertThat(t.tune(TREND)).isSameAs(TREND);
    assertThat(t.applied()).isEmpty();
    PlanStep drill = new PlanStep("drill_down", Map.of("metric", "cash"), "", null);
    assertThat(t.tune(drill)).isSameAs(drill);
  }

  @Test
  void expectedPeriodsArePassedOnWhenTheAnalysisAndItsDetectorTakeThem() {
    List<FeedbackBar.Mark> expected = List.of(said(Verdict.EXPECTED, "cash", 12, 7.0, "Christmas"));
    FeedbackTuning t = new FeedbackTuning(expected, true, WINDOW_TO);
    PlanStep tuned = t.tune(TREND);
    assertThat(tuned.args().get("expected_periods")).isEqualTo(List.of("1997-12-01"));
    assertThat(tuned.args().get("threshold")).isEqualTo(4.0);
    assertThat(t.applied().get(0).what())
        .contains("December 1997 was marked expected", "Christmas", "baselines of cash");
    assertThat(new FeedbackTuning(expected, false, WINDOW_TO).tune(TREND).args())
        .doesNotContainKey("expected_periods");
    // The reference detector refuses expected periods: the run must not fail for feedback.
    PlanStep other =
        TREND.withArgs(Map.of("metric", "cash", "threshold", 4.0, "detector", "openchatbi"));
    assertThat(new FeedbackTuning(expected, true, WINDOW_TO).tune(other).args())
        .doesNotContainKey("expected_periods");
  }
}
