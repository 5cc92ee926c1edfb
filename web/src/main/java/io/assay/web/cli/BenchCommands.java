package io.assay.web.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.util.Arrays;

/**
 * {@code assay bench load|jobs|api|pages|history|compose|understand}: figures printed as a table or
 * one JSON object.
 */
final class BenchCommands {
  private BenchCommands() {}

  static int run(String[] args, PrintStream out, PrintStream err) {
    if (args.length == 0) {
      throw new Cli.UsageException(
          "bench needs one of: load, jobs, api, pages, history, compose, understand");
    }
    String[] rest = Arrays.copyOfRange(args, 1, args.length);
    try {
      return switch (args[0]) {
        case "load" -> LoadBench.run(rest, out, err);
        case "jobs" -> JobsBench.run(rest, out, err);
        case "api" -> ApiBench.run(rest, out, err);
        case "pages" -> PagesBench.run(rest, out, err);
        case "history" -> HistoryBench.run(rest, out, err);
        case "compose" -> ToolContext.with(tools -> tools.composeVsGold(rest, out));
        case "understand" -> ToolContext.with(tools -> tools.understandBench(rest, out));
        default ->
            throw new Cli.UsageException(
                "unknown benchmark '"
                    + args[0]
                    + "'; choose load, jobs, api, pages, history, compose or understand");
      };
    } catch (IOException e) {
      throw new StartupFailure("bench " + args[0] + " failed: " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new StartupFailure("bench " + args[0] + " interrupted");
    }
  }
}
