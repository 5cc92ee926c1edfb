package io.assay.web.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.assay.analyses.AnalysisRegistry;
import io.assay.evals.BirdEval;
import io.assay.evals.UnderstandBenchmark;
import io.assay.recon.ReconCache;
import io.assay.recon.bench.ComposeVsGold;
import io.assay.understand.QuestionReader;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import javax.sql.DataSource;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.stereotype.Component;

/** The commands that run against the warehouse and recon; see {@link ToolContext}. */
@Component
class Tools {
  private final ReconCache recon;
  private final DataSource reader;
  private final ObjectMapper json;

  Tools(ReconCache recon, @Qualifier("reader") DataSource reader, ObjectMapper json) {
    this.recon = recon;
    this.reader = reader;
    this.json = json;
  }

  /** {@code assay recon [--json]}: the knowledge graph as a person reads it, or as JSON. */
  int recon(String[] args, PrintStream out) {
    var description = recon.get().describe();
    try {
      if (List.of(args).contains("--json")) {
        out.println(json.writeValueAsString(description));
      } else {
        out.println(json.writerWithDefaultPrettyPrinter().writeValueAsString(description));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return 0;
  }

  /** {@code assay eval bird FILE [--json]}. */
  int birdEval(String[] args, PrintStream out) {
    return BirdEval.run(args, out, System.err, QuestionReader.standard(recon.get()), reader);
  }

  /** {@code assay bench compose [--json] [--runs N] [--evals FILE]}: composed vs gold SQL time. */
  int composeVsGold(String[] args, PrintStream out) {
    Path evals = Path.of("..", "shared", "evals", "bird_financial_dev.json");
    int runs = 5;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--runs" -> runs = Integer.parseInt(next(args, ++i, "--runs"));
        case "--evals" -> evals = Path.of(next(args, ++i, "--evals"));
        default -> throw new Cli.UsageException("unknown option " + args[i] + " for bench compose");
      }
    }
    return ComposeVsGold.run(reader, evals, runs, out);
  }

  /** {@code assay bench understand [FILE] [--runs N] [--json]}: understanding + planning time. */
  int understandBench(String[] args, PrintStream out) {
    return UnderstandBenchmark.run(
        args, out, System.err, QuestionReader.standard(recon.get()), AnalysisRegistry.discover());
  }

  private static String next(String[] args, int i, String option) {
    if (i >= args.length) {
      throw new Cli.UsageException(option + " needs a value");
    }
    return args[i];
  }
}
