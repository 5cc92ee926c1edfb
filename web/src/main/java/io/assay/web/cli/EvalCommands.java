package io.assay.web.cli;

import io.assay.algorithms.eval.nab.NabEval;
import io.assay.algorithms.eval.rca.RcaEval;
import java.io.PrintStream;
import java.util.Arrays;

/**
 * {@code assay eval bird|nab|rca|incidents ...}: accuracy on labelled benchmarks, printed as tables
 * or JSON.
 */
final class EvalCommands {
  private EvalCommands() {}

  static int run(String[] args, PrintStream out, PrintStream err) {
    if (args.length >= 1 && args[0].equals("incidents")) {
      return IncidentsCommand.run(Arrays.copyOfRange(args, 1, args.length), out, err);
    }
    if (args.length < 2) {
      throw new Cli.UsageException(
          "eval needs a benchmark and a path: eval bird FILE | eval nab DIR | eval rca DIR"
              + " | eval incidents [--seed N] [--count K]");
    }
    String[] rest = Arrays.copyOfRange(args, 1, args.length);
    return switch (args[0]) {
      case "nab" -> NabEval.run(rest, out);
      case "rca" -> RcaEval.run(rest, out);
      case "bird" -> ToolContext.with(tools -> tools.birdEval(rest, out));
      default ->
          throw new Cli.UsageException(
              "unknown benchmark '" + args[0] + "'; choose bird, nab, rca or incidents");
    };
  }
}
