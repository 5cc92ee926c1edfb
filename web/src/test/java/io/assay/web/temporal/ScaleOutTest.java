package io.assay.web.temporal;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.assay.datasets.testing.TemporalCliServer;
import io.assay.datasets.testing.TestWarehouse;
import io.assay.web.support.AssayProcess;
import io.assay.web.support.DebianPostgres;
import io.assay.web.support.TestStack;
import io.assay.web.ui.Http;
import io.temporal.api.history.v1.HistoryEvent;
import io.temporal.client.WorkflowClient;
import io.temporal.serviceclient.WorkflowServiceStubs;
import io.temporal.serviceclient.WorkflowServiceStubsOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * docker-compose.yml's topology as processes on one machine: the Temporal dev server, an external
 * PostgreSQL (Debian's), {@code assay web} and two {@code assay worker}s. Fifty jobs spread over
 * both workers (read from the workflow histories); one worker is SIGKILLed mid-run; every job
 * completes on the other with nothing duplicated.
 */
class ScaleOutTest {
  private static final int JOBS = 50;
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final List<String> QUESTIONS =
      List.of(
          "How many accounts were opened in 1997?",
          "What is the total loan amount in 1996?",
          "How many clients are female?",
          "How many cards were issued in 1997?",
          "How many loans are there by loan status?");

  @TempDir Path work;
  private Path logs;

  @Test
  void fiftyJobsSpreadOverTwoWorkersAndSurviveOneBeingKilled() throws Exception {
    TemporalCliServer.requireBinary();
    DebianPostgres.requireBinaries();
    Path pgDir = Files.createTempDirectory("assay-scale-pg"); // postgres must reach it as its user
    Path outbox = Files.createDirectories(work.resolve("outbox"));
    logs = AssayProcess.logDir("ScaleOutTest");
    try (TemporalCliServer temporal = TemporalCliServer.start(work.resolve("temporal"));
        DebianPostgres pg = DebianPostgres.start(pgDir, TemporalCliServer.freePort())) {
      int webPort = TemporalCliServer.freePort();
      List<String> shared = new ArrayList<>();
      shared.add("--assay.db.url=" + pg.jdbcUrl());
      shared.add("--assay.db.username=postgres");
      shared.add("--assay.db.password=unused-with-trust");
      shared.add("--assay.db.reader-password=scale-reader");
      shared.add("--assay.temporal.target=" + temporal.target());
      shared.add("--logging.level.root=warn");
      // File deliveries must stay inside the delivery directory: the outbox is below it.
      shared.add("--assay.delivery.file.base-dir=" + work);
      shared.add("--logging.level.io.assay.web.worker=info");
      shared.addAll(TestStack.userArgs());
      // Both datasets, as CI serves them when ../shared is there: each process checks both.
      Path pagila = TestWarehouse.sharedDirectory().resolve("datasets/pagila");
      if (Files.isDirectory(pagila)) {
        shared.add("--assay.datasets.source.pagila.dir=" + pagila);
      }
      List<String> web = new ArrayList<>(shared);
      web.add("--server.port=" + webPort);
      web.add("--assay.home=" + work.resolve("web-home"));

      // All three start at once against the empty database, as `docker compose up` starts them:
      // their bootstraps (reader role, grants, dataset loads, migrations) must take turns.
      try (AssayProcess webApp = AssayProcess.start("web", web, logs.resolve("web.log"));
          AssayProcess w1 = worker(shared, 1);
          AssayProcess w2 = worker(shared, 2)) {
        webApp.awaitHealthy(webPort, Duration.ofMinutes(8));
        w1.awaitLog("Worker polling task queue", Duration.ofMinutes(4));
        w2.awaitLog("Worker polling task queue", Duration.ofMinutes(4));
        Http api = Http.basic("http://127.0.0.1:" + webPort, "alice", TestStack.PASSWORD);
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < JOBS; i++) {
          ids.add(DurabilityTest.submit(api, QUESTIONS.get(i % QUESTIONS.size()), "AUTO", outbox));
        }
        // Kill the first worker once some jobs are done and others still run.
        awaitCompleted(api, ids, 5, Duration.ofMinutes(6));
        List<ProcessHandle> killed = w1.killTree();
        assertThat(killed).noneMatch(ProcessHandle::isAlive);
        awaitCompleted(api, ids, JOBS, Duration.ofMinutes(12));

        // Worker identities are pid@host: each of the two processes ran tasks of these jobs.
        Set<String> pids = new HashSet<>();
        for (String identity : workerIdentities(temporal.target(), ids)) {
          pids.add(identity.substring(0, Math.max(0, identity.indexOf('@'))));
        }
        assertThat(pids)
            .as("pids of the workers that ran workflow or activity tasks")
            .contains(Long.toString(w1.handle().pid()), Long.toString(w2.handle().pid()));
      }

      DataSource db = dataSource(pg);
      assertThat(
              count(
                  db,
                  "select count(*) - count(distinct idempotency_key) from assay.artifact",
                  null))
          .as("duplicated artifacts")
          .isZero();
      assertThat(count(db, "select count(*) from assay.delivery_receipt", null)).isEqualTo(JOBS);
      try (var files = Files.walk(outbox)) {
        assertThat(files.filter(p -> p.toString().endsWith(".html")).count()).isEqualTo(JOBS);
      }
    }
  }

  private AssayProcess worker(List<String> shared, int n) {
    List<String> args = new ArrayList<>(shared);
    args.add("--assay.home=" + work.resolve("worker-" + n));
    return AssayProcess.start("worker", args, logs.resolve("worker-" + n + ".log"));
  }

  /** Reads the states from the job list (the database), not from workflow queries. */
  private static void awaitCompleted(Http api, List<String> ids, int atLeast, Duration limit)
      throws Exception {
    long deadline = System.nanoTime() + limit.toNanos();
    while (true) {
      Map<String, String> states = new HashMap<>();
      for (JsonNode job : JSON.readTree(api.get("/api/jobs?size=100").body()).path("jobs")) {
        states.put(job.path("id").asText(), job.path("state").asText());
      }
      int completed = 0;
      for (String id : ids) {
        assertThat(states.get(id)).as("job %s", id).isNotIn("FAILED", "CANCELLED");
        if ("COMPLETED".equals(states.get(id))) {
          completed++;
        }
      }
      if (completed >= atLeast) {
        return;
      }
      assertThat(System.nanoTime())
          .as("%d of %d jobs completed", completed, ids.size())
          .isLessThan(deadline);
      Thread.sleep(1000);
    }
  }

  /** The identities (pid@host) of the workers that started tasks of these jobs and their steps. */
  private static Set<String> workerIdentities(String target, List<String> ids) {
    WorkflowServiceStubs stubs =
        WorkflowServiceStubs.newServiceStubs(
            WorkflowServiceStubsOptions.newBuilder().setTarget(target).build());
    try {
      WorkflowClient client = WorkflowClient.newInstance(stubs);
      Set<String> identities = new HashSet<>();
      for (String id : ids) {
        for (HistoryEvent e : client.fetchHistory(id).getHistory().getEventsList()) {
          if (e.hasWorkflowTaskStartedEventAttributes()) {
            identities.add(e.getWorkflowTaskStartedEventAttributes().getIdentity());
          } else if (e.hasActivityTaskStartedEventAttributes()) {
            identities.add(e.getActivityTaskStartedEventAttributes().getIdentity());
          }
        }
      }
      identities.remove("");
      return identities;
    } finally {
      stubs.shutdownNow();
    }
  }

  private static DataSource dataSource(DebianPostgres pg) {
    PGSimpleDataSource ds = new PGSimpleDataSource();
    ds.setUrl(pg.jdbcUrl());
    ds.setUser("postgres");
    return ds;
  }

  private static long count(DataSource ds, String sql, String unused) throws Exception {
    try (var c = ds.getConnection();
        var s = c.createStatement();
        var rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }
}
