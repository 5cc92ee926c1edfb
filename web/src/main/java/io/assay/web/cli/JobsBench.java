package io.assay.web.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.assay.contract.job.ApprovalMode;
import io.assay.contract.job.JobState;
import io.assay.store.JobEvent;
import io.assay.store.JobRecord;
import io.assay.store.JobStore;
import io.assay.web.jobs.JobService;
import io.assay.web.jobs.JobSubmission;
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
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * {@code assay bench jobs}: N concurrent jobs (default 50) on the embedded stack with the
 * deterministic planner and auto-approval. Prints end-to-end latency (p50, p95), throughput, and
 * where the time went: SQL (from the jobs' tool_call_finished events), other activity work (from
 * the Temporal histories), and orchestration (the rest: scheduling, workflow tasks, progress
 * recording).
 */
final class JobsBench {
  /** Questions the deterministic path answers, from a direct answer to the anomaly scenario. */
  static final List<String> QUESTIONS =
      List.of(
          "How many accounts were opened in 1997?",
          "What is the total loan amount in 1996?",
          "Check the monthly cash withdrawal amount in 1997 and drill down if anything is unusual",
          "How many clients are female?",
          "How many cards were issued in 1997?",
          "How many loans are there by loan status?",
          "What is the total amount of cash withdrawals in 1997?");

  private JobsBench() {}

