package io.assay.web.monitor;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.assay.datasets.testing.TemporalCliServer;
import io.assay.web.AssayApplication;
import io.assay.web.support.TestStack;
import io.assay.web.support.WarehouseManifest;
import io.assay.web.ui.Http;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.web.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * A monitor on the real Temporal service (the CLI's dev server, which runs Schedules): created from
 * a finished job, triggered (a linked job runs and follows the alert rule), paused and resumed,
 * backfilled over three past months (three runs, each scanning the window of its own month), and
 * still scheduled after the application and the dev server restart.
 */
class MonitorLifecycleTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String TREND =
      "Check the monthly cash withdrawal amount in 1997 and drill down if anything is unusual";

  @TempDir Path work;

  @Test
  void aMonitorRunsAsAScheduleThatTriggersPausesBackfillsAndSurvivesARestart() throws Exception {
    Path home = work.resolve("home");
    Path outbox = Files.createDirectories(work.resolve("outbox"));
    List<String> args = args(home, outbox);
    // Both starts below must find the shared warehouse loaded from the data files and leave it so.
    WarehouseManifest warehouse = WarehouseManifest.read();
    String monitor;
    String job;
    try (ConfigurableApplicationContext app = start(args)) {
      Http alice = Http.basic(base(app), "alice", TestStack.PASSWORD);
      Http bob = Http.basic(base(app), "bob", TestStack.PASSWORD);
      job = submit(alice, TREND);
      JsonNode done = awaitJob(alice, job, Duration.ofMinutes(4));
      assertThat(done.path("job").path("state").asText())
          .as(done.toString())
          .isEqualTo("COMPLETED");

      int before = JSON.readTree(alice.get("/api/monitors").body()).path("total").asInt();
      // Bad input: a clear 400 naming the field, and nothing written.
      assertProblem(
          alice.postJson("/api/monitors", body(job, "every", "1 day")), "every", "monthly");
      assertProblem(
          alice.postJson("/api/monitors", body(job, "cron", "61 * * * *")), "cron", "cron");
      assertProblem(
          bob.postJson("/api/monitors", body(job, "every", "1 month")), "fromJob", "someone else");
      assertProblem(
          alice.postJson(
              "/api/monitors",
              "{\"fromJob\":\"" + job + "\",\"every\":\"1 month\",\"timeZone\":\"Mars/Base\"}"),
          "timeZone",
          "time zone");
      assertThat(JSON.readTree(alice.get("/api/monitors").body()).path("total").asInt())
          .as("nothing written by the refused requests")
          .isEqualTo(before);

      Http.Response created =
          alice.postJson(
              "/api/monitors",
              JSON.writeValueAsString(
                  Map.of(
                      "fromJob",
                      job,
                      "every",
                      "1 month",
                      "timeZone",
                      "Europe/Prague",
                      "delivery",
                      List.of("file:" + outbox))));
      assertThat(created.status()).as(created.body()).isEqualTo(201);
      JsonNode m = JSON.readTree(created.body());
      monitor = m.path("id").asText();
      assertThat(m.path("periods").asInt()).as("the job's window, 12 months").isEqualTo(12);
      assertThat(m.path("nextRuns")).as("the schedule's next runs").isNotEmpty();
      assertThat(bob.get("/api/monitors/" + monitor).status()).isEqualTo(403);

      // Trigger now: a linked job runs; it delivers only if its latest period was flagged.
      assertThat(alice.postJson("/api/monitors/" + monitor + "/trigger", "").status())
          .isEqualTo(202);
      JsonNode run = awaitRuns(alice, monitor, 1, Duration.ofMinutes(4)).get(0);
      String runJob = run.path("jobId").asText();
      JsonNode runView = awaitJob(alice, runJob, Duration.ofMinutes(4));
      assertThat(runView.path("job").path("state").asText())
          .as(runView.toString())
          .isEqualTo("COMPLETED");
      String alert = runView.path("progress").path("alert").asText();
      assertThat(alert)
          .matches("(no )?alert: Trend anomaly (did not flag|flagged) the latest period.*");
      int receipts = runView.path("progress").path("receipts").size();
      assertThat(receipts).as(alert).isEqualTo(alert.startsWith("no alert") ? 0 : 1);

      // Pause and resume through Temporal.
      assertThat(
              JSON.readTree(alice.postJson("/api/monitors/" + monitor + "/pause", "").body())
                  .path("paused")
                  .asBoolean())
          .isTrue();
      assertThat(
              JSON.readTree(alice.postJson("/api/monitors/" + monitor + "/resume", "").body())
                  .path("paused")
                  .asBoolean())
          .isFalse();

      // Backfill three past months: one run each, each as of its own month.
      Http.Response backfill =
          alice.postJson(
              "/api/monitors/" + monitor + "/backfill",
              "{\"from\":\"1997-02-01\",\"to\":\"1997-04-30\"}");
      assertThat(backfill.status()).as(backfill.body()).isEqualTo(202);
      assertThat(JSON.readTree(backfill.body()).path("runs").asInt()).isEqualTo(3);
      List<JsonNode> runs = awaitRuns(alice, monitor, 4, Duration.ofMinutes(8));
      List<String> windows = new ArrayList<>();
      for (JsonNode r : runs) {
        awaitJob(alice, r.path("jobId").asText(), Duration.ofMinutes(6));
      }
      for (JsonNode r : JSON.readTree(alice.get("/api/monitors/" + monitor).body()).path("runs")) {
        windows.add(r.path("window").asText());
      }
      assertThat(windows)
          .contains(
              "the 12 months 1996-02-01 to 1997-01-31",
              "the 12 months 1996-03-01 to 1997-02-28",
              "the 12 months 1996-04-01 to 1997-03-31");
      assertProblem(
          alice.postJson(
              "/api/monitors/" + monitor + "/backfill",
              "{\"from\":\"1997-05-01\",\"to\":\"1997-04-01\"}"),
          "from",
          "before");
      assertThat(alice.get("/jobs/" + runJob).body()).contains("/monitors/" + monitor);
    }

    try (ConfigurableApplicationContext app = start(args)) {
      Http alice = Http.basic(base(app), "alice", TestStack.PASSWORD);
      JsonNode m = JSON.readTree(alice.get("/api/monitors/" + monitor).body());
      assertThat(m.path("scheduleKnown").asBoolean()).as(m.toString()).isTrue();
      assertThat(m.path("nextRuns")).as("the schedule survived the restart").isNotEmpty();
      assertThat(m.path("runs").size()).isEqualTo(4);
      assertThat(alice.get("/monitors/" + monitor).body()).contains("Europe/Prague", "1 month");
      // The job page's form: create a monitor, see its next run, pause it; bad input comes back.
      Http browser = Http.signedIn(base(app), "alice", TestStack.PASSWORD);
      assertThat(browser.get("/jobs/" + job).body()).contains("id=\"monitor-form\"");
      Http.Response bad =
          browser.postForm(
              "/monitors",
              Map.of("fromJob", job, "every", "fortnightly", "timeZone", "UTC"),
              browser.csrf("/jobs/" + job));
      assertThat(bad.status()).isEqualTo(302);
      assertThat(browser.get("/jobs/" + job).body()).contains("not an interval");
      Http.Response made =
          browser.postForm(
              "/monitors",
              Map.of("fromJob", job, "every", "1 month", "timeZone", "UTC", "alertRule", "ALWAYS"),
              browser.csrf("/jobs/" + job));
      assertThat(made.status()).isEqualTo(302);
      String location = made.header("Location").replace(base(app), "");
      assertThat(location).startsWith("/monitors/mon-");
      assertThat(browser.get(location).body())
          .contains("id=\"next-runs\"", "<time", "id=\"pause\"");
      assertThat(browser.postForm(location + "/pause", Map.of(), browser.csrf(location)).status())
          .isEqualTo(302);
      assertThat(browser.get(location).body()).contains("none while paused", "id=\"resume\"");
      assertThat(browser.get("/monitors").body())
          .contains(location.substring("/monitors/".length()));
      assertThat(browser.postForm(location + "/delete", Map.of(), browser.csrf(location)).status())
          .isEqualTo(302);

      assertThat(alice.delete("/api/monitors/" + monitor).status()).isEqualTo(204);
      assertThat(alice.get("/api/monitors/" + monitor).status()).isEqualTo(404);
    }
    assertThat(WarehouseManifest.read())
        .as("the shared warehouse was not reloaded")
        .isEqualTo(warehouse);
    assertThat(warehouse.foreign()).as("tables not loaded from the data files").isEmpty();
  }

  private static List<String> args(Path home, Path outbox) {
    Path binary = TemporalCliServer.requireBinary();
    List<String> args = new ArrayList<>();
    for (String arg : TestStack.args(home.toString())) {
      if (!arg.startsWith("--assay.temporal.embedded")) {
        args.add(arg);
      }
    }
    args.add("--server.port=0");
    args.add("--assay.temporal.embedded=cli");
    args.add("--assay.temporal.embedded-port=" + TemporalCliServer.freePort());
    args.add("--assay.temporal.ui-port=" + TemporalCliServer.freePort());
    args.add("--assay.temporal.tools-dir=" + binary.getParent().getParent().getParent());
    args.add("--assay.delivery.file.base-dir=" + outbox.getParent());
    return args;
  }

  private static ConfigurableApplicationContext start(List<String> args) {
    return new SpringApplicationBuilder(AssayApplication.class).run(args.toArray(String[]::new));
  }

  private static String base(ConfigurableApplicationContext app) {
    return "http://127.0.0.1:" + ((WebServerApplicationContext) app).getWebServer().getPort();
  }

  private static String body(String job, String key, String value) throws Exception {
    return JSON.writeValueAsString(Map.of("fromJob", job, key, value));
  }

  static void assertProblem(Http.Response r, String field, String words) throws Exception {
    assertThat(r.status()).as(r.body()).isEqualTo(400);
    assertThat(r.header("Content-Type")).contains("application/problem+json");
    JsonNode p = JSON.readTree(r.body());
    assertThat(p.path("fields").path(field).asText()).as(r.body()).containsIgnoringCase(words);
  }

  private static String submit(Http api, String question) throws Exception {
    Http.Response r =
        api.postJson(
            "/api/jobs",
            JSON.writeValueAsString(Map.of("question", question, "approvalMode", "AUTO")));
    assertThat(r.status()).as(r.body()).isEqualTo(201);
    return JSON.readTree(r.body()).path("id").asText();
  }

  private static JsonNode awaitJob(Http api, String id, Duration limit) throws Exception {
    return await(
        () -> JSON.readTree(api.get("/api/jobs/" + id).body()),
        j ->
            List.of("COMPLETED", "FAILED", "CANCELLED")
                .contains(j.path("job").path("state").asText()),
        limit);
  }

  private static List<JsonNode> awaitRuns(Http api, String monitor, int n, Duration limit)
      throws Exception {
    JsonNode m =
        await(
            () -> JSON.readTree(api.get("/api/monitors/" + monitor).body()),
            x -> x.path("runs").size() >= n,
            limit);
    List<JsonNode> runs = new ArrayList<>();
    m.path("runs").forEach(runs::add);
    return runs;
  }

  interface Read {
    JsonNode get() throws Exception;
  }

  private static JsonNode await(Read read, Predicate<JsonNode> done, Duration limit)
      throws Exception {
    long deadline = System.nanoTime() + limit.toNanos();
    JsonNode node = read.get();
    while (!done.test(node)) {
      assertThat(System.nanoTime()).as("waiting: %s", node).isLessThan(deadline);
      Thread.sleep(500);
      node = read.get();
    }
    return node;
  }
}
