package io.assay.web.monitor;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.assay.analyses.AnalysisRegistry;
import io.assay.contract.job.JobProgress;
import io.assay.contract.job.JobState;
import io.assay.contract.monitor.AlertRule;
import io.assay.contract.monitor.MonitorRunWorkflow;
import io.assay.contract.plan.Decision;
import io.assay.contract.plan.Plan;
import io.assay.delivery.UrlRedaction;
import io.assay.pick.ColumnRef;
import io.assay.pick.TimeFilter;
import io.assay.recon.MetricDefinition;
import io.assay.recon.Recon;
import io.assay.recon.ReconRegistry;
import io.assay.recon.schema.SchemaSnapshot.DateRange;
import io.assay.store.JobRecord;
import io.assay.store.JobStore;
import io.assay.store.MonitorRecord;
import io.assay.store.MonitorStore;
import io.assay.web.config.AssayProperties;
import io.assay.web.jobs.DeliveryTargets;
import io.assay.web.jobs.InvalidSubmission;
import io.assay.web.temporal.TemporalConfig.EmbeddedTemporal;
import io.temporal.api.enums.v1.ScheduleOverlapPolicy;
import io.temporal.client.WorkflowOptions;
import io.temporal.client.schedules.Schedule;
import io.temporal.client.schedules.ScheduleActionStartWorkflow;
import io.temporal.client.schedules.ScheduleBackfill;
import io.temporal.client.schedules.ScheduleClient;
import io.temporal.client.schedules.ScheduleDescription;
import io.temporal.client.schedules.ScheduleException;
import io.temporal.client.schedules.ScheduleHandle;
import io.temporal.client.schedules.SchedulePolicy;
import io.temporal.client.schedules.ScheduleState;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Service;

/**
 * Creates and steers monitors. Each monitor is a Temporal Schedule (id {@code monitor-<id>}) that
 * starts {@link MonitorRunWorkflow}: Temporal keeps the cadence, pauses, triggers, backfills, skips
 * a run while the previous one still goes and catches up missed runs within a bounded window; the
 * schedule lives in the Temporal service's own database, so it survives restarts.
 */
@Service
public class MonitorService {
  private static final Logger log = LoggerFactory.getLogger(MonitorService.class);

  /** Most runs one backfill may start. */
  static final int MAX_BACKFILL_RUNS = 120;

  private final MonitorStore monitors;
  private final JobStore jobs;
  private final ReconRegistry recons;
  private final AnalysisRegistry analyses;
  private final DeliveryTargets targets;
  private final ObjectMapper json;
  private final EmbeddedTemporal temporal;
  private final ScheduleClient schedules;
  private final String taskQueue;
  private final Duration catchupWindow;

  public MonitorService(
      MonitorStore monitors,
      JobStore jobs,
      ReconRegistry recons,
      AnalysisRegistry analyses,
      DeliveryTargets targets,
      ObjectMapper json,
      EmbeddedTemporal temporal,
      ScheduleClient schedules,
      AssayProperties props,
      @Value("${assay.monitors.catchup-window:1d}") Duration catchupWindow) {
    this.monitors = monitors;
    this.jobs = jobs;
    this.recons = recons;
    this.analyses = analyses;
    this.targets = targets;
    this.json = json;
    this.temporal = temporal;
    this.schedules = schedules;
    this.taskQueue = props.temporal().taskQueue();
    this.catchupWindow = catchupWindow;
  }

  /** Whether this server can run monitors; when not, why. */
  public Optional<String> unavailable() {
    if (temporal.inProcess()) {
      return Optional.of(
          "Monitors run as Temporal Schedules, and this server runs the in-process Temporal test"
              + " service, which cannot run schedules (and loses its state on restart). Start"
              + " Assay with the Temporal CLI's dev server (assay.temporal.embedded=cli, the"
              + " default) or an external Temporal service (assay.temporal.target).");
    }
    return Optional.empty();
  }

