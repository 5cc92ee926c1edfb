package io.assay.web.monitor;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.assay.contract.delivery.Receipt;
import io.assay.contract.job.JobProgress;
import io.assay.store.FeedbackRecord;
import io.assay.store.FeedbackStore;
import io.assay.store.JobRecord;
import io.assay.store.MonitorRecord;
import io.assay.store.ReceiptStore;
import io.temporal.client.schedules.ScheduleDescription;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.stereotype.Component;

/** Builds {@link MonitorView}s from the store, the schedule and the runs' jobs. */
@Component
public class MonitorViews {
  /** Runs shown per monitor. */
  static final int RUNS = 50;

  private final MonitorService monitors;
  private final FeedbackStore feedback;
  private final ObjectMapper json;
  private final ReceiptStore receipts;

  public MonitorViews(
      MonitorService monitors, FeedbackStore feedback, ObjectMapper json, ReceiptStore receipts) {
    this.monitors = monitors;
    this.feedback = feedback;
    this.json = json;
    this.receipts = receipts;
  }

  public MonitorView of(MonitorRecord m) {
    Optional<ScheduleDescription> d =
        monitors.unavailable().isPresent() ? Optional.empty() : monitors.describe(m);
    List<JobRecord> jobs = monitors.runs(m, RUNS);
    // One query for every run's receipts, not one per run.
    Map<String, List<Receipt>> delivered =
        receipts.forJobs(jobs.stream().map(JobRecord::id).toList());
    List<MonitorView.Run> runs = new ArrayList<>();
    for (JobRecord job : jobs) {
      runs.add(run(job, delivered.getOrDefault(job.id(), List.of())));
    }
    Map<String, Integer> counts = new LinkedHashMap<>();
    for (FeedbackRecord f : feedback.forMonitor(m.id())) {
      counts.merge(f.verdict().name(), 1, Integer::sum);
    }
    return MonitorView.of(
        m,
        d.isPresent(),
        d.map(x -> x.getSchedule().getState().isPaused()).orElse(false),
        d.map(x -> x.getInfo().getNextActionTimes()).orElse(List.of()).stream().limit(5).toList(),
        runs,
        counts);
  }

  private MonitorView.Run run(JobRecord job, List<Receipt> delivered) {
    JobProgress p = progress(job.progressJson());
    return new MonitorView.Run(
        job.id(),
        job.state().name(),
        p == null ? null : p.alert(),
        window(job),
        p == null ? List.of() : p.receipts(),
        delivered.stream().map(MonitorView.Delivery::of).toList(),
        job.createdAt(),
        job.finishedAt());
  }

  private String window(JobRecord job) {
    // The window is in the job's options; the progress plan holds it too, as dates.
    return job.progressJson() == null ? "" : windowOf(job.progressJson());
  }

  private String windowOf(String progressJson) {
    try {
      JsonNode reason = json.readTree(progressJson).path("decisionReason");
      String r = reason.asText("");
      int over = r.indexOf(", over ");
      return over < 0 ? "" : r.substring(over + ", over ".length());
    } catch (JsonProcessingException e) {
      return "";
    }
  }

  private JobProgress progress(String text) {
    if (text == null) {
      return null;
    }
    try {
      return json.readValue(text, JobProgress.class);
    } catch (JsonProcessingException e) {
      return null;
    }
  }
}
