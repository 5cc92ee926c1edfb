package io.assay.web.ui;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.contract.job.JobState;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The job page's controls over HTTP, as a browser without script uses them: each form posts with
 * its CSRF token and redirects back; the outcome (done, or refused and why) is on the page that
 * follows, next to the form it came from.
 */
class PlanActionsTest extends WebAppTest {
  static final Duration PLAN = Duration.ofSeconds(60);

  private String submit(Http http, String question) {
    Http.Response created =
        http.postForm(
            "/jobs",
            Map.of("question", question, "approvalMode", "REQUIRE"),
            http.csrf("/jobs/new"));
    assertThat(created.status()).as(created.body()).isEqualTo(302);
    return created.header("Location").replaceFirst("^.*/jobs/", "");
  }

  /** Posts a form of the job page and returns the page the redirect leads to. */
  private String act(Http http, String id, String action, Map<String, String> fields) {
    Http.Response response =
        http.postForm("/jobs/" + id + action, fields, http.csrf("/jobs/" + id));
    assertThat(response.status()).as(action).isEqualTo(302);
    assertThat(response.header("Location")).contains("/jobs/" + id);
    return http.get("/jobs/" + id).body();
  }

  /** The text of the element {@code id} on {@code page}, its entities decoded. */
  private static String shown(String page, String id) {
    java.util.regex.Matcher m =
        java.util.regex.Pattern.compile("id=\"" + id + "\"[^>]*>([^<]*)<").matcher(page);
    assertThat(m.find()).as("#" + id + " on the page").isTrue();
    return m.group(1).replace("&#39;", "'").replace("&quot;", "\"").replace("&amp;", "&");
  }

  @Test
  void aClarificationIsAskedOnThePageAndTheAnswerLeadsToAPlan() throws Exception {
    Http alice = as(ALICE);
    String id = submit(alice, "Is the monthly transaction volume in 1997 unusual?");
    awaitJob(id, s -> s == JobState.CLARIFICATION_REQUIRED || s.terminal(), PLAN);

    String page = alice.get("/jobs/" + id).body();
    assertThat(page)
        .contains(
            "id=\"clarification-form\"",
            "value=\"transaction_count\"",
            "value=\"transaction_amount\"");
    String clarificationId =
        page.replaceFirst("(?s).*name=\"clarificationId\" value=\"([^\"]+)\".*", "$1");

    assertThat(act(alice, id, "/answer", Map.of("clarificationId", clarificationId)))
        .contains("id=\"clarification-error\">Choose one of the options.</p>");
    assertThat(
            act(
                alice,
                id,
                "/answer",
                Map.of("clarificationId", clarificationId, "value", "transaction_median")))
        .contains("id=\"clarification-error\"")
        .contains("transaction_median");

    act(
        alice,
        id,
        "/answer",
        Map.of("clarificationId", clarificationId, "value", "transaction_amount"));
    awaitJob(id, s -> s == JobState.AWAITING_APPROVAL || s.terminal(), PLAN);
    assertThat(alice.get("/jobs/" + id).body())
        .contains("id=\"approve\"")
        .contains("&quot;transaction_amount&quot;");
    jobs.cancel(id, ALICE, "test done");
  }

