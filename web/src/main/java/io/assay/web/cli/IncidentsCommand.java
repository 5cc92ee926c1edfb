package io.assay.web.cli;

import io.assay.datasets.registry.DatasetDefinition;
import io.assay.datasets.registry.DatasetRegistry;
import io.assay.datasets.registry.ExternalCopy;
import io.assay.datasets.registry.UnknownDatasetException;
import io.assay.evals.incidents.IncidentEval;
import io.assay.evals.incidents.IncidentSchema;
import io.assay.recon.Recon;
import io.assay.recon.ReconRegistry;
import io.assay.recon.knowledge.KnowledgeSource;
import io.assay.web.config.AssayProperties;
import io.assay.web.database.DatabaseConfig;
import io.assay.web.database.DatasetConnections;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * {@code assay eval incidents [--dataset NAME] [--seed N] [--count K] [--json] [--temporal
 * in-process|cli] [--assay.…=…]}: the incident benchmark through the real job path, in two
 * start-ups. First a tool context copies the dataset's schema and writes the copy's dataset folder
 * ({@link ExternalCopy}); then the whole application (Temporal service, worker, workflows) starts
 * serving the copy as an external dataset, every case runs as a job on it ({@link WorkflowJobs}),
 * and the copy is dropped.
 */
final class IncidentsCommand {
  private IncidentsCommand() {}

  /** What the first start-up prepared for the second. */
  private record Prepared(
      String dataset, String source, String copy, String url, String reader, String password) {}

