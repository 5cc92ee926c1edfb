package io.assay.web.monitor;

import io.assay.contract.delivery.Receipt;
import io.assay.report.words.StateWords;
import io.assay.store.MonitorRecord;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Map;

/**
 * A monitor as the API and the pages show it: its settings (delivery targets redacted), what
 * Temporal says of its schedule, its recent runs and the feedback on them.
 *
 * @param scheduleKnown false when Temporal could not be asked (paused and next runs then unknown)
 * @param lastOutcome the latest run's state in words, with "no alert" for a run that did not alert
 * @param lastAlert when the latest run that alerted was created, null for none
 * @param feedback verdict counts, e.g. {@code NOT_INCIDENT → 2}
 */
public record MonitorView(
    String id,
    String owner,
    String dataset,
    String question,
    String sourceJobId,
    String cadenceKind,
    String cadence,
    String timeZone,
    int periods,
    String grain,
    List<String> delivery,
    String alertRule,
    String state,
    boolean scheduleKnown,
    boolean paused,
    List<Instant> nextRuns,
    List<Run> runs,
    String lastOutcome,
    OffsetDateTime lastAlert,
    Map<String, Integer> feedback,
    OffsetDateTime createdAt) {

  /**
   * One run: its job, state, alert outcome and delivery receipts.
   *
   * @param alert "alert: …", "no alert: …" or null (not decided yet, or the run failed)
   * @param receipts the workflow's record of each delivery ("file: CONFIRMED …"), for clients
   * @param delivered each channel's receipt in words, for people
   */
  public record Run(
      String jobId,
      String state,
      String alert,
      String window,
      List<String> receipts,
      List<Delivery> delivered,
      OffsetDateTime createdAt,
      OffsetDateTime finishedAt) {

    public boolean alerted() {
      return alert != null && alert.startsWith("alert");
    }

    /** The run's job state as people say it ("running"); the name as given when it is none. */
    public String stateWords() {
      String words = StateWords.named(state);
      return words != null ? words : state;
    }
  }

  /**
   * A channel's receipt as people read it: "file", "written to /srv/reports/job-1", confirmed at
   * {@code confirmedAt} (null while it is not confirmed, and then {@code words} say why).
   */
  public record Delivery(String channel, String words, Instant confirmedAt) {
    static Delivery of(Receipt r) {
      return new Delivery(r.channel(), StateWords.of(r), r.confirmedAt());
    }
  }

  static MonitorView of(
      MonitorRecord m,
      boolean known,
      boolean paused,
      List<Instant> nextRuns,
      List<Run> runs,
      Map<String, Integer> feedback) {
    Run last = runs.isEmpty() ? null : runs.get(0);
    String outcome =
        last == null
            ? null
            : last.alert() != null && !last.alerted() ? "completed · no alert" : last.stateWords();
    OffsetDateTime lastAlert =
        runs.stream().filter(Run::alerted).map(Run::createdAt).findFirst().orElse(null);
    return new MonitorView(
        m.id(),
        m.owner(),
        m.dataset(),
        m.question(),
        m.sourceJobId(),
        m.cadenceKind(),
        m.cadence(),
        m.timeZone(),
        m.periods(),
        m.grain(),
        MonitorService.shownTargets(m),
        m.alertRule().name(),
        known ? (paused ? "paused" : "active") : m.state(),
        known,
        known ? paused : m.paused(),
        nextRuns,
        runs,
        outcome,
        lastAlert,
        feedback,
        m.createdAt());
  }
}