  /**
   * Validates everything first (the job, its plan, the cadence against the plan's periods, the
   * delivery targets), then records the monitor and creates its schedule; when the schedule cannot
   * be created the monitor is removed again, so nothing is half-written.
   */
  public MonitorRecord create(MonitorDraft draft, String owner, boolean operator) {
    unavailable()
        .ifPresent(
            why -> {
              throw new MonitorsUnavailable(why);
            });
    JobRecord job =
        jobs.find(draft.fromJob())
            .orElseThrow(() -> new InvalidSubmission("fromJob", "No job " + draft.fromJob() + "."));
    if (!operator && !job.owner().equals(owner)) {
      throw new InvalidSubmission(
          "fromJob", "Job " + job.id() + " belongs to someone else; monitor your own jobs.");
    }
    if (jobs.monitorOf(job.id()).isPresent()) {
      throw new InvalidSubmission(
          "fromJob",
          "Job "
              + job.id()
              + " is a run of a monitor already; create the monitor from its source.");
    }
    Plan plan = approvedPlan(job);
    AlertRule rule = AlertRule.valueOf(draft.alertRule());
    RollingPlan.Window window;
    try {
      window =
          RollingPlan.of(
              plan,
              rule,
              draft.periods(),
              analyses,
              metric -> span(job.dataset(), metric),
              time -> json.convertValue(time, TimeFilter.class));
    } catch (IllegalArgumentException e) {
      throw new InvalidSubmission(draft.periods() == null ? "fromJob" : "periods", e.getMessage());
    }
    Cadence cadence;
    try {
      cadence = Cadence.of(draft.every(), draft.cron(), draft.timeZone());
      cadence.requireAtLeast(window.grain(), ZonedDateTime.now(cadence.zone()));
    } catch (Cadence.CadenceException e) {
      throw new InvalidSubmission(e.field(), e.getMessage());
    }
    List<String> problems = targets.problems(draft.delivery());
    if (!problems.isEmpty()) {
      throw new InvalidSubmission("delivery", String.join("; ", problems));
    }
    String id = "mon-" + UUID.randomUUID().toString().substring(0, 13);
    MonitorRecord m =
        new MonitorRecord(
            id,
            owner,
            job.dataset(),
            job.question(),
            job.id(),
            write(plan),
            window.periods(),
            window.grain().name().toLowerCase(java.util.Locale.ROOT),
            cadence.kind(),
            cadence.text(),
            cadence.zone().getId(),
            draft.delivery(),
            rule,
            "active",
            null,
            null);
    monitors.create(m);
    try {
      schedules.createSchedule(
          MonitorRunWorkflow.scheduleId(id),
          schedule(id, cadence, owner, job.id()),
          io.temporal.client.schedules.ScheduleOptions.newBuilder().build());
    } catch (RuntimeException e) {
      monitors.discard(id);
      log.warn("Creating the schedule of monitor {} failed", id, e);
      throw new InvalidSubmission(
          draft.cron() != null && !draft.cron().isBlank() ? "cron" : "every",
          "Temporal refused the schedule: " + rootMessage(e));
    }
    return monitors.find(id).orElseThrow();
  }

  private Schedule schedule(String id, Cadence cadence, String owner, String jobId) {
    return Schedule.newBuilder()
        .setAction(
            ScheduleActionStartWorkflow.newBuilder()
                .setWorkflowType(MonitorRunWorkflow.class)
                .setArguments(id)
                .setOptions(
                    WorkflowOptions.newBuilder()
                        .setWorkflowId("monitor-run-" + id)
                        .setTaskQueue(taskQueue)
                        .setWorkflowExecutionTimeout(Duration.ofDays(7))
                        .build())
                .build())
        .setSpec(cadence.spec())
        .setPolicy(
            SchedulePolicy.newBuilder()
                .setOverlap(ScheduleOverlapPolicy.SCHEDULE_OVERLAP_POLICY_SKIP)
                .setCatchupWindow(catchupWindow)
                .build())
        .setState(
            ScheduleState.newBuilder()
                .setNote("monitor " + id + " of " + owner + ", from job " + jobId)
                .build())
        .build();
  }

  /** The plan the job ran (after people's edits): only a completed job that planned qualifies. */
  private Plan approvedPlan(JobRecord job) {
    JobState s = job.state();
    if (s == JobState.CLARIFICATION_REQUIRED) {
      throw new InvalidSubmission(
          "fromJob",
          "Job " + job.id() + " is waiting for a clarification; answer it and let the job finish.");
    }
    if (s != JobState.COMPLETED) {
      throw new InvalidSubmission(
          "fromJob",
          "Job "
              + job.id()
              + " is "
              + s
              + "; a monitor repeats a job that completed"
              + (s == JobState.FAILED || s == JobState.CANCELLED
                  ? " (edit and resubmit it first)."
                  : " (wait for it to finish)."));
    }
    JobProgress progress = readProgress(job);
    if (progress == null || progress.plan() == null || progress.plan().steps().isEmpty()) {
      throw new InvalidSubmission("fromJob", "Job " + job.id() + " has no plan to repeat.");
    }
    if (progress.decision() == Decision.CLARIFICATION_REQUIRED
        || progress.decision() == Decision.ERROR) {
      throw new InvalidSubmission("fromJob", "Job " + job.id() + " did not plan an analysis.");
    }
    return progress.plan();
  }

