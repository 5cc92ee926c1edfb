package io.assay.web.cli;

import io.assay.datasets.registry.DatasetConfigException;
import io.assay.datasets.registry.DatasetDefinition;
import io.assay.datasets.registry.DatasetRegistry;
import io.assay.recon.Recon;
import io.assay.recon.ReconConfigException;
import io.assay.recon.ReconLoader;
import io.assay.recon.draft.DatasetDraft;
import io.assay.recon.draft.LiveSchema;
import io.assay.recon.knowledge.KnowledgeSource;
import io.assay.understand.LexiconFile;
import io.assay.understand.QuestionReader;
import io.assay.web.config.AssayProperties;
import io.assay.web.database.DatabaseConfig;
import io.assay.web.database.DatasetConnections;
import io.assay.web.database.WarehouseBootstrap;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.function.Function;
import javax.sql.DataSource;
import org.postgresql.ds.PGSimpleDataSource;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/**
 * {@code assay dataset draft|check}: onboarding a warehouse by configuration. {@code draft} writes
 * YAML for a person to finish from a live schema (Assay's own database, or any PostgreSQL given by
 * {@code --url}); {@code check} validates a dataset's YAML against its live schema, one line per
 * problem.
 */
final class DatasetCommands {
  private DatasetCommands() {}

  static int run(String[] args, PrintStream out, PrintStream err) {
    if (args.length == 0) {
      throw new Cli.UsageException("dataset needs draft or check");
    }
    String[] rest = Arrays.copyOfRange(args, 1, args.length);
    return switch (args[0]) {
      case "draft" -> draft(DraftOptions.parse(rest), out);
      case "check" -> check(CheckOptions.parse(rest), out);
      default -> throw new Cli.UsageException("unknown dataset command '" + args[0] + "'");
    };
  }

  record DraftOptions(
      String schema, String name, String url, String user, String password, Path out) {
    static DraftOptions parse(String[] args) {
      String schema = null;
      String name = null;
      String url = null;
      String user = null;
      String password = System.getenv("ASSAY_DATASET_PASSWORD");
      Path out = null;
      for (int i = 0; i < args.length; i++) {
        switch (args[i]) {
          case "--schema" -> schema = value(args, ++i);
          case "--name" -> name = value(args, ++i);
          case "--url" -> url = value(args, ++i);
          case "--user" -> user = value(args, ++i);
          case "--password" -> password = value(args, ++i);
          case "--out" -> out = Path.of(value(args, ++i));
          default -> throw new Cli.UsageException("unknown option " + args[i] + " for draft");
        }
      }
      if (schema == null || schema.isBlank()) {
        throw new Cli.UsageException(
            "dataset draft needs --schema NAME [--url JDBC --user U] [--name DATASET] [--out DIR]");
      }
      String dataset = name == null ? schema.toLowerCase(java.util.Locale.ROOT) : name;
      return new DraftOptions(
          schema, dataset, url, user, password, out == null ? Path.of(dataset + "-draft") : out);
    }
  }

  /**
   * {@code check NAME} (a served dataset) or {@code check FOLDER} (a dataset folder not registered
   * yet, e.g. a draft: read against the built-in database or {@code --url}).
   */
  record CheckOptions(String name, Path folder, String url, String user, String password) {
    static CheckOptions parse(String[] args) {
      String target = null;
      String url = null;
      String user = null;
      String password = null;
      for (int i = 0; i < args.length; i++) {
        switch (args[i]) {
          case "--url" -> url = value(args, ++i);
          case "--user" -> user = value(args, ++i);
          case "--password" -> password = value(args, ++i);
          default -> {
            if (args[i].startsWith("-") || target != null) {
              throw new Cli.UsageException(
                  "dataset check needs one dataset name or folder: dataset check NAME|FOLDER"
                      + " [--url JDBC_URL --user U --password P]");
            }
            target = args[i];
          }
        }
      }
      if (target == null) {
        throw new Cli.UsageException(
            "dataset check needs one dataset name or folder: dataset check NAME|FOLDER");
      }
      Path path = Path.of(target);
      boolean folder = target.contains("/") || Files.isDirectory(path);
      if (!folder && url != null) {
        throw new Cli.UsageException(
            "--url is for checking a folder; a served dataset uses its configured connection");
      }
      return new CheckOptions(folder ? null : target, folder ? path : null, url, user, password);
    }
  }

