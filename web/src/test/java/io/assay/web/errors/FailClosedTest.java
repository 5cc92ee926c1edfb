package io.assay.web.errors;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.assay.contract.job.JobState;
import io.assay.store.JobQuery;
import io.assay.web.support.TestStack;
import io.assay.web.ui.Http;
import io.assay.web.ui.WebAppTest;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 18 over HTTP against the whole application: each request, the status and body it gets, and
 * that nothing was written or started.
 */
class FailClosedTest extends WebAppTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private Http api(String user) {
    return Http.basic(base(), user, TestStack.PASSWORD);
  }

  private int jobsOf(String owner) {
    return jobs.count(new JobQuery(owner, null, null, 0, 20));
  }

  private static JsonNode problem(Http.Response response, int status) {
    assertThat(response.status()).as(response.body()).isEqualTo(status);
    assertThat(response.header("Content-Type")).startsWith("application/problem+json");
    try {
      return JSON.readTree(response.body());
    } catch (IOException e) {
      throw new AssertionError(response.body(), e);
    }
  }

  @Test
  void everyActionOnAFinishedJobIs409WithItsState() throws Exception {
    Http alice = api(ALICE);
    String id =
        JSON.readTree(
                alice
                    .postJson("/api/jobs", "{\"question\":\"How many clients are there?\"}")
                    .body())
            .path("id")
            .asText();
    assertThat(alice.postJson("/api/jobs/" + id + "/cancel", "{\"reason\":\"test\"}").status())
        .isEqualTo(202);
    awaitJob(id, JobState::terminal, Duration.ofSeconds(60));

    for (String[] action :
        List.of(
            new String[] {"/approve", ""},
            new String[] {"/edits", "{\"op\":\"remove_step\",\"index\":0}"},
            new String[] {"/answers", "{\"clarificationId\":\"c\",\"value\":\"v\"}"},
            new String[] {"/steps/0/retry", ""},
            new String[] {"/cancel", "{}"},
            new String[] {"/cancel", ""})) {
      JsonNode body = problem(alice.postJson("/api/jobs/" + id + action[0], action[1]), 409);
      assertThat(body.path("state").asText()).as(action[0]).isEqualTo("CANCELLED");
      // The state's name is the machine's field; the detail a person reads says it in words.
      assertThat(body.path("detail").asText()).contains("cancelled").doesNotContain("CANCELLED");
    }
  }

  @Test
  void aPageOutsideTheListIs400NamingTheRange() {
    JsonNode body = problem(api(ALICE).get("/api/jobs?page=107374183"), 400);
    assertThat(body.path("detail").asText()).matches("page must be between 0 and \\d+ .*");
    assertThat(problem(api(ALICE).get("/api/jobs?page=-1"), 400).path("fields").has("page"))
        .isTrue();
    assertThat(problem(api(ALICE).get("/api/jobs?size=0"), 400).path("detail").asText())
        .contains("between 1 and");
    assertThat(problem(api(ALICE).get("/api/jobs?page=abc"), 400).path("detail").asText())
        .contains("page");
  }

  @Test
  void bodiesOverTheLimitAre413BeforeAnythingReadsThem() throws Exception {
    int before = jobsOf(ALICE);
    for (String path : List.of("/api/jobs", "/api/jobs/job-x/answers", "/api/jobs/job-x/cancel")) {
      String response = rawPost(path, 4_500_000, 300_000);
      assertThat(response).as(path).startsWith("HTTP/1.1 413");
      assertThat(response).contains("application/problem+json").contains("\"limitBytes\":262144");
    }
    assertThat(jobsOf(ALICE)).isEqualTo(before);
  }

  @Test
  void badJsonNamesTheFieldAndTheAllowedValues() {
    Http alice = api(ALICE);
    int before = jobsOf(ALICE);
    assertThat(
            problem(
                    alice.postJson("/api/jobs", "{\"question\":\"q\",\"approvalMode\":\"TIMER\"}"),
                    400)
                .path("fields")
                .path("approvalMode")
                .asText())
        .contains("REQUIRE, AUTO, AUTO_AFTER_TIMER");
    assertThat(
            problem(alice.postJson("/api/jobs", "{\"question\":42}"), 400)
                .path("fields")
                .has("question"))
        .isTrue();
    assertThat(
            problem(
                    alice.postJson(
                        "/api/jobs", "{\"question\":\"q\",\"approvalTimeoutSeconds\":1.5}"),
                    400)
                .path("fields")
                .path("approvalTimeoutSeconds")
                .asText())
        .contains("whole number");
    assertThat(
            problem(alice.postJson("/api/jobs", "{\"question\":\"q\",\"extra\":\"x\"}"), 400)
                .path("detail")
                .asText())
        .contains("unknown field 'extra'");
    assertThat(problem(alice.postJson("/api/jobs", "{\"question\":"), 400).path("detail").asText())
        .contains("Malformed JSON");
    // Every annotated field at once.
    JsonNode all =
        problem(
            alice.postJson(
                "/api/jobs",
                "{\"question\":\" \",\"approvalTimeoutSeconds\":0,\"hint\":\""
                    + "h".repeat(4001)
                    + "\"}"),
            400);
    assertThat(all.path("fields").size()).isEqualTo(3);
    // A long value is not echoed back.
    String huge = "z".repeat(100_000);
    Http.Response answer =
        alice.postJson(
            "/api/jobs/job-missing/answers",
            "{\"clarificationId\":\"c\",\"value\":\"" + huge + "\"}");
    assertThat(answer.body()).doesNotContain("z".repeat(100));
    assertThat(jobsOf(ALICE)).isEqualTo(before);
  }

  @Test
  void fileTargetsStayInsideTheBaseAndInternalHostsAreRefused() {
    Http alice = api(ALICE);
    int before = jobsOf(ALICE);
    for (String target :
        List.of(
            "file:/etc",
            "file:../x",
            "file:/tmp/a/../../etc",
            "webhook:http://127.0.0.1:9/x",
            "webhook:http://169.254.169.254/latest/meta-data",
            "slack:https://10.1.2.3/hook",
            "dingtalk:http://[::1]/x",
            "webhook:http://[::ffff:192.168.1.1]/x",
            "webhook:http://[fd00::1]/x")) {
      JsonNode body =
          problem(
              alice.postJson("/api/jobs", "{\"question\":\"q\",\"delivery\":[\"" + target + "\"]}"),
              400);
      assertThat(body.path("fields").has("delivery")).as(target).isTrue();
    }
    JsonNode secret =
        problem(
            alice.postJson(
                "/api/jobs",
                "{\"question\":\"q\",\"delivery\":[\"webhook:http://user:s3cret@127.0.0.1/x?token=abc\"]}"),
            400);
    assertThat(secret.toString()).doesNotContain("s3cret").doesNotContain("token=abc");
    assertThat(jobsOf(ALICE)).isEqualTo(before);
  }

  @Test
  void containerLevelRejectionsAreProblemDetails() throws Exception {
    for (String path :
        List.of(
            "/api/jobs/..%2Fx",
            "/api/jobs/%5Cx",
            "/api/jobs/%00x",
            "/api/jobs/%2e%2e/x",
            "/api/jobs;x=1",
            "//api/jobs")) {
      String response = rawGet(path);
      assertThat(response).as(path).startsWith("HTTP/1.1 400");
      assertThat(response).as(path).contains("application/problem+json").doesNotContain("<html");
    }
  }

  @Test
  void theWebIsLockedDown() {
    // The session cookie is SameSite.
    Http.Response login = Http.anonymous(base()).get("/login");
    assertThat(login.raw().headers().allValues("Set-Cookie"))
        .anySatisfy(c -> assertThat(c).contains("JSESSIONID").contains("SameSite=Lax"));
    // A bearer token next to a session cookie does not waive CSRF.
    Http session = as(ALICE);
    Http.Response forged =
        session.postJsonWithHeader(
            "/api/jobs", "{\"question\":\"q\"}", "Authorization", "Bearer junk");
    assertThat(forged.status()).isEqualTo(403);
    // History parts are for operators; a browser gets an HTML 403 page.
    Http.Response parts = session.get("/jobs/job-x/history/parts/runs", "text/html");
    assertThat(parts.status()).isEqualTo(403);
    assertThat(parts.header("Content-Type")).startsWith("text/html");
    assertThat(parts.body()).contains("id=\"error-status\">403");
    assertThat(api(ALICE).get("/api/jobs/job-x/history").status()).isEqualTo(403);
    // A browser asking for a page nobody serves gets an HTML 404.
    Http.Response missing = session.get("/nothing-here", "text/html");
    assertThat(missing.status()).isEqualTo(404);
    assertThat(missing.header("Content-Type")).startsWith("text/html");
  }

  private String rawGet(String path) throws IOException {
    return raw(
        "GET "
            + path
            + " HTTP/1.1\r\nHost: localhost\r\nAuthorization: "
            + basicAuth()
            + "\r\nConnection: close\r\n\r\n",
        0,
        0);
  }

  private String rawPost(String path, int declared, int sent) throws IOException {
    return raw(
        "POST "
            + path
            + " HTTP/1.1\r\nHost: localhost\r\nAuthorization: "
            + basicAuth()
            + "\r\nContent-Type: application/json\r\nContent-Length: "
            + declared
            + "\r\n\r\n",
        declared,
        sent);
  }

  private static String basicAuth() {
    return "Basic "
        + Base64.getEncoder()
            .encodeToString((ALICE + ":" + TestStack.PASSWORD).getBytes(StandardCharsets.UTF_8));
  }

  /** Sends a request by hand (paths a client library would normalise), returns the answer. */
  private String raw(String head, int declared, int sent) throws IOException {
    try (Socket socket = new Socket("127.0.0.1", port)) {
      socket.setSoTimeout(20_000);
      OutputStream out = socket.getOutputStream();
      out.write(head.getBytes(StandardCharsets.ISO_8859_1));
      try {
        byte[] chunk = new byte[8192];
        java.util.Arrays.fill(chunk, (byte) 'a');
        for (int written = 0; written < sent; written += chunk.length) {
          out.write(chunk);
        }
        out.flush();
      } catch (IOException e) {
        // the server answered and closed before the body was sent: what the limit is for
      }
      InputStream in = socket.getInputStream();
      ByteArrayOutputStream answer = new ByteArrayOutputStream();
      byte[] buffer = new byte[8192];
      int n;
      try {
        while ((n = in.read(buffer)) > 0 && answer.size() < 100_000) {
          answer.write(buffer, 0, n);
          if (answer.toString(StandardCharsets.UTF_8).contains("}") && declared > 0) {
            break;
          }
        }
      } catch (IOException e) {
        // a reset after the answer arrived
      }
      return answer.toString(StandardCharsets.UTF_8);
    }
  }
}
