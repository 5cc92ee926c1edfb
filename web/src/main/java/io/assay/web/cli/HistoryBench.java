package io.assay.web.cli;

import io.assay.contract.job.ApprovalMode;
import io.assay.contract.job.JobState;
import io.assay.contract.plan.PlanEdit;
import io.assay.store.JobStore;
import io.assay.web.jobs.JobService;
import io.assay.web.jobs.JobSubmission;
import io.temporal.client.WorkflowClient;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.net.http.HttpClient;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.function.Predicate;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * {@code assay bench history}: a long job's history page read afresh (a visit after the running
 * job's history grew, and the first visit once it has closed) side by side with the page whose runs
 * were kept (the running job's history unchanged since the last visit; every run closed), on the
 * embedded stack, as one operator's browser would load it.
 *
 * <p>Usage: {@code bench history [--events 400] [--rounds 40] [--temporal cli|in-process]
 * [--assay.home=DIR] [--assay.…=…]}. A job waits for approval while plan edits (moving its first
 * step down and back) grow its history to {@code --events}; the page is then fetched {@code
 * --rounds} times while the job still runs, each time after one more edit (read afresh) and again
 * right after (unchanged); the job is cancelled, its first visit after closing is timed, then
 * {@code --rounds} visits of the kept history. Each figure is wall time to the last byte and this
 * process's CPU time per request (the worker, the web app and the in-process service share it; the
 * CLI's Temporal server is a process of its own and not counted).
 */
final class HistoryBench {
  private static final String USER = "bench-operator";
  private static final String PASSWORD = "bench-password-" + System.nanoTime();

  /** A question the deterministic planner answers with a plan of two steps or more. */
  private static final String QUESTION =
      "Check the monthly cash withdrawal amount in 1997 and drill down if anything is unusual";

  private HistoryBench() {}

  /** One page's samples: wall and CPU milliseconds per request. */
  private record Samples(List<Double> wall, List<Double> cpu) {
    Samples() {
      this(new ArrayList<>(), new ArrayList<>());
    }

    double p(int percentile) {
      return PagesBench.percentile(wall, percentile);
    }

    double cpuMean() {
      return cpu.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
    }
  }

  static int run(String[] args, PrintStream out, PrintStream err)
      throws IOException, InterruptedException {
    int events = 400;
    int rounds = 40;
    String temporal = "cli";
    List<String> launch = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--events" -> events = Integer.parseInt(value(args, ++i));
        case "--rounds" -> rounds = Integer.parseInt(value(args, ++i));
        case "--temporal" -> temporal = value(args, ++i);
        default -> {
          if (args[i].startsWith("--assay.") || args[i].startsWith("--server.")) {
            launch.add(args[i]);
          } else {
            throw new Cli.UsageException("bench history: unknown option " + args[i]);
          }
        }
      }
    }
    if (!temporal.equals("cli") && !temporal.equals("in-process")) {
      throw new Cli.UsageException("--temporal must be cli or in-process, was '" + temporal + "'");
    }
    if (events < 50 || rounds < 1) {
      throw new Cli.UsageException("bench history: --events at least 50, --rounds at least 1");
    }
    launch.addAll(
        List.of(
            "--assay.temporal.embedded=" + temporal,
            "--assay.security.users[0].name=" + USER,
            "--assay.security.users[0].password=" + PASSWORD,
            "--assay.security.users[0].role=OPERATOR"));
    launch =
        LaunchSettings.withDefaults(
            launch,
            List.of(
                "server.port=0",
                "assay.temporal.embedded-port=0",
                "assay.temporal.ui-port=0",
                "logging.level.root=warn"));
    err.println("bench history: starting the embedded stack (Temporal: " + temporal + ")...");
    try (ConfigurableApplicationContext app = UpCommand.start(launch.toArray(String[]::new))) {
      int port = app.getEnvironment().getRequiredProperty("local.server.port", Integer.class);
      String page = "http://127.0.0.1:" + port + "/jobs/%s/history";
      JobService jobs = app.getBean(JobService.class);
      JobStore store = app.getBean(JobStore.class);
      WorkflowClient client = app.getBean(WorkflowClient.class);
      HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
      String basic =
          "Basic "
              + Base64.getEncoder()
                  .encodeToString((USER + ":" + PASSWORD).getBytes(StandardCharsets.UTF_8));

      String id =
          jobs.submit(
              new JobSubmission(QUESTION, "financial", ApprovalMode.REQUIRE, null, List.of(), null),
              USER);
      await(store, id, s -> s == JobState.AWAITING_APPROVAL, Duration.ofMinutes(3));
      err.println("bench history: editing job " + id + " until its history has " + events + "…");
      int count = grow(jobs, client, id, events);
      String url = page.formatted(id);
      // Compiled code and the first Thymeleaf rendering are not in the figures.
      for (int i = 0; i < 30; i++) {
        PagesBench.get(http, basic, url);
      }
      // Each round: an edit, so the next visit finds the running job's history grown and reads
      // it afresh, then a visit of the same history unchanged; both at the same length.
      Samples afresh = new Samples();
      Samples unchanged = new Samples();
      for (int i = 0; i < rounds; i++) {
        grow(jobs, client, id, client.fetchHistory(id).getEvents().size() + 1);
        time(http, basic, url, afresh);
        time(http, basic, url, unchanged);
      }
      jobs.cancel(id, USER, "bench done");
      await(store, id, JobState::terminal, Duration.ofMinutes(2));
      int closed = client.fetchHistory(id).getEvents().size();
      Samples first = new Samples();
      time(http, basic, url, first);
      Samples kept = new Samples();
      for (int i = 0; i < rounds; i++) {
        time(http, basic, url, kept);
      }
      out.printf(
          "history page of a job with %d to %d events in its own workflow, %d visits each%n",
          count, closed, rounds);
      out.printf("%-36s %9s %9s %11s%n", "visit", "p50 ms", "p90 ms", "CPU ms/req");
      row(out, "running, history grew (afresh)", afresh);
      row(out, "running, history unchanged", unchanged);
      row(out, "first visit once closed (afresh)", first);
      row(out, "closed, kept", kept);
      ratio(out, "unchanged / afresh", unchanged, afresh);
      ratio(out, "kept / afresh", kept, afresh);
      return 0;
    }
  }

  /** Moves the plan's first step down and back until the job's workflow has {@code events}. */
  private static int grow(JobService jobs, WorkflowClient client, String id, int events) {
    int count = client.fetchHistory(id).getEvents().size();
    boolean down = true;
    while (count < events) {
      jobs.edit(id, USER, down ? new PlanEdit.MoveStep(0, 1) : new PlanEdit.MoveStep(1, 0));
      down = !down;
      count = client.fetchHistory(id).getEvents().size();
    }
    return count;
  }

  private static void ratio(PrintStream out, String label, Samples a, Samples b) {
    out.printf(
        "%-36s %9.2f %9.2f %11.2f%n",
        label, a.p(50) / b.p(50), a.p(90) / b.p(90), a.cpuMean() / b.cpuMean());
  }

  private static void row(PrintStream out, String label, Samples s) {
    out.printf("%-36s %9.1f %9.1f %11.1f%n", label, s.p(50), s.p(90), s.cpuMean());
  }

  private static void time(HttpClient http, String basic, String url, Samples into)
      throws IOException, InterruptedException {
    long cpu = cpuNanos();
    long start = System.nanoTime();
    PagesBench.get(http, basic, url);
    into.wall().add((System.nanoTime() - start) / 1e6);
    into.cpu().add((cpuNanos() - cpu) / 1e6);
  }

  /** This process's CPU time: the web app, the worker and (in process) the Temporal service. */
  private static long cpuNanos() {
    return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
        .getProcessCpuTime();
  }

  private static void await(JobStore store, String id, Predicate<JobState> done, Duration limit)
      throws InterruptedException {
    Instant deadline = Instant.now().plus(limit);
    JobState state = store.find(id).orElseThrow().state();
    while (!done.test(state)) {
      if (Instant.now().isAfter(deadline) || (state.terminal() && !done.test(state))) {
        throw new StartupFailure("bench history: job " + id + " is " + state + ", not as needed");
      }
      Thread.sleep(100);
      state = store.find(id).orElseThrow().state();
    }
  }

  private static String value(String[] args, int i) {
    if (i >= args.length) {
      throw new Cli.UsageException("bench history: " + args[i - 1] + " needs a value");
    }
    return args[i];
  }
}