  private static int draft(DraftOptions o, PrintStream out) {
    for (String file :
        new String[] {"dataset.yaml", "schema_docs.yaml", "metrics.yaml", "codes.yaml"}) {
      if (Files.exists(o.out().resolve(file))) {
        throw new Cli.UsageException(
            o.out().resolve(file) + " exists; choose another --out (a draft never overwrites)");
      }
    }
    if (o.url() != null) {
      PGSimpleDataSource ds = new PGSimpleDataSource();
      ds.setUrl(o.url());
      if (o.user() != null) {
        ds.setUser(o.user());
      }
      if (o.password() != null) {
        ds.setPassword(o.password());
      }
      ds.setReadOnly(true);
      return writeDraft(ds, o, out);
    }
    // Drafting reads one schema: only the database is started (no dataset bootstrap, no
    // migrations). A schema that is not there yet may be a served dataset not loaded in this home:
    // the full bootstrap loads it, then the draft is read again.
    Integer fast =
        withDatabaseOnly(admin -> hasSchema(admin, o.schema()) ? writeDraft(admin, o, out) : null);
    return fast != null ? fast : withDatabase(admin -> writeDraft(admin, o, out));
  }

  private static boolean hasSchema(DataSource ds, String schema) {
    try (java.sql.Connection c = ds.getConnection();
        java.sql.PreparedStatement p =
            c.prepareStatement("select 1 from information_schema.schemata where schema_name = ?")) {
      p.setString(1, schema);
      try (java.sql.ResultSet r = p.executeQuery()) {
        return r.next();
      }
    } catch (java.sql.SQLException e) {
      throw new StartupFailure("cannot read the database: " + e.getMessage());
    }
  }

  private static int writeDraft(DataSource ds, DraftOptions o, PrintStream out) {
    long start = System.nanoTime();
    LiveSchema live;
    try {
      live = LiveSchema.read(ds, o.schema());
    } catch (IllegalStateException e) {
      throw new StartupFailure(e.getMessage());
    }
    Map<String, String> files;
    try {
      files = DatasetDraft.write(o.name(), live);
    } catch (IllegalArgumentException e) {
      throw new Cli.UsageException(e.getMessage() + "; pass --name");
    }
    try {
      Files.createDirectories(o.out());
      for (Map.Entry<String, String> f : files.entrySet()) {
        Files.writeString(o.out().resolve(f.getKey()), f.getValue());
      }
    } catch (IOException e) {
      throw new StartupFailure("cannot write the draft to " + o.out() + ": " + e.getMessage());
    }
    out.printf(
        "draft of schema %s written to %s in %d ms: %d tables, %d foreign keys, %d views excluded%n",
        o.schema(),
        o.out().toAbsolutePath().normalize(),
        (System.nanoTime() - start) / 1_000_000,
        live.snapshot().tables().size(),
        live.foreignKeys().size(),
        live.views().size());
    out.println(
        "next: replace the TODOs and check the folder as it is with: assay dataset check "
            + o.out()
            + "; then copy it to datasets/"
            + o.name()
            + "/ (or assay.datasets.dir)");
    return 0;
  }

  private static int check(CheckOptions o, PrintStream out) {
    if (o.folder() != null) {
      return checkFolder(o, out);
    }
    return ToolContext.withBeans(
        CheckBeans.class,
        context -> {
          WarehouseBootstrap warehouse = context.getBean(WarehouseBootstrap.class);
          DatasetRegistry served = warehouse.served();
          DatasetDefinition d;
          try {
            d = served.require(o.name());
          } catch (RuntimeException e) {
            throw new Cli.UsageException(e.getMessage());
          }
          KnowledgeSource source =
              served
                  .folder(d.name())
                  .map(KnowledgeSource::directory)
                  .orElseGet(() -> KnowledgeSource.classpath(d.name()));
          DataSource reader = context.getBean(DatasetConnections.class).reader(d.name());
          return report(d, source, reader, out);
        });
  }

