package io.assay.web.ui;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.store.JobQuery;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What people get for bad input: messages next to the field, 403 for forged posts, 404 pages. */
class BadInputTest extends WebAppTest {
  static final String SCRIPT = "<script>window.__xss=1</script>";

  private Http.Response submit(Http http, Map<String, String> fields) {
    return http.postForm("/jobs", fields, http.csrf("/jobs/new"));
  }

  private int jobsOf(String owner) {
    return jobs.count(new JobQuery(owner, null, null, 0, 20));
  }

  @Test
  void anEmptyQuestionGetsAnInlineMessageAndNoJob() {
    Http alice = as(ALICE);
    int before = jobsOf(ALICE);

    Http.Response response = submit(alice, Map.of("question", "   ", "approvalMode", "REQUIRE"));

    assertThat(response.status()).isEqualTo(400);
    assertThat(response.body())
        .contains("id=\"question-error\">Please enter a question.</p>")
        .contains("class=\"invalid\"");
    assertThat(jobsOf(ALICE)).isEqualTo(before);
  }

  @Test
  void aQuestionOverTenKilobytesGetsAnInlineMessageAndKeepsWhatWasTyped() {
    Http alice = as(ALICE);
    int before = jobsOf(ALICE);
    // 3,334 three-byte characters: under 10,000 characters, over 10 kB.
    String question = "€".repeat(3_334);

    Http.Response response = submit(alice, Map.of("question", question, "approvalMode", "REQUIRE"));

    assertThat(response.status()).isEqualTo(400);
    assertThat(response.body())
        .contains("id=\"question-error\">The question is too long (the limit is 10 kB).</p>")
        // What was typed comes back (HTML-escaped) so the person can shorten it.
        .contains("&euro;".repeat(3_334));
    assertThat(submit(alice, Map.of("question", "x".repeat(10_001))).body())
        .contains("The question is too long (the limit is 10 kB).");
    assertThat(jobsOf(ALICE)).isEqualTo(before);
  }

  @Test
  void otherFieldsGetTheirOwnMessages() {
    Http.Response response =
        submit(
            as(ALICE),
            Map.of(
                "question", "How many accounts are there?",
                "approvalMode", "AUTO_AFTER_TIMER",
                "approvalTimeoutSeconds", "soon",
                "delivery", "file:/tmp/reports\nftp://example.com/x"));

    assertThat(response.status()).isEqualTo(400);
    assertThat(response.body())
        .contains(
            "id=\"approvalTimeoutSeconds-error\">The approval timer must be a whole number of seconds.</p>");

    response =
        submit(
            as(ALICE),
            Map.of(
                "question", "How many accounts are there?",
                "approvalTimeoutSeconds", "0",
                "delivery", "file:/tmp/reports\nftp://example.com/x"));
    assertThat(response.body())
        .contains("The approval timer must be at least 1 second.")
        .contains("Target 2 (ftp://example.com/x): A delivery target looks like file:/path");
  }

  @Test
  void aDeliveryTargetThisServerCannotServeIsRefusedOnItsField() {
    int before = jobsOf(ALICE);

    Http.Response response =
        submit(
            as(ALICE),
            Map.of(
                "question", "How many accounts are there?", "delivery", "email:team@example.com"));

    assertThat(response.status()).isEqualTo(400);
    assertThat(response.body())
        .contains(
            "id=\"delivery-error\">Target 1 (email:team@example.com): email delivery is not set up"
                + " on this server");
    assertThat(jobsOf(ALICE)).isEqualTo(before);
  }

  @Test
  void aPostWithoutItsCsrfTokenIsRejected() {
    Http alice = as(ALICE);
    int before = jobsOf(ALICE);

    Http.Response form =
        alice.postForm("/jobs", Map.of("question", "How many accounts are there?"), null);
    Http.Response api =
        alice.postJson("/api/jobs", "{\"question\": \"How many accounts are there?\"}");
    Http.Response logout = alice.postForm("/logout", Map.of(), null);

    assertThat(form.status()).isEqualTo(403);
    assertThat(api.status()).isEqualTo(403);
    assertThat(api.header("Content-Type")).startsWith("application/problem+json");
    assertThat(api.body()).contains("CSRF");
    assertThat(logout.status()).isEqualTo(403);
    assertThat(jobsOf(ALICE)).isEqualTo(before);
    // The same session with its token is accepted, so it was only the token that was missing.
    assertThat(submit(alice, Map.of("question", "How many accounts are there?")).status())
        .isEqualTo(302);
  }

