package io.assay.web.monitor;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.assay.analyses.AnalysisRegistry;
import io.assay.analyses.support.Periods;
import io.assay.analyses.trend.TrendAnomaly;
import io.assay.contract.delivery.ChannelSpec;
import io.assay.contract.job.ApprovalMode;
import io.assay.contract.job.JobRequest;
import io.assay.contract.monitor.AlertDecision;
import io.assay.contract.monitor.MonitorActivities;
import io.assay.contract.monitor.MonitorRun;
import io.assay.contract.plan.Plan;
import io.assay.delivery.UrlRedaction;
import io.assay.pick.ColumnRef;
import io.assay.recon.MetricDefinition;
import io.assay.recon.Recon;
import io.assay.recon.ReconRegistry;
import io.assay.recon.schema.SchemaSnapshot;
import io.assay.report.words.Labels;
import io.assay.report.words.RawNames;
import io.assay.store.Artifact;
import io.assay.store.ArtifactPart;
import io.assay.store.ArtifactStore;
import io.assay.store.FeedbackRecord;
import io.assay.store.FeedbackStore;
import io.assay.store.JobStore;
import io.assay.store.MonitorRecord;
import io.assay.store.MonitorStore;
import io.assay.web.jobs.DeliveryTargets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The database side of a monitor's run: its job, and its alert decision. */
public class MonitorActivitiesImpl implements MonitorActivities {
  private final MonitorStore monitors;
  private final FeedbackStore feedback;
  private final JobStore jobs;
  private final ArtifactStore artifacts;
  private final ReconRegistry recons;
  private final AnalysisRegistry analyses;
  private final DeliveryTargets targets;
  private final ObjectMapper json;

  public MonitorActivitiesImpl(
      MonitorStore monitors,
      FeedbackStore feedback,
      JobStore jobs,
      ArtifactStore artifacts,
      ReconRegistry recons,
      AnalysisRegistry analyses,
      DeliveryTargets targets,
      ObjectMapper json) {
    this.monitors = monitors;
    this.feedback = feedback;
    this.jobs = jobs;
    this.artifacts = artifacts;
    this.recons = recons;
    this.analyses = analyses;
    this.targets = targets;
    this.json = json;
  }

  @Override
  public JobRequest prepareRun(String monitorId, String jobId, String runWorkflowId, String asOf) {
    MonitorRecord m =
        monitors
            .find(monitorId)
            .filter(x -> !x.deleted())
            .orElseThrow(
                () -> new IllegalArgumentException("monitor " + monitorId + " was deleted"));
    if (!recons.serves(m.dataset())) {
      throw new IllegalArgumentException(
          "monitor " + monitorId + " asks about dataset " + m.dataset() + ", no longer served");
    }
    Plan approved = read(m.planJson(), Plan.class);
    ZoneId zone = ZoneId.of(m.timeZone());
    LocalDate asOfDate = Instant.parse(asOf).atZone(zone).toLocalDate();
    io.assay.pick.TimeGrain grain =
        io.assay.pick.TimeGrain.valueOf(m.grain().toUpperCase(java.util.Locale.ROOT));
    Periods.Range window = RollingPlan.window(grain, m.periods(), asOfDate, dataLast(m, approved));
    FeedbackTuning tuning =
        new FeedbackTuning(marks(monitorId), takesExpectedPeriods(), window.to());
    Plan plan = RollingPlan.resolve(approved, window, tuning::tune);
    List<ChannelSpec> channels = targets.parse(m.delivery());
    String words = RollingPlan.words(grain, m.periods(), window);
    RawNames names = names(m.dataset());
    List<MonitorRun.AppliedFeedback> applied =
        tuning.applied().stream()
            .map(a -> new MonitorRun.AppliedFeedback(a.by(), a.at(), names.relabel(a.what())))
            .toList();
    MonitorRun run = new MonitorRun(monitorId, m.alertRule(), words, applied);
    JobRequest request =
        new JobRequest(
            jobId,
            m.question(),
            m.dataset(),
            m.owner(),
            ApprovalMode.AUTO,
            300,
            channels,
            "",
            plan,
            run);
    Map<String, Object> options = new LinkedHashMap<>();
    options.put("delivery", m.delivery().stream().map(UrlRedaction::redact).toList());
    options.put("approvalTimeoutSeconds", 300);
    options.put("monitorId", monitorId);
    options.put("monitorRun", runWorkflowId);
    options.put("asOf", asOf);
    options.put("window", words);
    options.put("feedbackApplied", tuning.applied().size());
    jobs.create(request, write(options));
    return request;
  }

  /** The last date of the scanned metric's data, when recon knows it. */
  private LocalDate dataLast(MonitorRecord m, Plan plan) {
    Recon recon = recons.get(m.dataset());
    return plan.steps().stream()
        .filter(s -> s.analysis().equals(TrendAnomaly.NAME))
        .findFirst()
        .flatMap(s -> recon.metric(String.valueOf(s.args().get("metric"))))
        .map(MetricDefinition::timeColumn)
        .flatMap((ColumnRef c) -> recon.dateRange(c))
        .map(SchemaSnapshot.DateRange::max)
        .orElse(null);
  }

  private boolean takesExpectedPeriods() {
    return analyses
        .find(TrendAnomaly.NAME)
        .map(
            a ->
                a.argsSchema().args().stream()
                    .anyMatch(s -> s.name().equals(FeedbackTuning.EXPECTED_PERIODS)))
        .orElse(false);
  }