  static int run(String[] args, PrintStream out, PrintStream err)
      throws InterruptedException, IOException {
    boolean json = List.of(args).contains("--json");
    int jobs = 50;
    String temporal = "cli";
    List<String> launch = new ArrayList<>();
    launch.addAll(
        List.of(
            "--server.port=0", "--assay.temporal.embedded-port=0", "--logging.level.root=warn"));
    for (int i = 0; i < args.length; i++) {
      if (args[i].equals("--jobs") && i + 1 < args.length) {
        jobs = Integer.parseInt(args[++i]);
      } else if (args[i].equals("--temporal") && i + 1 < args.length) {
        temporal = args[++i];
      } else if (args[i].startsWith("--assay.") || args[i].startsWith("--server.")) {
        launch.add(args[i]); // e.g. --assay.home=DIR for a stack of its own
      }
    }
    if (!List.of("cli", "in-process").contains(temporal)) {
      throw new Cli.UsageException("--temporal must be cli or in-process, was '" + temporal + "'");
    }
    launch.add("--assay.temporal.embedded=" + temporal);
    launch.add("--assay.temporal.ui-port=0");
    err.println("bench jobs: starting the embedded stack (Temporal: " + temporal + ")...");
    long bootStart = System.nanoTime();
    try (ConfigurableApplicationContext app = UpCommand.start(launch.toArray(String[]::new))) {
      double startSeconds = (System.nanoTime() - bootStart) / 1e9;
      String temporalService =
          app.getBean(io.assay.web.temporal.TemporalConfig.EmbeddedTemporal.class).kind().name();
      JobService service = app.getBean(JobService.class);
      JobStore store = app.getBean(JobStore.class);
      WorkflowClient client = app.getBean(WorkflowClient.class);

      // One warm-up job per question (concurrently, as below) so that class loading, first-time
      // initialisation and recon are not in the figures.
      List<String> warm = new ArrayList<>();
      for (String question : QUESTIONS) {
        warm.add(service.submit(submission(question), "bench"));
      }
      awaitAll(store, warm, Duration.ofMinutes(5));

      err.println("bench jobs: submitting " + jobs + " concurrent jobs...");
      String home = app.getBean(io.assay.web.config.AssayProperties.class).home().toString();
      CpuTimes cpuBefore = CpuTimes.now(home);
      long start = System.nanoTime();
      ExecutorService pool = Executors.newFixedThreadPool(Math.min(jobs, 50));
      List<Future<String>> futures = new ArrayList<>();
      for (int i = 0; i < jobs; i++) {
        String question = QUESTIONS.get(i % QUESTIONS.size());
        futures.add(pool.submit(() -> service.submit(submission(question), "bench")));
      }
      List<String> ids = new ArrayList<>();
      for (Future<String> f : futures) {
        try {
          ids.add(f.get());
        } catch (java.util.concurrent.ExecutionException e) {
          throw new StartupFailure("submitting a job failed: " + e.getCause().getMessage());
        }
      }
      pool.shutdown();
      List<JobRecord> done = awaitAll(store, ids, Duration.ofMinutes(15));
      double wallSeconds = (System.nanoTime() - start) / 1e9;
      CpuTimes cpu = CpuTimes.now(home).minus(cpuBefore);
      double[] load = loadAverage();

      List<Long> latencies = new ArrayList<>();
      long sqlMillis = 0;
      long activityMillis = 0;
      long historyEvents = 0;
      Map<String, Integer> states = new HashMap<>();
      for (JobRecord job : done) {
        states.merge(job.state().name(), 1, Integer::sum);
        if (job.finishedAt() == null) {
          continue;
        }
        latencies.add(Duration.between(job.createdAt(), job.finishedAt()).toMillis());
        sqlMillis += sqlMillis(store.events(job.id(), 0));
        activityMillis += activityMillis(client, job);
        historyEvents += historyEvents(client, job.id());
      }
      latencies.sort(Long::compare);
      long total = latencies.stream().mapToLong(Long::longValue).sum();
      int failures = done.size() - states.getOrDefault("COMPLETED", 0);

      Map<String, Object> result = new LinkedHashMap<>();
      result.put("jobs", jobs);
      result.put("temporal", temporalService);
      result.put("startSeconds", Math.round(startSeconds * 10) / 10.0);
      result.put("historyEventsPerJob", Math.round(10.0 * historyEvents / done.size()) / 10.0);
      result.put("states", states);
      result.put("failures", failures);
      result.put("p50Millis", percentile(latencies, 0.50));
      result.put("p95Millis", percentile(latencies, 0.95));
      result.put("jobsPerMinute", Math.round(jobs / wallSeconds * 60 * 10) / 10.0);
      result.put("sqlShare", share(sqlMillis, total));
      result.put("otherActivityShare", share(activityMillis - sqlMillis, total));
      result.put("orchestrationShare", share(total - activityMillis, total));
      result.put("cpuMillisPerJob", cpu.perJob(jobs));
      result.put("loadAverage", load);
      result.put("targets", Map.of("failures", 0, "p50Millis", 3000, "orchestrationShare", 0.25));
      if (json) {
        out.println(new ObjectMapper().writeValueAsString(result));
      } else {
        out.printf(
            "%d concurrent jobs (deterministic planner, auto-approve) on %s, states %s%n",
            jobs, temporalService, states);
        out.printf(
            "  start-up            %.1f s   history events per job %.1f (job + steps)%n",
            startSeconds, (double) historyEvents / done.size());
        out.printf(
            "  end-to-end latency  p50 %,d ms   p95 %,d ms   (target p50 < 3,000 ms)%n",
            percentile(latencies, 0.5), percentile(latencies, 0.95));
        out.printf(
            "  throughput          %.1f jobs/minute (wall %.1f s)%n",
            jobs / wallSeconds * 60, wallSeconds);
        out.printf(
            "  time share          SQL %.1f%%   other activity work %.1f%%   orchestration %.1f%%   (target orchestration < 25%%)%n",
            100 * share(sqlMillis, total),
            100 * share(activityMillis - sqlMillis, total),
            100 * share(total - activityMillis, total));
        Map<String, Long> perJob = cpu.perJob(jobs);
        out.printf(
            "  CPU per job         %,d ms: Assay JVM %,d, Temporal server %,d, PostgreSQL %,d,"
                + " other %,d%n",
            perJob.values().stream().mapToLong(Long::longValue).sum(),
            perJob.get("assayJvm"),
            perJob.get("temporalServer"),
            perJob.get("postgres"),
            perJob.get("other"));
        out.printf(
            "  load average        %.1f %.1f %.1f on %d cores (other work on the machine counts)%n",
            load[0], load[1], load[2], Runtime.getRuntime().availableProcessors());
        out.printf("  failures            %d (target 0)%n", failures);
      }
      return failures == 0 ? 0 : 1;
    }
  }

  /** The 1, 5 and 15 minute load averages (zeros where the system does not say). */
  private static double[] loadAverage() {
    try {
      String[] f =
          java.nio.file.Files.readString(java.nio.file.Path.of("/proc/loadavg")).split(" ");
      return new double[] {
        Double.parseDouble(f[0]), Double.parseDouble(f[1]), Double.parseDouble(f[2])
      };
    } catch (IOException | RuntimeException e) {
      double one =
          java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
      return new double[] {one, 0, 0};
    }
  }

