package io.assay.web.jobs;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.assay.contract.job.JobState;
import io.assay.web.support.TestStack;
import io.assay.web.ui.Http;
import io.assay.web.ui.WebAppTest;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Edit and resubmit: a job that ended without a result runs again, edited, as a linked job. */
class ResubmitTest extends WebAppTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private String cancelledJob(Http api) throws Exception {
    String id =
        JSON.readTree(
                api.postJson("/api/jobs", "{\"question\":\"How many clients are there?\"}").body())
            .path("id")
            .asText();
    api.postJson("/api/jobs/" + id + "/cancel", "{}");
    awaitJob(id, JobState::terminal, Duration.ofSeconds(60));
    return id;
  }

  @Test
  void overTheApiANewJobIsLinkedToTheOldOne() throws Exception {
    Http api = Http.basic(base(), ALICE, TestStack.PASSWORD);
    String old = cancelledJob(api);

    Http.Response created =
        api.postJson(
            "/api/jobs/" + old + "/resubmit", "{\"question\":\"How many loans are there?\"}");
    assertThat(created.status()).as(created.body()).isEqualTo(201);
    JsonNode body = JSON.readTree(created.body());
    String fresh = body.path("id").asText();
    assertThat(body.path("resubmittedFrom").asText()).isEqualTo(old);
    assertThat(jobs.find(fresh).orElseThrow().question()).isEqualTo("How many loans are there?");
    assertThat(jobs.resubmittedFrom(fresh)).contains(old);
    assertThat(jobs.resubmissionsOf(old)).containsExactly(fresh);

    // A job that is still running is not resubmitted; a blank question is refused.
    assertThat(api.postJson("/api/jobs/" + fresh + "/resubmit", "{\"question\":\"x\"}").status())
        .isEqualTo(409);
    assertThat(api.postJson("/api/jobs/" + old + "/resubmit", "{\"question\":\" \"}").status())
        .isEqualTo(400);
    // Somebody else's job is not theirs to resubmit.
    assertThat(
            Http.basic(base(), BOB, TestStack.PASSWORD)
                .postJson("/api/jobs/" + old + "/resubmit", "{\"question\":\"q\"}")
                .status())
        .isEqualTo(403);
  }

  @Test
  void onThePageTheFormCarriesTheQuestionAndLeadsToTheNewJob() throws Exception {
    String old = cancelledJob(Http.basic(base(), ALICE, TestStack.PASSWORD));
    Http alice = as(ALICE);
    String page = alice.get("/jobs/" + old).body();
    assertThat(page).contains("id=\"resubmit-form\"").contains("How many clients are there?");

    Http.Response posted =
        alice.postForm(
            "/jobs/" + old + "/resubmit",
            Map.of("question", "How many accounts are there?"),
            alice.csrf("/jobs/" + old));
    assertThat(posted.status()).isEqualTo(302);
    String fresh = posted.header("Location").replaceFirst("^.*/jobs/", "");
    assertThat(alice.get("/jobs/" + fresh).body())
        .contains("id=\"resubmitted-from\"")
        .contains("/jobs/" + old);
    assertThat(alice.get("/jobs/" + old).body()).contains("id=\"resubmitted-as\"").contains(fresh);
  }
}
