package io.assay.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.assay.contract.report.ReportRef;
import io.assay.report.check.CheckKind;
import io.assay.report.check.CheckReport;
import io.assay.store.ArtifactStore;
import io.assay.store.FindingStore;
import io.assay.store.TestDatabase;
import io.temporal.failure.ApplicationFailure;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.UUID;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

class ReportServiceTest {
  private final DataSource db = TestDatabase.admin();
  private final ArtifactStore artifacts = new ArtifactStore(db);
  private final FindingStore findings = new FindingStore(db);
  private final ReportStore reports = new ReportStore(db);

  private ReportActivitiesImpl activities(Instant now) {
    return new ReportActivitiesImpl(
        new ReportService(
            artifacts, findings, reports, new ReportBuilder(), Clock.fixed(now, ZoneOffset.UTC)));
  }

  private AnomalyScenario recorded(String job) {
    AnomalyScenario scenario = new AnomalyScenario(job, EvidenceSink.database(artifacts, job));
    findings.record(job, scenario.trend);
    findings.record(job, scenario.drill);
    return scenario;
  }

  @Test
  void buildsFreezesAndStoresOnceFromTheJobsEvidence() throws Exception {
    String job = "job-" + UUID.randomUUID();
    AnomalyScenario scenario = recorded(job);
    ReportRef ref = activities(Instant.parse("1998-01-03T10:00:00Z")).buildReport(scenario.request);
    assertThat(ref.jobId()).isEqualTo(job);
    assertThat(ref.sections()).isEqualTo(2);
    assertThat(ref.repairs()).isZero();
    assertThat(ref.frozenAt()).isEqualTo("1998-01-03T10:00:00Z");

    FrozenReport stored = reports.find(job).orElseThrow();
    assertThat(stored.intact()).isTrue();
    assertThat(stored.ref()).isEqualTo(ref);
    assertThat(stored.checkHistory()).extracting(CheckReport::passed).containsExactly(true);

    // A retried activity, later, returns the report frozen first.
    ReportRef again =
        activities(Instant.parse("1998-01-04T00:00:00Z")).buildReport(scenario.request);
    assertThat(again).isEqualTo(ref);
    try (Connection c = db.getConnection();
        Statement s = c.createStatement()) {
      assertThatThrownBy(
              () -> s.execute("update assay.report set html = '' where job_id = '" + job + "'"))
          .hasMessageContaining("is frozen");
    }
  }

  @Test
  void revokedEvidenceFailsTheReportWithItsCheckReport() {
    String job = "job-" + UUID.randomUUID();
    AnomalyScenario scenario = recorded(job);
    artifacts.revoke(scenario.trend.charts().get(0).source().id(), "operator: wrong baseline");
    assertThatThrownBy(() -> activities(Instant.now()).buildReport(scenario.request))
        .isInstanceOfSatisfying(
            ApplicationFailure.class,
            f -> {
              assertThat(f.getType()).isEqualTo(ReportActivitiesImpl.CHECK_FAILED);
              assertThat(f.isNonRetryable()).isTrue();
              CheckReport last = f.getDetails().get(CheckReport.class);
              assertThat(last.of(CheckKind.REFERENCE_OVERREACH))
                  .extracting(i -> i.message())
                  .anyMatch(m -> m.contains("was revoked: operator: wrong baseline"));
              assertThat(f.getOriginalMessage()).contains("after 2 repair(s)");
            });
    assertThat(reports.find(job)).isEmpty();
  }
}