  /**
   * CPU time used by this JVM and by the processes it started (the Temporal CLI's server, the
   * embedded PostgreSQL and its backends): a figure that, unlike latency, does not grow with the
   * other work on a shared machine.
   */
  private record CpuTimes(long assayJvm, long temporalServer, long postgres, long other) {
    static CpuTimes now(String home) {
      long jvm =
          ((com.sun.management.OperatingSystemMXBean)
                      java.lang.management.ManagementFactory.getOperatingSystemMXBean())
                  .getProcessCpuTime()
              / 1_000_000;
      long temporal = 0;
      long postgres = 0;
      long other = 0;
      // The embedded PostgreSQL detaches from this JVM: found by its data directory under home.
      java.util.Set<ProcessHandle> processes =
          new java.util.LinkedHashSet<>(ProcessHandle.current().descendants().toList());
      ProcessHandle.allProcesses()
          .filter(
              p ->
                  p.info().command().orElse("").endsWith("postgres")
                      && String.join(" ", p.info().arguments().orElse(new String[0]))
                          .contains(home))
          .forEach(
              p -> {
                processes.add(p);
                processes.addAll(p.descendants().toList());
              });
      for (ProcessHandle p : processes) {
        long millis = p.info().totalCpuDuration().map(Duration::toMillis).orElse(0L);
        String command = p.info().command().orElse("");
        if (command.endsWith("temporal")) {
          temporal += millis;
        } else if (command.endsWith("postgres") || command.isEmpty()) {
          postgres += millis;
        } else {
          other += millis;
        }
      }
      return new CpuTimes(jvm, temporal, postgres, other);
    }

    CpuTimes minus(CpuTimes before) {
      return new CpuTimes(
          assayJvm - before.assayJvm,
          temporalServer - before.temporalServer,
          postgres - before.postgres,
          other - before.other);
    }

    Map<String, Long> perJob(int jobs) {
      Map<String, Long> m = new LinkedHashMap<>();
      m.put("assayJvm", assayJvm / jobs);
      m.put("temporalServer", temporalServer / jobs);
      m.put("postgres", Math.max(0, postgres) / jobs);
      m.put("other", Math.max(0, other) / jobs);
      return m;
    }
  }

  private static JobSubmission submission(String question) {
    return new JobSubmission(question, "financial", ApprovalMode.AUTO, null, List.of(), null);
  }

  /**
   * Polls the states of the bench's jobs only (no progress documents), so the bench itself adds
   * little load; reads the records once all are done.
   */
  private static List<JobRecord> awaitAll(JobStore store, List<String> ids, Duration limit)
      throws InterruptedException {
    long deadline = System.nanoTime() + limit.toNanos();
    while (true) {
      Map<String, JobState> states = store.states(ids);
      // A job that waits for a person will not finish on its own: it counts as a failure.
      if (states.size() == ids.size()
          && states.values().stream()
              .allMatch(s -> s.terminal() || s == JobState.CLARIFICATION_REQUIRED)) {
        List<JobRecord> records = new ArrayList<>();
        for (String id : ids) {
          store.find(id).ifPresent(records::add);
        }
        return records;
      }
      if (System.nanoTime() > deadline) {
        throw new StartupFailure("jobs did not finish within " + limit.toMinutes() + " minutes");
      }
      Thread.sleep(250);
    }
  }

  private static long sqlMillis(List<JobEvent> events) {
    ObjectMapper mapper = new ObjectMapper();
    long sum = 0;
    for (JobEvent e : events) {
      if (e.type().equals("tool_call_finished")) {
        try {
          JsonNode payload = mapper.readTree(e.payloadJson());
          sum += payload.path("elapsed_ms").asLong(0);
        } catch (IOException ex) {
          // an unreadable payload counts as no SQL time
        }
      }
    }
    return sum;
  }

  /** Time activities spent executing (start to completion), over the job and its step children. */
  private static long activityMillis(WorkflowClient client, JobRecord job) {
    long sum = 0;
    for (HistoryEvent child : client.fetchHistory(job.id()).getHistory().getEventsList()) {
      if (child.hasChildWorkflowExecutionStartedEventAttributes()) {
        sum +=
            activityMillis(
                client
                    .fetchHistory(
                        child
                            .getChildWorkflowExecutionStartedEventAttributes()
                            .getWorkflowExecution()
                            .getWorkflowId())
                    .getHistory()
                    .getEventsList());
      }
    }
    return sum + activityMillis(client.fetchHistory(job.id()).getHistory().getEventsList());
  }

  /** Events in the job's history and its step children's: each is a round trip to persist. */
  private static long historyEvents(WorkflowClient client, String workflowId) {
    long count = 0;
    for (HistoryEvent e : client.fetchHistory(workflowId).getHistory().getEventsList()) {
      count++;
      if (e.hasChildWorkflowExecutionStartedEventAttributes()) {
        count +=
            historyEvents(
                client,
                e.getChildWorkflowExecutionStartedEventAttributes()
                    .getWorkflowExecution()
                    .getWorkflowId());
      }
    }
    return count;
  }

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
