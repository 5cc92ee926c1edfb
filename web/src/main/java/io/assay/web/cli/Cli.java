package io.assay.web.cli;

import java.io.PrintStream;
import java.util.Arrays;

/** Parses the command line and runs one command. Returns an exit code, or -1 when serving. */
public final class Cli {
  private Cli() {}

  static final String USAGE =
      """
      usage: assay <command> [options]

        up [--name=value ...]         start Assay (PostgreSQL, Temporal dev server, worker, web :8080)
        worker | web                  start only the worker, or only the web app (see assay.mode)
        ask "question" [options]      submit a question and follow it in the terminal
             --dataset NAME           the dataset asked about (default: the first configured)
             --approve auto|require   approve the plan without asking (default: ask)
             --out DIR                where to write the report files (default ./assay-reports)
             --url URL                a running Assay (default http://localhost:8080)
             --resubmit JOB           edit and resubmit: run the question as a new job linked
                                      to the failed or cancelled JOB
        monitor create --from JOB --every "1 month" [--cron EXPR] [--tz ZONE] [--periods N]
                       [--deliver TARGET]... [--alert latest|always]
                                      repeat a finished job on a Temporal Schedule
        monitor list|show|pause|resume|trigger|delete ID, monitor backfill ID --from D --to D
        recon [--dataset NAME] [--json]  print the knowledge graph of a dataset (default: the first)
        dataset draft --schema NAME [--url JDBC] [--out DIR]
                                      introspect a live schema and write draft dataset YAML
        dataset check NAME            validate a dataset's YAML against its live schema
        dataset check DIR [--url JDBC] validate a folder not registered yet (e.g. a draft)
        eval bird FILE [--dataset NAME] [--json]
                                      question understanding accuracy on BIRD-format questions
        eval nab DIR [--detector pattern|holt-winters] [--cv [--seed N] [--seeds K]] [--json]
                                      anomaly detection on the NAB benchmark layout; --cv adds
                                      2-fold (over K seeds from N) and leave-one-category-out
                                      figures per detector
        eval rca DIR [--json]         root-cause localisation on the RCA benchmark layout
        eval incidents [--dataset NAME] [--seed N] [--count K] [--json]
                                      injected incidents on a copy of the warehouse served as a
                                      dataset, each case a job (question, plan, analyses,
                                      report): period, direction, cause [--temporal cli]
        bench load [--json]           warehouse load time and start-to-healthy time
        bench jobs [--json] [--temporal cli|in-process|both] [--jobs N]
                                      concurrent jobs end to end: latency, throughput, SQL share
        bench api [--json] [--clients N] [--requests N] [--verified-ttl 0s]
                                      GET /api/jobs with HTTP basic: requests per second
        bench compose [--runs N]      composed vs gold SQL execution time
        bench understand [--json]     question understanding + planning time per question
        bench pages --url URL [--url URL] --user U:P --job ID [--history-job ID]
                                      warm page loads (job, history, schema) on one or two
                                      running servers, side by side: p50/p90, CPU per request
        bench history [--events N] [--rounds N] [--temporal cli|in-process]
                                      a long job's history page read afresh (running, or a
                                      first visit) beside the same page kept once it closed
      """;

  private static final java.util.Set<String> SERVING = java.util.Set.of("up", "worker", "web");

  public static int run(String[] args, PrintStream out, PrintStream err) {
    if (args.length == 0 || args[0].equals("help") || args[0].equals("--help")) {
      out.print(USAGE);
      return 0;
    }
    String[] rest = Arrays.copyOfRange(args, 1, args.length);
    if (!SERVING.contains(args[0])) {
      // Commands print tables; library start-up chatter would bury them.
      ((ch.qos.logback.classic.Logger)
              org.slf4j.LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME))
          .setLevel(ch.qos.logback.classic.Level.WARN);
    }
    try {
      return switch (args[0]) {
        case "up" -> UpCommand.run(rest, err);
        case "worker" -> UpCommand.run(with(rest, "--assay.mode=worker"), err);
        case "web" -> UpCommand.run(with(rest, "--assay.mode=web"), err);
        case "ask" -> AskCommand.run(rest, out, err);
        case "monitor" -> MonitorCommand.run(rest, out);
        case "recon" -> ToolContext.with(tools -> tools.recon(rest, out));
        case "dataset" -> DatasetCommands.run(rest, out, err);
        case "eval" -> EvalCommands.run(rest, out, err);
        case "bench" -> BenchCommands.run(rest, out, err);
        default -> {
          err.println("assay: unknown command '" + args[0] + "'");
          err.print(USAGE);
          yield 2;
        }
      };
    } catch (UsageException e) {
      err.println("assay: " + e.getMessage());
      return 2;
    } catch (StartupFailure e) {
      err.println("assay: " + e.getMessage());
      return 1;
    }
  }

  private static String[] with(String[] args, String extra) {
    String[] all = Arrays.copyOf(args, args.length + 1);
    all[args.length] = extra;
    return all;
  }

  /** Bad command-line use; the message says what is expected. */
  static final class UsageException extends RuntimeException {
    UsageException(String message) {
      super(message);
    }
  }
}
