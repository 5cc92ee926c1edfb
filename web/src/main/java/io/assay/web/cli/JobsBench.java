package io.assay.web.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.assay.contract.job.ApprovalMode;
import io.assay.contract.job.JobState;
import io.assay.store.JobRecord;
import io.assay.store.JobStore;
import io.assay.web.config.AssayProperties;
import io.assay.web.jobs.JobService;
import io.assay.web.jobs.JobSubmission;
import io.assay.web.temporal.TemporalConfig;
import io.temporal.client.WorkflowClient;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * {@code assay bench jobs}: N concurrent jobs (default 50) on the embedded stack with the
 * deterministic planner and auto-approval. Prints end-to-end latency (p50, p95), throughput, and
 * where the time went: SQL (from the jobs' tool_call_finished events), other activity work (from
 * the Temporal histories: activity tasks, and the local activities that read the question, record
 * evidence and prepare the report), and orchestration (the rest: scheduling, workflow tasks,
 * progress recording). {@code --temporal both} runs the CLI dev server and then the in-process
 * service in one invocation and prints them side by side.
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

  /** Launch settings the bench chooses unless the caller gives them (any free port). */
  private static final List<String> DEFAULTS =
      List.of(
          "server.port=0",
          "assay.temporal.embedded-port=0",
          "assay.temporal.ui-port=0",
          "logging.level.root=warn");

  private JobsBench() {}

  /** What to run: how many jobs, on which services, with which extra launch settings. */
  record Options(int jobs, List<String> services, List<String> launch, boolean json) {
    static Options parse(String[] args) {
      int jobs = 50;
      String temporal = "cli";
      List<String> launch = new ArrayList<>();
      for (int i = 0; i < args.length; i++) {
        if (args[i].equals("--jobs") && i + 1 < args.length) {
          jobs = Integer.parseInt(args[++i]);
        } else if (args[i].equals("--temporal") && i + 1 < args.length) {
          temporal = args[++i];
        } else if (args[i].startsWith("--assay.") || args[i].startsWith("--server.")) {
          launch.add(args[i]); // e.g. --assay.home=DIR for a stack of its own
        }
      }
      List<String> services =
          switch (temporal) {
            case "cli", "in-process" -> List.of(temporal);
            case "both" -> List.of("cli", "in-process");
            default ->
                throw new Cli.UsageException(
                    "--temporal must be cli, in-process or both, was '" + temporal + "'");
          };
      if (jobs < 1) {
        throw new Cli.UsageException("--jobs must be at least 1, was " + jobs);
      }
      return new Options(
          jobs,
          services,
          List.copyOf(LaunchSettings.withDefaults(launch, DEFAULTS)),
          List.of(args).contains("--json"));
    }

    String[] launchFor(String service) {
      List<String> all = new ArrayList<>(launch);
      all.add("--assay.temporal.embedded=" + service);
      return all.toArray(String[]::new);
    }
  }

  static int run(String[] args, PrintStream out, PrintStream err)
      throws InterruptedException, IOException {
    Options options = Options.parse(args);
    List<JobsBenchFigures> runs = new ArrayList<>();
    for (String service : options.services()) {
      runs.add(measure(options, service, err));
    }
    if (options.json()) {
      ObjectMapper mapper = new ObjectMapper();
      Object body =
          runs.size() == 1
              ? runs.get(0).asMap()
              : Map.of("runs", runs.stream().map(JobsBenchFigures::asMap).toList());
      out.println(mapper.writeValueAsString(body));
    } else {
      JobsBenchFigures.print(runs, out);
    }
    return runs.stream().allMatch(r -> r.failures() == 0) ? 0 : 1;
  }

  /** Starts the stack on one service, warms it up, runs the concurrent jobs and reads figures. */
  private static JobsBenchFigures measure(Options options, String service, PrintStream err)
      throws InterruptedException {
    err.println("bench jobs: starting the embedded stack (Temporal: " + service + ")...");
    long bootStart = System.nanoTime();
    try (ConfigurableApplicationContext app = UpCommand.start(options.launchFor(service))) {
      double startSeconds = (System.nanoTime() - bootStart) / 1e9;
      JobService jobs = app.getBean(JobService.class);
      JobStore store = app.getBean(JobStore.class);
      // One warm-up job per question (concurrently, as below) so that class loading, first-time
      // initialisation and recon are not in the figures.
      List<String> warm = new ArrayList<>();
      for (String question : QUESTIONS) {
        warm.add(jobs.submit(submission(question), "bench"));
      }
      awaitAll(store, warm, Duration.ofMinutes(5));

      err.println("bench jobs: submitting " + options.jobs() + " concurrent jobs...");
      String home = app.getBean(AssayProperties.class).home().toString();
      StackCpu cpuBefore = StackCpu.now(home);
      long start = System.nanoTime();
      List<String> ids = submitAll(jobs, options.jobs());
      List<JobRecord> done = awaitAll(store, ids, Duration.ofMinutes(15));
      double wallSeconds = (System.nanoTime() - start) / 1e9;
      StackCpu cpu = StackCpu.now(home).minus(cpuBefore);
      return JobsBenchFigures.of(
          app.getBean(TemporalConfig.EmbeddedTemporal.class).kind().name(),
          startSeconds,
          wallSeconds,
          done,
          store,
          app.getBean(WorkflowClient.class),
          cpu.perJob(options.jobs()),
          loadAverage());
    }
  }

  /** Submits the jobs at once from a pool of submitters, cycling through the questions. */
  private static List<String> submitAll(JobService jobs, int count) throws InterruptedException {
    ExecutorService pool = Executors.newFixedThreadPool(Math.min(count, 50));
    try {
      List<Future<String>> futures = new ArrayList<>();
      for (int i = 0; i < count; i++) {
        String question = QUESTIONS.get(i % QUESTIONS.size());
        futures.add(pool.submit(() -> jobs.submit(submission(question), "bench")));
      }
      List<String> ids = new ArrayList<>();
      for (Future<String> f : futures) {
        try {
          ids.add(f.get());
        } catch (ExecutionException e) {
          throw new StartupFailure("submitting a job failed: " + e.getCause().getMessage());
        }
      }
      return ids;
    } finally {
      pool.shutdown();
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

  private static JobSubmission submission(String question) {
    return new JobSubmission(question, "financial", ApprovalMode.AUTO, null, List.of(), null);
  }

  /**
   * Polls the states of the bench's unfinished jobs only (no progress documents), so the bench
   * itself adds little load to the figures; reads the records once all are done.
   */
  private static List<JobRecord> awaitAll(JobStore store, List<String> ids, Duration limit)
      throws InterruptedException {
    long deadline = System.nanoTime() + limit.toNanos();
    java.util.Set<String> waiting = new java.util.HashSet<>(ids);
    while (true) {
      Map<String, JobState> states = store.states(waiting);
      // A job that waits for a person will not finish on its own: it counts as a failure.
      states.forEach(
          (id, s) -> {
            if (s.terminal() || s == JobState.CLARIFICATION_REQUIRED) {
              waiting.remove(id);
            }
          });
      if (waiting.isEmpty()) {
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
}