  static int run(String[] args, PrintStream out, PrintStream err) {
    Tools.DatasetOption d = Tools.DatasetOption.parse(args);
    List<String> settings = new ArrayList<>();
    List<String> rest = new ArrayList<>();
    String temporal = "in-process";
    for (int i = 0; i < d.rest().length; i++) {
      String a = d.rest()[i];
      if (a.equals("--temporal") && i + 1 < d.rest().length) {
        temporal = d.rest()[++i];
      } else if (a.startsWith("--assay.") || a.startsWith("--server.")) {
        settings.add(a);
      } else {
        rest.add(a);
      }
    }
    if (!List.of("cli", "in-process").contains(temporal)) {
      throw new Cli.UsageException("--temporal must be cli or in-process, was '" + temporal + "'");
    }
    IncidentEval.Options o;
    try {
      o = IncidentEval.Options.parse(rest.toArray(String[]::new));
    } catch (IllegalArgumentException e) {
      throw new Cli.UsageException(e.getMessage());
    }
    LaunchSettings launch = LaunchSettings.of(settings.toArray(String[]::new));
    // The second start-up's embedded PostgreSQL gets a port known now, so the copy's connection
    // settings can name it (the first one's port lingers in TIME_WAIT after it stops).
    boolean embedded = launch.get("assay.db.url", "").isBlank();
    int port = launch.port("assay.db.embedded.port", 0);
    List<String> first = new ArrayList<>(settings);
    if (embedded) {
      first.removeIf(a -> a.startsWith("--assay.db.embedded.port="));
      first.add("--assay.db.embedded.port=0");
      if (port == 0) {
        port = freePort();
      }
    }
    Path folders;
    try {
      folders = Files.createTempDirectory("assay-incident-datasets-");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    Prepared[] prepared = new Prepared[1];
    err.println("eval incidents: copying the dataset...");
    ToolContext.withBeans(
        ToolContext.Beans.class,
        first.toArray(String[]::new),
        context -> {
          prepared[0] = prepare(context, d.dataset(), o.seed(), folders);
          return 0;
        });
    Prepared p = prepared[0];
    String url = embedded ? p.url().replaceFirst(":\\d+/", ":" + port + "/") : p.url();
    List<String> launchArgs = new ArrayList<>(settings);
    if (embedded) {
      launchArgs.removeIf(a -> a.startsWith("--assay.db.embedded.port="));
      launchArgs.add("--assay.db.embedded.port=" + port);
    }
    launchArgs.addAll(
        List.of(
            "--assay.temporal.embedded=" + temporal,
            "--assay.datasets.enabled=" + p.copy(),
            "--assay.datasets.dir=" + folders,
            "--assay.datasets.source." + p.copy() + ".url=" + url,
            "--assay.datasets.source." + p.copy() + ".username=" + p.reader(),
            "--assay.datasets.source." + p.copy() + ".password=" + p.password(),
            "--logging.level.root=warn",
            "--logging.level.io.assay=warn"));
    if (launch.get("server.port", "").isBlank()) {
      launchArgs.add("--server.port=0");
    }
    if (launch.get("assay.temporal.embedded-port", "").isBlank()) {
      launchArgs.add("--assay.temporal.embedded-port=0");
    }
    if (launch.get("assay.temporal.ui-port", "").isBlank()) {
      launchArgs.add("--assay.temporal.ui-port=0");
    }
    err.println(
        "eval incidents: starting Assay (Temporal: " + temporal + ") serving " + p.copy() + "...");
    // The application logs to standard output; while it runs, that goes to standard error, so
    // the table or the JSON object stays alone on standard output.
    PrintStream stdout = System.out;
    System.setOut(err);
    try (ConfigurableApplicationContext app = UpCommand.start(launchArgs.toArray(String[]::new))) {
      DataSource admin = app.getBean("dataSource", DataSource.class);
      String served = app.getBean(DatabaseConfig.Database.class).url();
      try {
        if (!served.equals(url)) {
          throw new StartupFailure(
              "eval incidents: the copy's connection " + url + " is not the database " + served);
        }
        Recon recon = app.getBean(ReconRegistry.class).get(p.copy());
        DataSource reader = app.getBean(DatasetConnections.class).reader(p.copy());
        try (IncidentSchema copy = IncidentSchema.attach(admin, reader, recon, p.source())) {
          return IncidentEval.run(
              new IncidentEval.Options(p.dataset(), o.seed(), o.count(), o.json()),
              copy,
              p.copy(),
              WorkflowJobs.of(app, p.copy()),
              out,
              err);
        }
      } catch (SQLException | IllegalStateException e) {
        throw new StartupFailure("eval incidents: " + e.getMessage());
      } finally {
        dropQuietly(admin, p.copy(), err);
      }
    } finally {
      System.setOut(stdout);
      ExternalCopy.remove(folders, p.copy());
      folders.toFile().delete();
    }
  }

  /** Copies the dataset's schema and writes the copy's dataset folder under {@code folders}. */
  private static Prepared prepare(
      ConfigurableApplicationContext context, String asked, long seed, Path folders) {
    ReconRegistry recons = context.getBean(ReconRegistry.class);
    DatasetRegistry datasets = context.getBean(DatasetRegistry.class);
    String dataset = asked == null ? recons.defaultDataset() : asked;
    if (!recons.serves(dataset)) {
      throw new Cli.UsageException(
          new UnknownDatasetException(dataset, recons.datasets()).getMessage());
    }
    DatasetDefinition original = datasets.require(dataset);
    AssayProperties.Db db = context.getBean(AssayProperties.class).db();
    String copy = IncidentSchema.name(seed);
    try {
      IncidentSchema.copy(
          context.getBean("dataSource", DataSource.class),
          db.readerUsername(),
          original.schema(),
          copy);
    } catch (SQLException e) {
      throw new StartupFailure("eval incidents: copying " + original.schema() + ": " + e);
    }
    KnowledgeSource knowledge =
        datasets
            .folder(dataset)
            .map(KnowledgeSource::directory)
            .orElseGet(() -> KnowledgeSource.classpath(dataset));
    ExternalCopy.write(original, knowledge.read(), copy, copy, folders);
    return new Prepared(
        dataset,
        original.schema(),
        copy,
        context.getBean(DatabaseConfig.Database.class).url(),
        db.readerUsername(),
        db.readerPassword());
  }

  private static void dropQuietly(DataSource admin, String schema, PrintStream err) {
    try {
      IncidentSchema.drop(admin, schema);
    } catch (SQLException e) {
      err.println("eval incidents: could not drop " + schema + ": " + e.getMessage());
    }
  }

  private static int freePort() {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