  @Test
  void everyPlanControlAppliesOrSaysWhyNot() throws Exception {
    Http olga = as(OLGA);
    String id =
        submit(
            olga,
            "Check the monthly cash withdrawal amount in 1997 and drill down if anything is unusual");
    awaitJob(id, s -> s == JobState.AWAITING_APPROVAL || s.terminal(), PLAN);

    // Exclude a value recon does not know: refused, with recon's suggestion, next to the step.
    String page =
        act(olga, id, "/plan/steps/1/exclude", Map.of("column", "district.a2", "value", "Sokolow"));
    assertThat(page).contains("id=\"step-1-error\"").contains("did you mean &#39;Sokolov&#39;");
    assertThat(page).doesNotContain("id=\"edits\"");

    page =
        act(olga, id, "/plan/steps/1/exclude", Map.of("column", "trans.k_symbol", "value", "SIPO"));
    assertThat(page)
        .contains("id=\"edits\"")
        // The list of edits reads in the dataset's words.
        .contains("Value &#39;SIPO&#39; of transaction purpose excluded from step 2.")
        .contains("excluded transaction purpose &#39;SIPO&#39; from step 2");

    // A refused argument reads in people's words, on the page as through the API: the step's
    // analysis by its title, each argument by its label, columns by the dataset's labels.
    String bad = "{\"dimensions\": [\"district.a33\"], \"grain\": \"fortnight\"}";
    String refusal =
        shown(act(olga, id, "/plan/steps/1/args", Map.of("args", bad)), "step-1-error");
    // The form sends the whole arguments, so the metric is missing too; every problem is said.
    assertThat(refusal)
        .startsWith("Step 2 (drill-down): metric is required")
        .contains(
            "dimensions: unknown column 'district.a33' — did you mean ",
            "region",
            "grain should be one of day, week,",
            "not fortnight");
    PeoplesWords.assertInWords(refusal);
    Http.Response api =
        Http.basic(base(), OLGA, io.assay.web.support.TestStack.PASSWORD)
            .postJson(
                "/api/jobs/" + id + "/edits",
                "{\"op\": \"set_args\", \"index\": 1, \"args\": " + bad + "}");
    assertThat(api.status()).isEqualTo(409);
    com.fasterxml.jackson.databind.JsonNode problem =
        new com.fasterxml.jackson.databind.ObjectMapper().readTree(api.body());
    // The check's own text stays for clients that act on argument names.
    assertThat(problem.path("reason").asText()).startsWith("step 2 (drill_down): arg 'dimensions'");
    assertThat(problem.path("detail").asText())
        .startsWith("Step 2 (drill-down): dimensions: unknown column 'district.a33'");
    PeoplesWords.assertInWords(problem.path("detail").asText());
    page =
        shown(
            act(
                olga,
                id,
                "/plan/steps",
                Map.of("position", "9", "analysis", "trend_anomaly", "args", "{}", "why", "x")),
            "add-error");
    PeoplesWords.assertInWords(page);

    page = act(olga, id, "/plan/steps/1/args", Map.of("args", "{\"grain\": month"));
    assertThat(page).contains("id=\"step-1-error\">The arguments are not a JSON object");
    // What was typed comes back, so it can be corrected rather than retyped.
    assertThat(page).contains("{&quot;grain&quot;: month</textarea>");

    page =
        act(
            olga,
            id,
            "/plan/steps",
            Map.of("position", "3", "analysis", "direct_answer", "args", "{}", "why", "a count"));
    assertThat(page).contains("id=\"add-error\"");

    page = act(olga, id, "/plan/steps/1/move", Map.of("to", "0"));
    assertThat(page).contains("moved step 2 to position 1");

    page = act(olga, id, "/plan/steps/1/remove", Map.of());
    assertThat(page).contains("removed step 2");
    assertThat(page).doesNotContain("id=\"step-1\"");

    page = act(olga, id, "/plan/steps/0/remove", Map.of());
    assertThat(page).contains("id=\"step-0-error\"").contains("Cannot remove the only step");

    page = act(olga, id, "/cancel", Map.of("reason", "enough for today"));
    awaitJob(id, JobState::terminal, PLAN);
    page = olga.get("/jobs/" + id).body();
    assertThat(page)
        .contains("data-state=\"CANCELLED\"")
        .contains("Cancelled by olga: enough for today.");
    assertThat(page).doesNotContain("id=\"approve\"", "id=\"cancel\"");

    // Approving a job that no longer waits is refused with the workflow's reason.
    Http.Response late =
        olga.postForm("/jobs/" + id + "/approve", Map.of(), olga.csrf("/jobs/" + id));
    assertThat(late.status()).isEqualTo(302);
    assertThat(olga.get("/jobs/" + id).body()).contains("id=\"plan-error\"");
  }

  @org.springframework.beans.factory.annotation.Autowired
  io.temporal.client.WorkflowClient temporal;

  @Test
  void aJobWhoseWorkflowHasClosedSaysSoInWordsOnThePageAndThroughTheApi() throws Exception {
    Http olga = as(OLGA);
    String id = submit(olga, "Check the monthly cash withdrawal amount in 1997");
    awaitJob(id, s -> s == JobState.AWAITING_APPROVAL || s.terminal(), PLAN);
    // The workflow ends behind the page's back: the job's row still says it waits for approval.
    temporal.newUntypedWorkflowStub(id).terminate("gone for the test");
    assertThat(jobs.find(id).orElseThrow().state()).isEqualTo(JobState.AWAITING_APPROVAL);
    String expected =
        "The job has already finished, so it can no longer be approved."
            + " Reload the page to see how it ended.";

    assertThat(shown(act(olga, id, "/approve", Map.of()), "plan-error")).isEqualTo(expected);

    Http.Response api =
        Http.basic(base(), OLGA, io.assay.web.support.TestStack.PASSWORD)
            .postJson("/api/jobs/" + id + "/edits", "{\"op\": \"remove_step\", \"index\": 0}");
    assertThat(api.status()).isEqualTo(409);
    com.fasterxml.jackson.databind.JsonNode problem =
        new com.fasterxml.jackson.databind.ObjectMapper().readTree(api.body());
    assertThat(problem.path("detail").asText())
        .isEqualTo(
            "The job has already finished, so it can no longer be edited."
                + " Reload the page to see how it ended.");
    assertThat(api.body()).doesNotContain("workflowId", "workflowType", "runId");
  }
}
