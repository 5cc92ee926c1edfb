package io.assay.web.security;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.contract.job.ApprovalMode;
import io.assay.web.jobs.JobSubmission;
import io.assay.web.support.TestStack;
import io.assay.web.ui.Http;
import io.assay.web.ui.WebAppTest;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Roles and ownership: analysts see and steer their own jobs, operators everyone's. */
class AccessTest extends WebAppTest {
  private String alicesJob;

  @BeforeEach
  void alicesJob() {
    alicesJob =
        jobs.submit(
            new JobSubmission(
                "How many accounts are there?",
                "financial",
                ApprovalMode.REQUIRE,
                300L,
                List.of(),
                null),
            ALICE);
  }

  private Http basic(String user, String password) {
    return Http.basic(base(), user, password);
  }

  @Test
  void anotherAnalystGets403EverywhereOnTheJob() {
    Http bob = as(BOB);
    for (String path :
        new String[] {
          "/jobs/" + alicesJob,
          "/jobs/" + alicesJob + "/parts/live",
          "/jobs/" + alicesJob + "/report"
        }) {
      Http.Response response = bob.get(path, "text/html");
      assertThat(response.status()).as(path).isEqualTo(403);
    }
    assertThat(bob.get("/jobs/" + alicesJob + "/stream", "text/event-stream").status())
        .isEqualTo(403);
    assertThat(bob.get("/jobs/" + alicesJob, "text/html").body())
        .contains("id=\"error-status\">403</span>")
        .contains("This job belongs to someone else.")
        .doesNotContain("How many accounts are there?");
    Http.Response approve =
        bob.postForm("/jobs/" + alicesJob + "/approve", Map.of(), bob.csrf("/jobs/new"));
    assertThat(approve.status()).isEqualTo(403);
    assertThat(bob.get("/jobs").body()).doesNotContain(alicesJob);

    Http.Response api = basic(BOB, TestStack.PASSWORD).get("/api/jobs/" + alicesJob);
    assertThat(api.status()).isEqualTo(403);
    assertThat(api.header("Content-Type")).startsWith("application/problem+json");
  }

  @Test
  void theOwnerAndOperatorsSeeTheJob() {
    assertThat(as(ALICE).get("/jobs/" + alicesJob).status()).isEqualTo(200);
    Http olga = as(OLGA);
    assertThat(olga.get("/jobs/" + alicesJob).status()).isEqualTo(200);
    assertThat(olga.get("/jobs?q=" + alicesJob).body()).contains(alicesJob).contains(">alice</td>");
    assertThat(basic(OLGA, TestStack.PASSWORD).get("/api/jobs/" + alicesJob).status())
        .isEqualTo(200);
  }

  @Test
  void historiesAreForOperators() {
    assertThat(as(ALICE).get("/jobs/" + alicesJob + "/history").status()).isEqualTo(403);
    assertThat(basic(ALICE, TestStack.PASSWORD).get("/api/jobs/" + alicesJob + "/history").status())
        .isEqualTo(403);
    assertThat(as(OLGA).get("/jobs/" + alicesJob + "/history").status()).isEqualTo(200);
    Http.Response api = basic(OLGA, TestStack.PASSWORD).get("/api/jobs/" + alicesJob + "/history");
    assertThat(api.status()).isEqualTo(200);
    assertThat(api.body())
        .contains("\"jobId\":\"" + alicesJob + "\"")
        .contains("WorkflowExecutionStarted");
  }

  @Test
  void peopleSignInWithAFormAndApiClientsGetProblemDetails() {
    Http anonymous = Http.anonymous(base());
    Http.Response page = anonymous.get("/jobs", "text/html");
    assertThat(page.status()).isEqualTo(302);
    assertThat(page.header("Location")).endsWith("/login");

    Http.Response api = anonymous.get("/api/jobs");
    assertThat(api.status()).isEqualTo(401);
    assertThat(api.header("WWW-Authenticate")).startsWith("Basic");
    assertThat(api.header("Content-Type")).startsWith("application/problem+json");

    assertThat(basic(ALICE, "wrong").get("/api/jobs").status()).isEqualTo(401);
    assertThat(basic(ALICE, TestStack.PASSWORD).get("/api/jobs").status()).isEqualTo(200);

    Http.Response login =
        anonymous.postForm(
            "/login", Map.of("username", ALICE, "password", "wrong"), anonymous.csrf("/login"));
    assertThat(login.header("Location")).endsWith("/login?error");
    assertThat(anonymous.get("/login?error").body()).contains("Wrong user name or password.");
  }

  @Test
  void apiClientsWithBasicCredentialsNeedNoCsrfToken() {
    Http.Response created =
        basic(BOB, TestStack.PASSWORD)
            .postJson(
                "/api/jobs",
                "{\"question\": \"How many clients are there?\", \"approvalMode\": \"REQUIRE\"}");
    assertThat(created.status()).isEqualTo(201);
    assertThat(created.header("Location")).startsWith("/api/jobs/job-");
  }

  @Test
  void operationalEndpointsAreGuarded() {
    assertThat(Http.anonymous(base()).get("/actuator/health").status()).isEqualTo(200);
    // Metrics export is off under @SpringBootTest, so the metrics endpoint stands for them all.
    assertThat(basic(ALICE, TestStack.PASSWORD).get("/actuator/metrics").status()).isEqualTo(403);
    assertThat(basic(OLGA, TestStack.PASSWORD).get("/actuator/metrics").status()).isEqualTo(200);
  }

  @Test
  void theOpenApiDescriptionCoversTheApiOnly() {
    Http.Response docs = basic(ALICE, TestStack.PASSWORD).get("/v3/api-docs");
    assertThat(docs.status()).isEqualTo(200);
    assertThat(docs.body())
        .contains(
            "\"/api/jobs\"",
            "\"/api/jobs/{id}/history\"",
            "\"/api/jobs/{id}/stream\"",
            "\"/api/recon\"")
        .contains("\"basic\"")
        .doesNotContain("\"/jobs/{id}/parts/live\"", "\"/login\"");
    assertThat(as(ALICE).get("/swagger-ui/index.html").status()).isEqualTo(200);
  }

  @Test
  void pagesCarryASecurityPolicyAndTheReportFrameIsSandboxed() {
    Http.Response page = as(ALICE).get("/jobs");
    assertThat(page.header("Content-Security-Policy")).contains("script-src 'self'");
    assertThat(page.header("X-Frame-Options")).isEqualTo("SAMEORIGIN");
  }
}
