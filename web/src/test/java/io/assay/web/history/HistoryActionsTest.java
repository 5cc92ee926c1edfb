package io.assay.web.history;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.assay.contract.job.JobState;
import io.assay.store.JobRecord;
import io.assay.web.support.TestStack;
import io.assay.web.ui.Http;
import io.assay.web.ui.WebAppTest;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Operators download a workflow's history as JSON and terminate a stuck job with a reason. */
class HistoryActionsTest extends WebAppTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void operatorsDownloadTheHistoryAndTerminateWithAReason() throws Exception {
    Http api = Http.basic(base(), ALICE, TestStack.PASSWORD);
    String id =
        JSON.readTree(
                api.postJson("/api/jobs", "{\"question\":\"How many loans are there?\"}").body())
            .path("id")
            .asText();
    awaitJob(id, s -> s == JobState.AWAITING_APPROVAL || s.terminal(), Duration.ofSeconds(60));

    Http olga = as(OLGA);
    Http.Response download = olga.get("/jobs/" + id + "/history.json");
    assertThat(download.status()).isEqualTo(200);
    assertThat(download.header("Content-Disposition")).contains(id + "-history.json");
    assertThat(JSON.readTree(download.body()).path("events").size()).isGreaterThan(3);
    assertThat(as(ALICE).get("/jobs/" + id + "/history.json").status()).isEqualTo(403);
    assertThat(olga.get("/jobs/" + id + "/history.json?workflow=job-other").status())
        .isEqualTo(404);

    String csrf = olga.csrf("/jobs/" + id + "/history");
    assertThat(olga.postForm("/jobs/" + id + "/terminate", Map.of("reason", " "), csrf).status())
        .isEqualTo(302);
    assertThat(olga.get("/jobs/" + id + "/history").body()).contains("id=\"terminate-error\"");
    assertThat(jobs.find(id).orElseThrow().state()).isEqualTo(JobState.AWAITING_APPROVAL);

    csrf = olga.csrf("/jobs/" + id + "/history");
    olga.postForm("/jobs/" + id + "/terminate", Map.of("reason", "stuck on a dead webhook"), csrf);
    JobRecord job = jobs.find(id).orElseThrow();
    assertThat(job.state()).isEqualTo(JobState.FAILED);
    assertThat(job.lastError()).isEqualTo("terminated by olga: stuck on a dead webhook");
    // Analysts may not terminate.
    Http alice = as(ALICE);
    assertThat(
            alice
                .postForm(
                    "/jobs/" + id + "/terminate", Map.of("reason", "x"), alice.csrf("/jobs/" + id))
                .status())
        .isEqualTo(403);
  }
}
