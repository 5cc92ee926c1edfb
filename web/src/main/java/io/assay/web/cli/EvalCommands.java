package io.assay.web.cli;

import io.assay.algorithms.eval.nab.NabEval;
import io.assay.algorithms.eval.rca.RcaEval;
import io.assay.datasets.registry.UnknownDatasetException;
import io.assay.evals.incidents.IncidentEval;
import io.assay.recon.ReconRegistry;
import java.io.PrintStream;
import java.sql.SQLException;
import java.util.Arrays;
import javax.sql.DataSource;

/**
 * {@code assay eval bird|nab|rca|incidents ...}: accuracy on labelled benchmarks, printed as tables
 * or JSON.
 */
final class EvalCommands {
  private EvalCommands() {}

  static int run(String[] args, PrintStream out, PrintStream err) {
    if (args.length >= 1 && args[0].equals("incidents")) {
      return incidents(Arrays.copyOfRange(args, 1, args.length), out, err);
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

  /** The incident benchmark over a copy of the served dataset's schema (see IncidentEval). */
  private static int incidents(String[] args, PrintStream out, PrintStream err) {
    Tools.DatasetOption d = Tools.DatasetOption.parse(args);
    IncidentEval.Options o;
    try {
      o = IncidentEval.Options.parse(d.rest());
    } catch (IllegalArgumentException e) {
      throw new Cli.UsageException(e.getMessage());
    }
    return ToolContext.withBeans(
        ToolContext.Beans.class,
        context -> {
          ReconRegistry recons = context.getBean(ReconRegistry.class);
          String dataset = d.dataset() == null ? recons.defaultDataset() : d.dataset();
          if (!recons.serves(dataset)) {
            throw new Cli.UsageException(
                new UnknownDatasetException(dataset, recons.datasets()).getMessage());
          }
          try {
            return IncidentEval.run(
                new IncidentEval.Options(dataset, o.seed(), o.count(), o.json()),
                recons.get(dataset),
                dataset,
                context.getBean("dataSource", DataSource.class),
                context.getBean("readerDataSource", DataSource.class),
                out,
                err);
          } catch (SQLException e) {
            throw new StartupFailure("eval incidents: " + e.getMessage());
          }
        });
  }
}
