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

  private static FeedbackRecord said(
      Verdict v, String metric, int month, Double score, String note) {
    LocalDate from = LocalDate.of(1997, month, 1);
    return new FeedbackRecord(
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
        OffsetDateTime.of(2026, 12, 1, 9, 0, 0, 0, ZoneOffset.UTC));
  }

  @Test
  void notAnIncidentRaisesTheThresholdJustPastItsScore() {
    FeedbackTuning t =
        new FeedbackTuning(List.of(said(Verdict.NOT_INCIDENT, "cash", 6, 5.23, "sale")), false);
    PlanStep tuned = t.tune(TREND);
    assertThat(tuned.args().get("threshold")).isEqualTo(5.4);
    assertThat(t.applied())
        .extracting(AppliedFeedback::what)
        .singleElement()
        .asString()
        .contains("1997-06-01 to 1997-06-30", "not an incident", "\"sale\"", "rose to 5.4");
    assertThat(t.applied().get(0).by()).isEqualTo("alice");
  }

  @Test
  void theRiseIsBoundedByTwiceTheApprovedThresholdAndByARealIncidentsScore() {
    FeedbackTuning far =
        new FeedbackTuning(List.of(said(Verdict.NOT_INCIDENT, "cash", 6, 12.0, "")), false);
    assertThat(far.tune(TREND).args().get("threshold")).isEqualTo(8.0);
    assertThat(far.applied().get(0).what())
        .contains("may rise only to the ceiling of 8.0", "can still alert");

    FeedbackTuning capped =
        new FeedbackTuning(
            List.of(
                said(Verdict.NOT_INCIDENT, "cash", 6, 6.5, ""),
                said(Verdict.REAL_INCIDENT, "cash", 3, 5.0, "")),
            false);
    assertThat(capped.tune(TREND).args().get("threshold")).isEqualTo(5.0);
    assertThat(capped.applied().get(0).what()).contains("marked a real incident");

    PlanStep high = TREND.withArgs(Map.of("metric", "cash", "threshold", 15.0));
    assertThat(
            new FeedbackTuning(List.of(said(Verdict.NOT_INCIDENT, "cash", 6, 25.0, "")), false)
                .tune(high)
                .args()
                .get("threshold"))
        .isEqualTo(20.0);
  }

  @Test
  void feedbackOnAnotherMetricOrBelowTheThresholdChangesNothing() {
    FeedbackTuning t =
        new FeedbackTuning(
            List.of(
                said(Verdict.NOT_INCIDENT, "loans", 6, 9.0, ""),
                said(Verdict.NOT_INCIDENT, "cash", 5, 3.0, "")),
            false);
    assertThat(t.tune(TREND).args().get("threshold")).isEqualTo(4.0);
    PlanStep drill = new PlanStep("drill_down", Map.of("metric", "cash"), "", null);
    assertThat(t.tune(drill)).isSameAs(drill);
  }

  @Test
  void expectedPeriodsArePassedOnWhenTheAnalysisTakesThem() {
    List<FeedbackRecord> expected = List.of(said(Verdict.EXPECTED, "cash", 12, 7.0, "Christmas"));
    PlanStep tuned = new FeedbackTuning(expected, true).tune(TREND);
    assertThat(tuned.args().get("expected_periods")).isEqualTo(List.of("1997-12-01"));
    assertThat(tuned.args().get("threshold")).isEqualTo(4.0);
    assertThat(new FeedbackTuning(expected, false).tune(TREND).args())
        .doesNotContainKey("expected_periods");
  }
}