  /** The dataset's raw names in people's words, and ISO periods as people write them. */
  private RawNames names(String dataset) {
    if (dataset == null || !recons.serves(dataset)) {
      return RawNames.NONE;
    }
    Recon recon = recons.get(dataset);
    return RawNames.of(recon, Labels.from(recon).withAnalyses(analyses.titles()));
  }

  /** Whether the run alerts, and why in people's words. */
  @Override
  public AlertDecision alertDecision(String jobId) {
    AlertDecision d = decide(jobId);
    RawNames names = names(jobs.find(jobId).map(j -> j.dataset()).orElse(null));
    return new AlertDecision(d.alert(), names.relabel(d.reason()));
  }

  private AlertDecision decide(String jobId) {
    JsonNode scan = firstTrendScan(artifacts.forJob(jobId), jobId);
    if (scan == null) {
      return new AlertDecision(
          false, "no trend scan was stored, so nothing flagged the latest period");
    }
    JsonNode series = scan.path("series");
    if (!series.isArray() || series.isEmpty()) {
      return new AlertDecision(false, "the trend scan holds no periods");
    }
    JsonNode latest = series.get(series.size() - 1);
    String period = latest.path("period").asText();
    for (JsonNode interval : scan.path("intervals")) {
      if (interval.path("end").asText().equals(period)) {
        FeedbackBar.Decision d = FeedbackBar.decide(flagged(scan, interval), marksOfRun(jobId));
        return new AlertDecision(d.alert(), d.reason());
      }
    }
    String score =
        latest.path("score").isNumber()
            ? "its score was " + FeedbackBar.fmt(latest.path("score").asDouble()) + "; "
            : "";
    return new AlertDecision(
        false,
        "trend_anomaly did not flag the latest period, "
            + period
            + " ("
            + score
            + "a period counts as unusual from a score of ±"
            + FeedbackBar.fmt(scan.path("threshold").asDouble())
            + ")");
  }

  /** The flagged interval as the alert is decided on it. */
  private static FeedbackBar.Flagged flagged(JsonNode scan, JsonNode interval) {
    return new FeedbackBar.Flagged(
        scan.path("metric").asText(),
        interval.path("start").asText(),
        interval.path("end").asText(),
        interval.path("direction").asText(),
        interval.path("start").asText().equals(interval.path("end").asText()),
        interval.path("score").asDouble(),
        LocalDate.parse(interval.path("from").asText()),
        LocalDate.parse(interval.path("to").asText()),
        scan.path("threshold").asDouble());
  }

  /** The marks of the monitor the job is a run of; none for a one-off job. */
  private List<FeedbackBar.Mark> marksOfRun(String jobId) {
    return jobs.monitorOf(jobId).map(this::marks).orElse(List.of());
  }

  /**
   * The verdict that counts per interval of a monitor, each with the direction and shape of the
   * interval it was given on, read back from the marked run's scan (the verdict row keeps the score
   * only).
   */
  private List<FeedbackBar.Mark> marks(String monitorId) {
    Map<String, List<ArtifactPart>> scans = new HashMap<>();
    List<FeedbackBar.Mark> out = new ArrayList<>();
    for (FeedbackRecord f : feedback.latestPerInterval(monitorId)) {
      List<ArtifactPart> parts =
          scans.computeIfAbsent(
              f.jobId(),
              j ->
                  artifacts.computations(
                      j, ":" + TrendAnomaly.NAME, "anomaly_scan", List.of("intervals")));
      String direction = null;
      Boolean single = null;
      for (ArtifactPart part : parts) {
        if (!part.info().stepId().equals(f.stepId())) {
          continue;
        }
        for (JsonNode i : part.fields().path("intervals")) {
          if (i.path("from").asText().equals(f.intervalFrom().toString())
              && i.path("to").asText().equals(f.intervalTo().toString())) {
            direction = i.path("direction").asText(null);
            single = i.path("start").asText().equals(i.path("end").asText());
          }
        }
      }
      out.add(new FeedbackBar.Mark(f, direction, single));
    }
    return out;
  }

  /** The anomaly scan of the job's first trend_anomaly step. */
  static JsonNode firstTrendScan(List<Artifact> all, String jobId) {
    JsonNode best = null;
    int bestStep = Integer.MAX_VALUE;
    String prefix = jobId + ":";
    String suffix = ":" + TrendAnomaly.NAME;
    for (Artifact a : all) {
      String step = a.info().stepId();
      if (step == null
          || !a.info().accepted()
          || a.content() == null
          || !step.startsWith(prefix)
          || !step.endsWith(suffix)) {
        continue;
      }
      int index;
      try {
        index = Integer.parseInt(step.substring(prefix.length(), step.length() - suffix.length()));
      } catch (NumberFormatException e) {
        continue;
      }
      JsonNode c = a.json();
      if (index < bestStep && c.path("kind").asText().equals("anomaly_scan")) {
        best = c;
        bestStep = index;
      }
    }
    return best;
  }

  private <T> T read(String text, Class<T> type) {
    try {
      return json.readValue(text, type);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a monitor's stored plan is not readable", e);
    }
  }

  private String write(Object value) {
    try {
      return json.writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }
}