  /** A dataset folder that is not registered, checked against the live schema it names. */
  private static int checkFolder(CheckOptions o, PrintStream out) {
    if (!Files.isDirectory(o.folder())) {
      throw new Cli.UsageException("no such folder: " + o.folder());
    }
    DatasetDefinition d;
    try {
      d = DatasetDefinition.parseUnregistered(o.folder());
    } catch (DatasetConfigException e) {
      e.problems().forEach(p -> out.println("problem: " + p));
      out.printf("%s: %d problem(s)%n", o.folder(), e.problems().size());
      return 1;
    }
    KnowledgeSource source = KnowledgeSource.directory(o.folder());
    if (o.url() != null) {
      PGSimpleDataSource ds = new PGSimpleDataSource();
      ds.setUrl(o.url());
      if (o.user() != null) {
        ds.setUser(o.user());
      }
      if (o.password() != null) {
        ds.setPassword(o.password());
      }
      ds.setReadOnly(true);
      return report(d, source, ds, out);
    }
    return withDatabase(admin -> report(d, source, admin, out));
  }

  /** Prints one line per problem and per warning; 1 when there are problems. */
  static int report(
      DatasetDefinition d, KnowledgeSource source, DataSource reader, PrintStream out) {
    Recon recon;
    try {
      recon = ReconLoader.load(reader, source);
    } catch (ReconConfigException e) {
      e.problems().forEach(p -> out.println("problem: " + p));
      out.printf("%s: %d problem(s)%n", d.name(), e.problems().size());
      return 1;
    } catch (IllegalStateException e) {
      out.println("problem: " + e.getMessage());
      return 1;
    }
    int problems = 0;
    if (!recon.schema().equals(d.schema())) {
      out.println(
          "problem: schema_docs.yaml: schema: '"
              + recon.schema()
              + "' but dataset.yaml says '"
              + d.schema()
              + "'");
      problems++;
    }
    try {
      // reader.yaml names columns and metrics: building the question reader checks them
      new QuestionReader(recon, LexiconFile.of(recon), null);
    } catch (IllegalStateException e) {
      out.println("problem: " + e.getMessage());
      problems++;
    }
    recon.warnings().forEach(w -> out.println("warning: " + w));
    out.printf(
        "%s: %d table(s), %d metric(s), %d code list(s), %d problem(s), %d warning(s)%n",
        d.name(),
        recon.tables().size(),
        recon.metrics().size(),
        recon.codeLists().size(),
        problems,
        recon.warnings().size());
    return problems == 0 ? 0 : 1;
  }

  /**
   * Runs against the built-in database with the served datasets loaded (a schema drafted or checked
   * there exists only once they are; the reader data source needs the bootstrap anyway).
   */
  private static int withDatabase(Function<DataSource, Integer> command) {
    return ToolContext.withBeans(
        CheckBeans.class,
        context -> command.apply(context.getBean("dataSource", DataSource.class)));
  }

  /**
   * Runs against the built-in database alone: a lazy context creates only the beans asked for (the
   * embedded server and the owner's pool), so no dataset is loaded or checked.
   */
  private static Integer withDatabaseOnly(Function<DataSource, Integer> command) {
    Integer[] result = new Integer[1];
    ToolContext.withLazyBeans(
        DatabaseOnly.class,
        context -> {
          result[0] = command.apply(context.getBean("dataSource", DataSource.class));
          return 0;
        });
    return result[0];
  }

  private static String value(String[] args, int i) {
    if (i >= args.length) {
      throw new Cli.UsageException(args[i - 1] + " needs a value");
    }
    return args[i];
  }

  @Configuration(proxyBeanMethods = false)
  @EnableConfigurationProperties(AssayProperties.class)
  @Import({DatabaseConfig.class, WarehouseBootstrap.class, DatasetConnections.class})
  static class CheckBeans {}

  @Configuration(proxyBeanMethods = false)
  @EnableConfigurationProperties(AssayProperties.class)
  @Import(DatabaseConfig.class)
  static class DatabaseOnly {}
}
