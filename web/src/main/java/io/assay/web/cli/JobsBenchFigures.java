package io.assay.web.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.assay.store.JobEvent;
import io.assay.store.JobRecord;
import io.assay.store.JobStore;
import io.temporal.api.history.v1.HistoryEvent;
import io.temporal.client.WorkflowClient;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The figures of one {@code bench jobs} run: latency, throughput, time shares read from the jobs'
 * events and Temporal histories, and CPU per job per process.
 */
record JobsBenchFigures(
    String temporal,
    int jobs,
    double startSeconds,
    double wallSeconds,
    double historyEventsPerJob,
    Map<String, Integer> states,
    int failures,
    long p50Millis,
    long p95Millis,
    double sqlShare,
    double otherActivityShare,
    double orchestrationShare,
    double orchestrationShareWithLocalWork,
    Map<String, Long> cpuMillisPerJob,
    double[] loadAverage,
    double sqlMillisPerJob,
    double queriesPerJob,
    JobsBenchHistory timeline) {

  private static final ObjectMapper JSON = new ObjectMapper();

  /** Reads the figures of finished jobs (their events and histories, after the timed part). */
  static JobsBenchFigures of(
      String temporal,
      double startSeconds,
      double wallSeconds,
      List<JobRecord> done,
      JobStore store,
      WorkflowClient client,
      Map<String, Long> cpuPerJob,
      double[] load) {
    List<Long> latencies = new ArrayList<>();
    long sqlMillis = 0;
    long activityMillis = 0;
    long historyEvents = 0;
    long queries = 0;
    JobsBenchHistory timeline = JobsBenchHistory.ZERO;
    Map<String, Integer> states = new HashMap<>();
    for (JobRecord job : done) {
      states.merge(job.state().name(), 1, Integer::sum);
      if (job.finishedAt() == null) {
        continue;
      }
      latencies.add(Duration.between(job.createdAt(), job.finishedAt()).toMillis());
      List<JobEvent> events = store.events(job.id(), 0);
      sqlMillis += sqlMillis(events);
      queries += events.stream().filter(e -> e.type().equals("tool_call_finished")).count();
      for (List<HistoryEvent> history : histories(client, job.id())) {
        activityMillis += activityMillis(history);
        historyEvents += history.size();
        timeline = timeline.plus(JobsBenchHistory.of(history));
      }
    }
    latencies.sort(Long::compare);
    long total = latencies.stream().mapToLong(Long::longValue).sum();
    // Local activities that do a job's work (reading the question, evidence, report preparation)
    // are activity work; those that record progress stay orchestration.
    long localWork = timeline.localWorkMillis();
    return new JobsBenchFigures(
        temporal,
        done.size(),
        startSeconds,
        wallSeconds,
        done.isEmpty() ? 0 : (double) historyEvents / done.size(),
        states,
        done.size() - states.getOrDefault("COMPLETED", 0),
        percentile(latencies, 0.50),
        percentile(latencies, 0.95),
        share(sqlMillis, total),
        share(activityMillis + localWork - sqlMillis, total),
        share(total - activityMillis - localWork, total),
        share(total - activityMillis, total),
        cpuPerJob,
        load,
        done.isEmpty() ? 0 : (double) sqlMillis / done.size(),
        done.isEmpty() ? 0 : (double) queries / done.size(),
        timeline);
  }

  double jobsPerMinute() {
    return jobs / wallSeconds * 60;
  }

  long cpuTotal() {
    return cpuMillisPerJob.values().stream().mapToLong(Long::longValue).sum();
  }

  Map<String, Object> asMap() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("jobs", jobs);
    m.put("temporal", temporal);
    m.put("startSeconds", round1(startSeconds));
    m.put("historyEventsPerJob", round1(historyEventsPerJob));
    m.put("states", states);
    m.put("failures", failures);
    m.put("p50Millis", p50Millis);
    m.put("p95Millis", p95Millis);
    m.put("jobsPerMinute", round1(jobsPerMinute()));
    m.put("sqlShare", sqlShare);
    m.put("otherActivityShare", otherActivityShare);
    m.put("orchestrationShare", orchestrationShare);
    m.put("orchestrationShareWithLocalWork", orchestrationShareWithLocalWork);
    m.put("sqlMillisPerJob", round1(sqlMillisPerJob));
    m.put("queriesPerJob", round1(queriesPerJob));
    m.put("cpuMillisPerJob", cpuMillisPerJob);
    m.put("historyPerJob", timeline.perJob(jobs));
    m.put("loadAverage", loadAverage);
    m.put("targets", Map.of("failures", 0, "p50Millis", 3000, "orchestrationShare", 0.25));
    return m;
  }

  /** One column per run, so that two services' figures from one invocation sit side by side. */
  static void print(List<JobsBenchFigures> runs, PrintStream out) {
    JobsBenchFigures first = runs.get(0);
    out.printf(
        "%d concurrent jobs (deterministic planner, auto-approve), %d core(s)%n",
        first.jobs, Runtime.getRuntime().availableProcessors());
    row(out, runs, "Temporal service", r -> r.temporal);
    row(out, runs, "states", r -> r.states.toString());
    row(out, runs, "start-up", r -> String.format("%.1f s", r.startSeconds));
    row(out, runs, "history events/job", r -> String.format("%.1f", r.historyEventsPerJob));
    row(out, runs, "latency p50", r -> String.format("%,d ms", r.p50Millis));
    row(out, runs, "latency p95", r -> String.format("%,d ms", r.p95Millis));
    row(
        out,
        runs,
        "throughput",
        r -> String.format("%.1f jobs/min (%.1f s)", r.jobsPerMinute(), r.wallSeconds));
    row(out, runs, "SQL share", r -> percent(r.sqlShare));
    row(
        out,
        runs,
        "SQL time/queries per job",
        r -> String.format("%.0f ms / %.1f", r.sqlMillisPerJob, r.queriesPerJob));
    row(out, runs, "other activity share", r -> percent(r.otherActivityShare));
    row(out, runs, "orchestration share", r -> percent(r.orchestrationShare));
    row(
        out,
        runs,
        "  former definition",
        r -> percent(r.orchestrationShareWithLocalWork) + " (local work in it)");
    row(out, runs, "workflow tasks/job", r -> perJob(r, "%.1f", "workflowTasks"));
    row(
        out,
        runs,
        "  queued/ran",
        r -> perJob(r, "%s / %s ms", "workflowTaskQueueMillis", "workflowTaskRunMillis"));
    row(
        out,
        runs,
        "activity tasks/job",
        r -> perJob(r, "%s (queued %s ms)", "activityTasks", "activityQueueMillis"));
    row(
        out,
        runs,
        "local activities/job",
        r ->
            perJob(
                r,
                "%s (work %s / recording %s ms)",
                "localActivities",
                "localWorkMillis",
                "localRecordingMillis"));
    row(
        out,
        runs,
        "child start/return",
        r -> perJob(r, "%s / %s ms", "childStartMillis", "childReturnMillis"));
    row(out, runs, "CPU per job", r -> String.format("%,d ms", r.cpuTotal()));
    row(out, runs, "  Assay JVM", r -> cpu(r, "assayJvm"));
    row(out, runs, "  Temporal server", r -> cpu(r, "temporalServer"));
    row(out, runs, "  PostgreSQL", r -> cpu(r, "postgres"));
    row(out, runs, "  other", r -> cpu(r, "other"));
    row(
        out,
        runs,
        "load average (1/5/15)",
        r -> String.format("%.1f %.1f %.1f", r.loadAverage[0], r.loadAverage[1], r.loadAverage[2]));
    row(out, runs, "failures", r -> Integer.toString(r.failures));
    out.println(
        "  targets: p50 < 3,000 ms, orchestration < 25%, 0 failures; other work on the machine"
            + " counts in latency and load, not in CPU per job");
  }

  private static void row(
      PrintStream out,
      List<JobsBenchFigures> runs,
      String label,
      Function<JobsBenchFigures, String> cell) {
    StringBuilder line = new StringBuilder(String.format("  %-22s", label));
    for (JobsBenchFigures r : runs) {
      line.append(String.format("%-30s", cell.apply(r)));
    }
    out.println(line.toString().stripTrailing());
  }

  /** Figures of the history timeline per job, formatted together (the averages made once). */
  private static String perJob(JobsBenchFigures r, String format, String... keys) {
    Map<String, Object> m = r.timeline.perJob(r.jobs);
    return String.format(format, java.util.Arrays.stream(keys).map(m::get).toArray());
  }

  private static String cpu(JobsBenchFigures r, String process) {
    return String.format("%,d ms", r.cpuMillisPerJob.getOrDefault(process, 0L));
  }

  private static String percent(double share) {
    return String.format("%.1f%%", 100 * share);
  }

  private static double round1(double v) {
    return Math.round(v * 10) / 10.0;
  }

  /** The job's history and those of its step children, each a list of events. */
  private static List<List<HistoryEvent>> histories(WorkflowClient client, String workflowId) {
    List<List<HistoryEvent>> all = new ArrayList<>();
    List<HistoryEvent> events = client.fetchHistory(workflowId).getHistory().getEventsList();
    all.add(events);
    for (HistoryEvent e : events) {
      if (e.hasChildWorkflowExecutionStartedEventAttributes()) {
        all.addAll(
            histories(
                client,
                e.getChildWorkflowExecutionStartedEventAttributes()
                    .getWorkflowExecution()
                    .getWorkflowId()));
      }
    }
    return all;
  }

  private static long sqlMillis(List<JobEvent> events) {
    long sum = 0;
    for (JobEvent e : events) {
      if (e.type().equals("tool_call_finished")) {
        try {
          JsonNode payload = JSON.readTree(e.payloadJson());
          sum += payload.path("elapsed_ms").asLong(0);
        } catch (IOException ex) {
          // an unreadable payload counts as no SQL time
        }
      }
    }
    return sum;
  }

  /** Time activities spent executing (start to completion) in one history. */
  private static long activityMillis(List<HistoryEvent> events) {
    Map<Long, Long> started = new HashMap<>();
    long sum = 0;
    for (HistoryEvent e : events) {
      if (e.hasActivityTaskStartedEventAttributes()) {
        started.put(e.getActivityTaskStartedEventAttributes().getScheduledEventId(), millis(e));
      } else if (e.hasActivityTaskCompletedEventAttributes()) {
        Long begin = started.get(e.getActivityTaskCompletedEventAttributes().getScheduledEventId());
        if (begin != null) {
          sum += millis(e) - begin;
        }
      }
    }
    return sum;
  }

  private static long millis(HistoryEvent e) {
    return e.getEventTime().getSeconds() * 1000 + e.getEventTime().getNanos() / 1_000_000;
  }

  private static long percentile(List<Long> sorted, double p) {
    if (sorted.isEmpty()) {
      return 0;
    }
    int index = (int) Math.ceil(p * sorted.size()) - 1;
    return sorted.get(Math.max(0, Math.min(sorted.size() - 1, index)));
  }

  private static double share(long part, long total) {
    return total == 0 ? 0 : Math.round(1000.0 * part / total) / 1000.0;
  }
}
