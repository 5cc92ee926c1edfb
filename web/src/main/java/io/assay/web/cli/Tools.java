package io.assay.web.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.assay.analyses.AnalysisRegistry;
import io.assay.datasets.registry.UnknownDatasetException;
import io.assay.evals.BirdEval;
import io.assay.evals.UnderstandBenchmark;
import io.assay.llm.ChatModels;
import io.assay.llm.LlmSettings;
import io.assay.llm.ReadingPolicy;
import io.assay.recon.Recon;
import io.assay.recon.ReconRegistry;
import io.assay.recon.bench.ComposeVsGold;
import io.assay.understand.QuestionReader;
import io.assay.understand.model.ModelReader;
import io.assay.understand.model.Readers;
import io.assay.web.database.DatasetConnections;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

/** The commands that run against the warehouse and recon; see {@link ToolContext}. */
@Component
class Tools {
  private final ReconRegistry recons;
  private final DatasetConnections connections;
  private final DataSource reader;
  private final ObjectMapper json;
  private final Environment env;

  Tools(
      ReconRegistry recons,
      DatasetConnections connections,
      @Qualifier("reader") DataSource reader,
      ObjectMapper json,
      Environment env) {
    this.recons = recons;
    this.connections = connections;
    this.reader = reader;
    this.json = json;
    this.env = env;
  }

  /** {@code --dataset NAME} taken out of a command's arguments. */
  record DatasetOption(String dataset, String[] rest) {
    static DatasetOption parse(String[] args) {
      String dataset = null;
      List<String> rest = new ArrayList<>();
      for (int i = 0; i < args.length; i++) {
        if (args[i].equals("--dataset")) {
          dataset = next(args, ++i, "--dataset");
        } else {
          rest.add(args[i]);
        }
      }
      return new DatasetOption(dataset, rest.toArray(String[]::new));
    }
  }

  /** The named dataset's name (null: the default), or a usage error listing those served. */
  private String dataset(String asked) {
    String name = asked == null ? recons.defaultDataset() : asked;
    if (!recons.serves(name)) {
      throw new Cli.UsageException(
          new UnknownDatasetException(name, recons.datasets()).getMessage());
    }
    return name;
  }

  /** {@code assay recon [--dataset NAME] [--json]}: the knowledge graph, for people or as JSON. */
  int recon(String[] args, PrintStream out) {
    DatasetOption o = DatasetOption.parse(args);
    var description = recons.get(dataset(o.dataset())).describe();
    try {
      if (List.of(o.rest()).contains("--json")) {
        out.println(json.writeValueAsString(description));
      } else {
        out.println(json.writerWithDefaultPrettyPrinter().writeValueAsString(description));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return 0;
  }

  /**
   * {@code assay eval bird FILE [--dataset NAME] [--json]}: gold SQL runs with the dataset's schema
   * on the search path, as evaluation files write it with unqualified table names.
   */
  int birdEval(String[] args, PrintStream out) {
    DatasetOption o = DatasetOption.parse(args);
    String dataset = dataset(o.dataset());
    Recon recon = recons.get(dataset);
    return BirdEval.run(
        o.rest(),
        out,
        System.err,
        QuestionReader.standard(recon),
        connections.unqualifiedReader(dataset),
        this::modelReaders);
  }

  /** The readers a job uses with the configured model ({@code eval bird --llm}); null without. */
  private Readers modelReaders() {
    ChatModels models = ChatModels.from(LlmSettings.from(env::getProperty));
    ReadingPolicy policy =
        models.reading() == ReadingPolicy.OFF ? ReadingPolicy.FALLBACK : models.reading();
    return models
        .planning()
        .map(m -> new Readers(new ModelReader(m, models.tokenBudget()), policy, null))
        .orElse(null);
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
        args,
        out,
        System.err,
        QuestionReader.standard(recons.get(null)),
        AnalysisRegistry.discover());
  }

  private static String next(String[] args, int i, String option) {
    if (i >= args.length) {
      throw new Cli.UsageException(option + " needs a value");
    }
    return args[i];
  }
}
