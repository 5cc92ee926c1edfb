package io.assay.web.ui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.assay.contract.job.JobState;
import io.assay.datasets.registry.DatasetRegistry;
import io.assay.store.JobRecord;
import io.assay.web.support.TestStack;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * The dataset is chosen everywhere a question enters: the API and the form take a served dataset
 * and record it on the job, refuse any other naming those served, and the schema browser shows each
 * dataset.
 */
class DatasetChoiceTest extends WebAppTest {

  @Autowired DatasetRegistry datasets;

  @Test
  void anUnknownDatasetIsA400ListingTheDatasetsServed() {
    Http.Response api =
        Http.basic(base(), ALICE, TestStack.PASSWORD)
            .postJson("/api/jobs", "{\"question\": \"How many loans?\", \"dataset\": \"nope\"}");
    assertThat(api.status()).isEqualTo(400);
    assertThat(api.body())
        .contains("Unknown dataset 'nope'; available: " + String.join(", ", datasets.names()));

    Http alice = Http.basic(base(), ALICE, TestStack.PASSWORD);
    Http.Response form =
        alice.postForm(
            "/jobs",
            Map.of("question", "How many loans?", "dataset", "nope", "approvalMode", "REQUIRE"),
            alice.csrf("/jobs/new"));
    assertThat(form.status()).isEqualTo(400);
    assertThat(form.body()).contains("id=\"dataset-error\">Unknown dataset &#39;nope&#39;");
  }

  @Test
  void theFormAndTheSchemaBrowserOfferEveryServedDataset() {
    Http alice = Http.basic(base(), ALICE, TestStack.PASSWORD);
    String form = alice.get("/jobs/new").body();
    for (String name : datasets.names()) {
      assertThat(form).contains("<option value=\"" + name + "\"");
      assertThat(alice.get("/recon?dataset=" + name).body())
          .contains("Schema of <span>" + name + "</span>");
    }
    assertThat(alice.get("/recon?dataset=nope").status()).isEqualTo(404);
  }

  @Test
  void aJobOnTheSecondDatasetRecordsItAndIsAnsweredFromIt() throws InterruptedException {
    JobRecord job = completedOnPagila("What share of customers live in Canada?");
    assertThat(job.dataset()).isEqualTo("pagila");
  }

  @Test
  void anAnalysisOnTheSecondDatasetScansItsDailySeriesAndDelivers() throws Exception {
    JobRecord job =
        completedOnPagila(
            "Check daily revenue in June 2022 and drill down by category if anything is unusual");
    Http alice = Http.basic(base(), ALICE, TestStack.PASSWORD);
    JsonNode progress = new ObjectMapper().readTree(alice.get("/api/jobs/" + job.id()).body());
    List<String> analyses = new ArrayList<>();
    progress.path("progress").path("steps").forEach(s -> analyses.add(s.path("analysis").asText()));
    assertThat(analyses).contains("trend_anomaly");
    assertThat(progress.path("progress").path("plan").toString()).contains("daily series");
    String report = alice.get("/api/jobs/" + job.id() + "/report.md").body();
    assertThat(report).containsIgnoringCase("revenue").contains("2022");
  }

  /** Submits a question on Pagila through the API, auto-approved, and waits for it to complete. */
  private JobRecord completedOnPagila(String question) throws InterruptedException {
    assumeTrue(datasets.find("pagila").isPresent(), "no ../shared/datasets/pagila here");
    Http.Response r =
        Http.basic(base(), ALICE, TestStack.PASSWORD)
            .postJson(
                "/api/jobs",
                "{\"question\": \""
                    + question
                    + "\", \"dataset\": \"pagila\", \"approvalMode\": \"AUTO\"}");
    assertThat(r.status()).as(r.body()).isBetween(200, 202);
    String id = r.body().replaceAll("(?s).*\"id\"\\s*:\\s*\"([^\"]+)\".*", "$1");
    JobRecord job = awaitJob(id, JobState::terminal, Duration.ofMinutes(4));
    assertThat(job.state()).as(job.lastError()).isEqualTo(JobState.COMPLETED);
    return job;
  }
}