  private DateRange span(String dataset, String metric) {
    if (!recons.serves(dataset)) {
      return null;
    }
    Recon recon = recons.get(dataset);
    return recon
        .metric(metric)
        .map(MetricDefinition::timeColumn)
        .flatMap((ColumnRef c) -> recon.dateRange(c))
        .filter(r -> r.min() != null && r.max() != null)
        .orElse(null);
  }

  public Optional<MonitorRecord> find(String id) {
    return monitors.find(id).filter(m -> !m.deleted());
  }

  public List<MonitorRecord> list(String owner) {
    return monitors.list(owner);
  }

  public void pause(MonitorRecord m, String by) {
    handle(m).pause("paused by " + by);
    monitors.setState(m.id(), "paused");
  }

  public void resume(MonitorRecord m, String by) {
    handle(m).unpause("resumed by " + by);
    monitors.setState(m.id(), "active");
  }

  /** Runs the monitor now, as of now; skipped by Temporal while a run is still going. */
  public void trigger(MonitorRecord m) {
    handle(m).trigger(ScheduleOverlapPolicy.SCHEDULE_OVERLAP_POLICY_SKIP);
  }

  /**
   * Runs the monitor for every time its cadence would have run in {@code [from, to]}, one after
   * another (each as of its own time). At most {@link #MAX_BACKFILL_RUNS} runs.
   */
  public int backfill(MonitorRecord m, Instant from, Instant to) {
    if (!from.isBefore(to)) {
      throw new InvalidSubmission("from", "The backfill range must start before it ends.");
    }
    if (to.isAfter(Instant.now())) {
      throw new InvalidSubmission("to", "A backfill fills the past; 'to' is in the future.");
    }
    Cadence cadence =
        Cadence.of(
            m.cadenceKind().equals("cron") ? null : m.cadence(),
            m.cadenceKind().equals("cron") ? m.cadence() : null,
            m.timeZone());
    int runs = cadence.count(from, to, MAX_BACKFILL_RUNS + 1);
    if (runs == 0) {
      throw new InvalidSubmission(
          "from", "The monitor's cadence (" + m.cadence() + ") has no run in that range.");
    }
    if (runs > MAX_BACKFILL_RUNS) {
      throw new InvalidSubmission(
          "from",
          "That range holds more than "
              + MAX_BACKFILL_RUNS
              + " runs of the monitor; backfill a shorter range.");
    }
    handle(m)
        .backfill(
            List.of(
                new ScheduleBackfill(
                    from, to, ScheduleOverlapPolicy.SCHEDULE_OVERLAP_POLICY_BUFFER_ALL)));
    return runs;
  }

  /** Deletes the schedule; the monitor's row and its runs stay, marked deleted. */
  public void delete(MonitorRecord m) {
    try {
      handle(m).delete();
    } catch (ScheduleException e) {
      log.warn("The schedule of monitor {} could not be deleted: {}", m.id(), rootMessage(e));
    }
    monitors.setState(m.id(), "deleted");
  }

  /** What Temporal knows of the schedule; empty when it cannot be reached. */
  public Optional<ScheduleDescription> describe(MonitorRecord m) {
    try {
      return Optional.of(handle(m).describe());
    } catch (RuntimeException e) {
      return Optional.empty();
    }
  }

  private ScheduleHandle handle(MonitorRecord m) {
    unavailable()
        .ifPresent(
            why -> {
              throw new MonitorsUnavailable(why);
            });
    return schedules.getHandle(MonitorRunWorkflow.scheduleId(m.id()));
  }

  public List<JobRecord> runs(MonitorRecord m, int limit) {
    return jobs.runsOf(m.id(), limit);
  }

  /** The targets with secrets in URLs redacted, for pages and the API. */
  public static List<String> shownTargets(MonitorRecord m) {
    return m.delivery().stream().map(UrlRedaction::redact).toList();
  }

  private JobProgress readProgress(JobRecord job) {
    if (job.progressJson() == null) {
      return null;
    }
    try {
      return json.readValue(job.progressJson(), JobProgress.class);
    } catch (JsonProcessingException e) {
      return null;
    }
  }

  private String write(Object value) {
    try {
      return json.writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  private static String rootMessage(Throwable e) {
    Throwable t = e;
    while (t.getCause() != null && t.getCause() != t) {
      t = t.getCause();
    }
    return t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
  }
}
