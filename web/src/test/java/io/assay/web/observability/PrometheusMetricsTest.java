package io.assay.web.observability;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.contract.job.ApprovalMode;
import io.assay.contract.job.JobState;
import io.assay.store.JobRecord;
import io.assay.web.jobs.JobSubmission;
import io.assay.web.support.TestStack;
import io.assay.web.ui.Http;
import io.assay.web.ui.WebAppTest;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.actuate.observability.AutoConfigureObservability;

/**
 * A job run by the application shows up at {@code /actuator/prometheus}: Assay's SQL and analysis
 * meters and Temporal's SDK metrics, in the one registry operators scrape, and its spans form one
 * trace. (Spring Boot turns metrics export off in tests unless asked, hence the annotation and a
 * context of its own.)
 */
@AutoConfigureObservability(tracing = false)
class PrometheusMetricsTest extends WebAppTest {
  @Autowired RecentSpans recentSpans;

  @Test
  void aCompletedJobsAnalysesSqlAndWorkflowsAreExposedForPrometheus() throws Exception {
    String id =
        jobs.submit(
            new JobSubmission(
                "How many accounts were opened in 1997?",
                "financial",
                ApprovalMode.AUTO,
                null,
                List.of(),
                null),
            ALICE);
    JobRecord job = awaitJob(id, JobState::terminal, Duration.ofMinutes(2));
    assertThat(job.state()).isEqualTo(JobState.COMPLETED);

    Http operator = Http.basic(base(), OLGA, TestStack.PASSWORD);
    // Temporal's metrics are pushed into the registry every report interval (10 s by default).
    String body = "";
    long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
    while (System.nanoTime() < deadline) {
      Http.Response scrape = operator.get("/actuator/prometheus", "text/plain");
      assertThat(scrape.status()).isEqualTo(200);
      body = scrape.body();
      if (body.contains("temporal_workflow_completed_total")) {
        break;
      }
      Thread.sleep(500);
    }
    assertThat(body)
        .contains("temporal_workflow_completed_total{")
        .contains("workflow_type=\"AnalysisJobWorkflow\"")
        .containsPattern("assay_analysis_seconds_count\\{analysis=\"[a-z_]+\",status=\"ok\"}")
        .containsPattern("assay_sql_execution_seconds_count\\{outcome=\"ok\"}")
        .contains("assay_sql_rows_count")
        .contains("assay_sql_execution_seconds_bucket{outcome=\"ok\",le=\"0.005\"}");
    // Fixed buckets (LatencyBuckets): 15 bounds and +Inf per series, not Micrometer's 60-odd.
    assertThat(lines(body, "temporal_workflow_endtoend_latency_seconds_bucket{"))
        .isEqualTo(16 * lines(body, "temporal_workflow_endtoend_latency_seconds_count{"))
        .isPositive();

    // The same run is traced (memory exporter, the default): the job's SQL shares its trace with
    // the workflow start the submission made.
    SpanData sql =
        recentSpans.snapshot().stream()
            .filter(s -> s.getName().equals("SELECT"))
            .reduce((first, second) -> second)
            .orElseThrow(
                () -> new AssertionError("no SQL span among " + names(recentSpans.snapshot())));
    assertThat(names(recentSpans.trace(sql.getTraceId())))
        .contains(
            "StartWorkflow:AnalysisJobWorkflow",
            "RunWorkflow:AnalysisJobWorkflow",
            "RunActivity:RunAnalysis",
            "SELECT");
  }

  private static long lines(String scrape, String prefix) {
    return scrape.lines().filter(l -> l.startsWith(prefix)).count();
  }

  private static List<String> names(List<SpanData> spans) {
    return spans.stream().map(SpanData::getName).toList();
  }
}
