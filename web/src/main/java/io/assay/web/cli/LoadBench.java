package io.assay.web.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.assay.datasets.embedded.EmbeddedPostgresConfig;
import io.assay.datasets.embedded.EmbeddedPostgresServer;
import io.assay.datasets.financial.FinancialSource;
import io.assay.datasets.registry.DataOrigin;
import io.assay.datasets.registry.DatasetDefinition;
import io.assay.datasets.registry.DatasetLoad;
import io.assay.datasets.registry.DatasetLoader;
import io.assay.datasets.registry.DatasetRegistry;
import io.assay.datasets.warehouse.FinancialWarehouse;
import io.assay.datasets.warehouse.LoadReport;
import io.assay.datasets.warehouse.ReaderSettings;
import io.assay.recon.draft.DatasetDraft;
import io.assay.recon.draft.LiveSchema;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code assay bench load}: (1) a full load of the warehouse (seven real tables + generated trans)
 * into a fresh embedded PostgreSQL, then of each other shipped dataset whose data is here (one from
 * a SQL dump), and a {@code dataset draft} of it; (2) the time from starting {@code assay up} on
 * that already loaded data until {@code /actuator/health} answers UP, measured on a real child
 * process, twice: the first start takes recon's snapshots, a restart reuses them.
 */
final class LoadBench {
  private LoadBench() {}

  static int run(String[] args, PrintStream out, PrintStream err)
      throws IOException, InterruptedException {
    boolean json = List.of(args).contains("--json");
    Path work = Files.createTempDirectory("assay-bench-load");
    Path pgdata = work.resolve("pgdata");
    FinancialSource source =
        FinancialSource.resolve(Optional.empty(), Path.of("..", "shared", "datasets", "financial"));

    LoadReport report;
    long loadMillis;
    Map<String, Object> others;
    try (EmbeddedPostgresServer pg =
        EmbeddedPostgresServer.start(EmbeddedPostgresConfig.of(pgdata, 0))) {
      long start = System.nanoTime();
      report =
          new FinancialWarehouse(pg.adminDataSource(), ReaderSettings.withPassword("assay_reader"))
              .load(source);
      loadMillis = (System.nanoTime() - start) / 1_000_000;
      others = loadOtherDatasets(pg);
    }

    int webPort = AskCommand.freePort();
    int temporalPort = AskCommand.freePort();
    List<String> command = new ArrayList<>(javaCommand());
    command.addAll(
        List.of(
            "up",
            "--server.port=" + webPort,
            "--assay.temporal.embedded-port=" + temporalPort,
            "--assay.temporal.ui-port=0",
            "--assay.home=" + work.resolve("home"),
            "--assay.db.embedded.data-dir=" + pgdata,
            "--logging.level.root=warn"));
    long healthyMillis = startToHealthy(command, webPort, work.resolve("up.log"));
    long restartMillis = startToHealthy(command, webPort, work.resolve("restart.log"));

    Map<String, Object> result = new LinkedHashMap<>();
    result.put("source", report.source());
    result.put("rowsLoaded", report.rowsLoaded());
    result.put("fullLoadMillis", loadMillis);
    result.put("fullLoadTargetMillis", 60_000);
    result.put("startToHealthyMillis", healthyMillis);
    result.put("startToHealthyTargetMillis", 15_000);
    result.put("restartToHealthyMillis", restartMillis);
    result.put("restartToHealthyTargetMillis", 20_000);
    result.put("datasets", others);
    Map<String, Object> tables = new LinkedHashMap<>();
    report
        .tables()
        .forEach(t -> tables.put(t.table(), Map.of("rows", t.rows(), "millis", t.millis())));
    result.put("tables", tables);
    if (json) {
      out.println(new ObjectMapper().writeValueAsString(result));
    } else {
      out.println(report.summary());
      out.printf(
          "full load (7 real tables + generated trans): %,d ms   (target < 60,000 ms)%n",
          loadMillis);
      others.forEach(
          (name, figures) ->
              out.printf(
                  "dataset %s: %s   (targets: load < 10,000 ms, draft < 5,000 ms)%n",
                  name, figures));
      out.printf(
          "start to healthy, already loaded:            %,d ms   (target < 15,000 ms)%n",
          healthyMillis);
      out.printf(
          "restart to healthy, recon snapshots kept:    %,d ms   (target < 20,000 ms)%n",
          restartMillis);
    }
    return 0;
  }

  private static long startToHealthy(List<String> command, int webPort, Path log)
      throws IOException, InterruptedException {
    long started = System.nanoTime();
    Process app =
        new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    try {
      return awaitHealthy(webPort, started, app, log);
    } finally {
      app.destroy();
      app.waitFor();
    }
  }

  /**
   * Loads each shipped dataset other than financial whose default data directory exists, and drafts
   * YAML from its loaded schema: milliseconds by dataset.
   */
  private static Map<String, Object> loadOtherDatasets(EmbeddedPostgresServer pg) {
    Map<String, Object> out = new LinkedHashMap<>();
    DatasetRegistry registry = DatasetRegistry.load(DatasetRegistry.shipped(), Optional.empty());
    ReaderSettings reader = ReaderSettings.withPassword("assay_reader");
    for (DatasetDefinition d : registry.all()) {
      if (!(d.source() instanceof DataOrigin.SqlDump)) {
        continue;
      }
      long start = System.nanoTime();
      DatasetLoad load = new DatasetLoader(pg.adminDataSource(), reader).load(d, Optional.empty());
      long loadMillis = (System.nanoTime() - start) / 1_000_000;
      if (!load.ready()) {
        out.put(d.name(), Map.of("skipped", load.detail()));
        continue;
      }
      long draftStart = System.nanoTime();
      DatasetDraft.write(d.name(), LiveSchema.read(pg.adminDataSource(), d.schema()));
      long draftMillis = (System.nanoTime() - draftStart) / 1_000_000;
      out.put(d.name(), Map.of("loadMillis", loadMillis, "draftMillis", draftMillis));
    }
    return out;
  }

  private static long awaitHealthy(int port, long started, Process app, Path log)
      throws InterruptedException, IOException {
    HttpClient http = HttpClient.newHttpClient();
    HttpRequest health =
        HttpRequest.newBuilder(URI.create("http://localhost:" + port + "/actuator/health"))
            .timeout(Duration.ofSeconds(2))
            .build();
    long deadline = started + Duration.ofMinutes(3).toNanos();
    while (System.nanoTime() < deadline) {
      if (!app.isAlive()) {
        throw new StartupFailure("assay up exited early; see " + log);
      }
      try {
        HttpResponse<String> r = http.send(health, HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() == 200 && r.body().contains("\"UP\"")) {
          return (System.nanoTime() - started) / 1_000_000;
        }
      } catch (IOException e) {
        // not listening yet
      }
      Thread.sleep(100);
    }
    throw new StartupFailure(
        "assay up was not healthy within 3 minutes; see " + log + "\n" + Files.readString(log));
  }

  /** The command that started this JVM, to start another {@code assay} the same way. */
  private static List<String> javaCommand() {
    String javaBinary = ProcessHandle.current().info().command().orElse("java");
    String classPath = System.getProperty("java.class.path");
    if (classPath.endsWith(".jar") && !classPath.contains(java.io.File.pathSeparator)) {
      return List.of(javaBinary, "-jar", classPath);
    }
    return List.of(javaBinary, "-cp", classPath, "io.assay.web.AssayMain");
  }
}