  @Test
  void aScriptInAQuestionIsShownAsTextOnEveryPage() {
    Http alice = as(ALICE);
    Http.Response created =
        submit(
            alice,
            Map.of(
                "question", SCRIPT + " How many accounts are there?", "approvalMode", "REQUIRE"));
    assertThat(created.status()).isEqualTo(302);
    String jobPath = created.header("Location").replaceFirst("^https?://[^/]+", "");
    String id = jobPath.substring("/jobs/".length());

    String escaped = "&lt;script&gt;window.__xss=1&lt;/script&gt; How many accounts are there?";
    for (String page :
        new String[] {
          jobPath,
          jobPath + "/parts/live",
          jobPath + "/parts/plan",
          "/jobs",
          "/jobs?q=accounts",
          "/jobs/parts/table"
        }) {
      String body = alice.get(page).body();
      assertThat(body).as(page).doesNotContain(SCRIPT);
      if (!page.contains("/parts/")) {
        assertThat(body).as(page).contains(escaped);
      }
    }
    // An operator's view of the history shows the workflow input escaped too.
    String history = as(OLGA).get(jobPath + "/history").body();
    assertThat(history)
        .doesNotContain(SCRIPT)
        .contains("&lt;script&gt;window.__xss=1&lt;/script&gt;");
    try {
      jobs.cancel(id, ALICE, "test done");
    } catch (RuntimeException e) {
      // Already finished: nothing to stop.
    }
  }

  @Test
  void anUnknownJobIsA404PageNotAStackTrace() {
    Http alice = as(ALICE);
    for (String path :
        new String[] {
          "/jobs/job-nope",
          "/jobs/job-nope/report",
          "/jobs/job-nope/report.md",
          "/jobs/job-nope/parts/live"
        }) {
      Http.Response response = alice.get(path, "text/html");
      assertThat(response.status()).as(path).isEqualTo(404);
      assertThat(response.header("Content-Type")).as(path).startsWith("text/html");
      assertThat(response.body())
          .as(path)
          .contains("id=\"error-status\">404</span>")
          .contains("There is no job job-nope.")
          .doesNotContain("Exception", "at io.assay", "Whitelabel");
    }
    Http.Response history = as(OLGA).get("/jobs/job-nope/history", "text/html");
    assertThat(history.status()).isEqualTo(404);
    assertThat(history.body()).contains("There is no job job-nope.");

    Http.Response nothing = alice.get("/no-such-page", "text/html");
    assertThat(nothing.status()).isEqualTo(404);
    assertThat(nothing.body())
        .contains("id=\"error-status\">404</span>")
        .doesNotContain("Whitelabel");

    Http.Response api = alice.get("/api/jobs/job-nope", "application/json");
    assertThat(api.status()).isEqualTo(404);
    assertThat(api.header("Content-Type")).startsWith("application/problem+json");
    assertThat(api.body()).contains("\"status\":404").contains("No job job-nope.");
    Http operatorApi = Http.basic(base(), OLGA, io.assay.web.support.TestStack.PASSWORD);
    for (String path : new String[] {"/api/jobs/job-nope/history", "/api/no-such-endpoint"}) {
      Http.Response problem = operatorApi.get(path);
      assertThat(problem.status()).as(path).isEqualTo(404);
      assertThat(problem.header("Content-Type")).as(path).startsWith("application/problem+json");
    }
  }

  @Test
  void aBadFilterValueIsA400PageNotAStackTrace() {
    Http.Response response = as(ALICE).get("/jobs?state=NOT_A_STATE", "text/html");
    assertThat(response.status()).isEqualTo(400);
    assertThat(response.body()).contains("&#39;NOT_A_STATE&#39; is not a valid value for state.");
  }
}
