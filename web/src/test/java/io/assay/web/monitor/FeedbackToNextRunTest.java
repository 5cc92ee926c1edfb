package io.assay.web.monitor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.assay.analyses.AnalysisRegistry;
import io.assay.contract.evidence.ArtifactKind;
import io.assay.contract.job.ApprovalMode;
import io.assay.contract.job.JobRequest;
import io.assay.contract.monitor.AlertDecision;
import io.assay.contract.monitor.AlertRule;
import io.assay.contract.monitor.MonitorRun;
import io.assay.contract.plan.Plan;
import io.assay.contract.plan.PlanStep;
import io.assay.datasets.testing.TestWarehouse;
import io.assay.recon.Recon;
import io.assay.recon.ReconRegistry;
import io.assay.store.AppSchema;
import io.assay.store.ArtifactStore;
import io.assay.store.FeedbackStore;
import io.assay.store.JobRecord;
import io.assay.store.JobStore;
import io.assay.store.MonitorRecord;
import io.assay.store.MonitorStore;
import io.assay.web.jobs.DeliveryTargets;
import io.assay.web.jobs.InvalidSubmission;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import javax.sql.DataSource;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Feedback on a run's flagged interval, stored in PostgreSQL, tunes the monitor's next run: "not an
 * incident" withholds later alerts of that kind (metric, direction, no stronger) and that period,
 * the next run's request says which feedback it applied; the alert decision reads the stored scan.
 */
class FeedbackToNextRunTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static DataSource db;
  private static JobStore jobs;
  private static ArtifactStore artifacts;
  private static MonitorStore monitors;
  private static FeedbackStore feedbackStore;

  @BeforeAll
  static void database() {
    db = TestWarehouse.get().adminDataSource();
    AppSchema.migrate(db);
    jobs = new JobStore(db);
    artifacts = new ArtifactStore(db);
    monitors = new MonitorStore(db);
    feedbackStore = new FeedbackStore(db);
  }

  private static String id(String prefix) {
    return prefix + UUID.randomUUID().toString().substring(0, 8);
  }

  /** A run's job with a stored scan of 24 months flagging {@code flaggedFrom..flaggedTo}. */
  private static String runWithScan(String monitor, String flagged, double score) throws Exception {
    return runWithScan(monitor, flagged, score, "drop", "1997-12");
  }

  /**
   * As above, for an interval of {@code direction} in a series of the 12 months to {@code last}.
   */
  private static String runWithScan(
      String monitor, String flagged, double score, String direction, String last)
      throws Exception {
    String job = id("job-");
    jobs.create(
        new JobRequest(job, "q", "financial", "alice", ApprovalMode.AUTO, 300, List.of(), ""),
        JSON.writeValueAsString(Map.of("monitorId", monitor)));
    List<Map<String, Object>> series = new ArrayList<>();
    for (int m = 11; m >= 0; m--) {
      String period = java.time.YearMonth.parse(last).minusMonths(m).toString();
      series.add(Map.of("period", period, "value", 100.0 + m, "score", 0.5));
    }
    Map<String, Object> interval = new LinkedHashMap<>();
    interval.put("start", flagged);
    interval.put("end", flagged);
    interval.put("from", flagged + "-01");
    interval.put("to", java.time.YearMonth.parse(flagged).atEndOfMonth().toString());
    interval.put("score", score);
    interval.put("direction", direction);
    Map<String, Object> scan = new LinkedHashMap<>();
    scan.put("kind", "anomaly_scan");
    scan.put("metric", "cash_withdrawal_amount");
    scan.put("threshold", 4.0);
    scan.put("series", series);
    scan.put("intervals", List.of(interval));
    artifacts.store(job, job + ":0:trend_anomaly", ArtifactKind.COMPUTATION, job + ":scan", scan);
    return job;
  }

  private static MonitorActivitiesImpl activities() {
    ReconRegistry recons = mock(ReconRegistry.class);
    Recon recon = mock(Recon.class);
    when(recons.serves("financial")).thenReturn(true);
    when(recons.get("financial")).thenReturn(recon);
    when(recon.metric("cash_withdrawal_amount")).thenReturn(Optional.empty());
    DeliveryTargets targets = mock(DeliveryTargets.class);
    when(targets.parse(List.of())).thenReturn(List.of());
    return new MonitorActivitiesImpl(
        monitors,
        feedbackStore,
        jobs,
        artifacts,
        recons,
        AnalysisRegistry.discover(),
        targets,
        JSON);
  }

  private static String monitor(String sourceJob) throws Exception {
    String id = id("mon-");
    Plan plan =
        new Plan(
            List.of(
                new PlanStep(
                    "trend_anomaly",
                    Map.of(
                        "metric",
                        "cash_withdrawal_amount",
                        "grain",
                        "month",
                        "threshold",
                        4.0,
                        "time",
                        Map.of("kind", "year", "year", 1997)),
                    "scan",
                    null)),
            "approved");
    monitors.create(
        new MonitorRecord(
            id,
            "alice",
            "financial",
            "Check cash withdrawals",
            sourceJob,
            JSON.writeValueAsString(plan),
            12,
            "month",
            "every",
            "1 month",
            "UTC",
            List.of(),
            AlertRule.LATEST_PERIOD_FLAGGED,
            "active",
            null,
            null));
    return id;
  }

  @Test
  void notAnIncidentFeedbackIsAppliedToTheNextRunAndTheRunSaysSo() throws Exception {
    String source = id("job-");
    jobs.create(
        new JobRequest(source, "q", "financial", "alice", ApprovalMode.AUTO, 300, List.of(), ""),
        "{}");
    String monitor = monitor(source);
    String run = runWithScan(monitor, "1997-12", 5.23);
    MonitorActivitiesImpl activities = activities();
    FeedbackService feedback = new FeedbackService(artifacts, feedbackStore, jobs, JSON);
    JobRecord runJob = jobs.find(run).orElseThrow();

    // The latest period, December, is flagged: this run alerts.
    AlertDecision decided = activities.alertDecision(run);
    assertThat(decided.alert()).isTrue();
    assertThat(decided.reason())
        .contains("flagged the latest period, December 1997", "drop", "score 5.2");

    // Feedback on an interval the job did not flag is refused, naming what it flagged.
    assertThatThrownBy(
            () ->
                feedback.give(
                    runJob, null, "1997-06-01", "1997-06-30", "NOT_INCIDENT", "", "alice"))
        .isInstanceOf(InvalidSubmission.class)
        .hasMessageContaining("1997-12-01 to 1997-12-31");
    assertThatThrownBy(
            () -> feedback.give(runJob, null, "1997-12-01", "1997-12-31", "maybe", "", "alice"))
        .hasMessageContaining("REAL_INCIDENT, NOT_INCIDENT, EXPECTED");
    feedback.give(
        runJob, null, "1997-12-01", "1997-12-31", "not an incident", "year-end payout", "alice");
    assertThat(jobs.events(run, 0)).extracting(e -> e.type()).contains("feedback_given");

    // A later run flagged November, which people knew was a campaign.
    String campaign = runWithScan(monitor, "1997-11", 6.0);
    feedback.give(
        jobs.find(campaign).orElseThrow(),
        null,
        "1997-11-01",
        "1997-11-30",
        "EXPECTED",
        "campaign",
        "bob");

    String next = id("job-");
    JobRequest request =
        activities.prepareRun(monitor, next, "monitor-run-x", "1998-01-01T06:00:00Z");
    PlanStep trend = request.plan().steps().get(0);
    // The scan runs as approved: its threshold also shapes the detector's baselines.
    assertThat(trend.args().get("threshold")).isEqualTo(4.0);
    assertThat(trend.args().get("expected_periods")).isEqualTo(List.of("1997-11-01"));
    assertThat(trend.args().get("time"))
        .isEqualTo(Map.of("kind", "range", "from", "1997-01-01", "to", "1997-12-31"));
    MonitorRun m = request.monitor();
    assertThat(m.window()).isEqualTo("the 12 months 1997-01-01 to 1997-12-31");
    assertThat(m.applied()).hasSize(2);
    assertThat(m.applied().get(0).by()).isEqualTo("alice");
    assertThat(m.applied().get(0).what())
        .contains(
            "not an incident",
            "year-end payout",
            "drops of cash_withdrawal_amount scoring under 5.3",
            "rises and deviations over several periods still alert");
    assertThat(m.applied().get(1).by()).isEqualTo("bob");
    assertThat(m.applied().get(1).what()).contains("marked expected", "campaign", "baselines");
    // The run's job is recorded, linked to its monitor; preparing it again changes nothing.
    assertThat(jobs.monitorOf(next)).contains(monitor);
    activities.prepareRun(monitor, next, "monitor-run-x", "1998-01-01T06:00:00Z");
    assertThat(jobs.runsOf(monitor, 10))
        .extracting(JobRecord::id)
        .containsExactly(next, campaign, run);
  }

  @Test
  void aLatestPeriodMarkedNotAnIncidentIsNotAlertedOnAgainEvenAboveTheBar() throws Exception {
    String source = id("job-");
    jobs.create(
        new JobRequest(source, "q", "financial", "alice", ApprovalMode.AUTO, 300, List.of(), ""),
        "{}");
    String monitor = monitor(source);
    // Score 12 is above the most the threshold may rise to (twice 4.0).
    String run = runWithScan(monitor, "1997-12", 12.0);
    MonitorActivitiesImpl activities = activities();
    assertThat(activities.alertDecision(run).alert()).isTrue();
    new FeedbackService(artifacts, feedbackStore, jobs, JSON)
        .give(
            jobs.find(run).orElseThrow(),
            null,
            "1997-12-01",
            "1997-12-31",
            "NOT_INCIDENT",
            "bonus month",
            "alice");
    // The same period flagged again by a replay of that month: no alert, and the reason says why.
    String replay = runWithScan(monitor, "1997-12", 12.0);
    AlertDecision decided = activities.alertDecision(replay);
    assertThat(decided.alert()).isFalse();
    assertThat(decided.reason())
        .contains("flagged the latest period, December 1997", "alice marked", "not an incident");
    // Another monitor's verdict does not silence this one's runs.
    String other = runWithScan(monitor(source), "1997-12", 12.0);
    assertThat(activities.alertDecision(other).alert()).isTrue();
  }

  @Test
  void aMarkWithholdsLaterDeviationsOfItsKindOnlyAStrongerOrOppositeOneStillAlerts()
      throws Exception {
    String source = id("job-");
    jobs.create(
        new JobRequest(source, "q", "financial", "alice", ApprovalMode.AUTO, 300, List.of(), ""),
        "{}");
    String monitor = monitor(source);
    String run = runWithScan(monitor, "1997-12", 5.23, "drop", "1997-12");
    MonitorActivitiesImpl activities = activities();
    new FeedbackService(artifacts, feedbackStore, jobs, JSON)
        .give(
            jobs.find(run).orElseThrow(),
            null,
            "1997-12-01",
            "1997-12-31",
            "NOT_INCIDENT",
            "",
            "alice");
    // January 1998: a drop as weak as December's is withheld, the direction read from the
    // marked run's scan; a stronger drop and a rise of the same size alert.
    AlertDecision weak =
        activities.alertDecision(runWithScan(monitor, "1998-01", 5.0, "drop", "1998-01"));
    assertThat(weak.alert()).isFalse();
    assertThat(weak.reason())
        .contains("January 1998", "alice marked December 1997 (drop, score 5.2)", "weaker");
    AlertDecision strong =
        activities.alertDecision(runWithScan(monitor, "1998-01", 7.5, "drop", "1998-01"));
    assertThat(strong.alert()).as(strong.reason()).isTrue();
    assertThat(strong.reason()).contains("stronger than the 5.3");
    assertThat(
            activities
                .alertDecision(runWithScan(monitor, "1998-01", 5.0, "rise", "1998-01"))
                .alert())
        .isTrue();
  }

  @Test
  void aRunWhoseScanDoesNotFlagTheLatestPeriodDoesNotAlert() throws Exception {
    String source = id("job-");
    jobs.create(
        new JobRequest(source, "q", "financial", "alice", ApprovalMode.AUTO, 300, List.of(), ""),
        "{}");
    String run = runWithScan(monitor(source), "1997-06", 7.0);
    AlertDecision decided = activities().alertDecision(run);
    assertThat(decided.alert()).isFalse();
    assertThat(decided.reason())
        .contains("did not flag the latest period, December 1997", "its score was 0.5");
  }

  @Test
  void aDeletedMonitorDoesNotRunAgain() throws Exception {
    String source = id("job-");
    jobs.create(
        new JobRequest(source, "q", "financial", "alice", ApprovalMode.AUTO, 300, List.of(), ""),
        "{}");
    String monitor = monitor(source);
    monitors.setState(monitor, "deleted");
    assertThatThrownBy(
            () -> activities().prepareRun(monitor, id("job-"), "w", "1998-01-01T06:00:00Z"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("deleted");
  }
}
