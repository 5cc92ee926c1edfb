package io.assay.delivery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.assay.contract.delivery.ChannelSpec;
import io.assay.contract.delivery.DeliveryActivities;
import io.assay.contract.delivery.DirectoryChannel;
import io.assay.contract.delivery.Receipt;
import io.assay.contract.delivery.WebhookChannel;
import io.assay.contract.delivery.WebhookFormat;
import io.assay.contract.evidence.ArtifactDraft;
import io.assay.contract.evidence.ArtifactInfo;
import io.assay.contract.evidence.ArtifactKind;
import io.assay.contract.evidence.ArtifactStatus;
import io.assay.contract.evidence.EvidenceActivities;
import io.assay.contract.finding.ArtifactRef;
import io.assay.contract.report.ReportActivities;
import io.assay.contract.report.ReportRef;
import io.assay.report.AnomalyScenario;
import io.assay.report.ReportActivitiesImpl;
import io.assay.report.ReportBuilder;
import io.assay.report.ReportService;
import io.assay.report.evidence.EvidenceActivitiesImpl;
import io.assay.store.ArtifactStore;
import io.assay.store.CanonicalJson;
import io.assay.store.FindingStore;
import io.temporal.activity.ActivityOptions;
import io.temporal.common.RetryOptions;
import io.temporal.failure.ActivityFailure;
import io.temporal.failure.ApplicationFailure;
import io.temporal.testing.TestActivityEnvironment;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The evidence → report → delivery activities called as the workflow calls them, through Temporal's
 * activity machinery and data converter: every argument and result crosses a payload boundary.
 */
class ActivityChainTest {
  private TestActivityEnvironment env;
  private EvidenceActivities evidence;
  private ReportActivities reports;
  private DeliveryActivities delivery;

  @BeforeEach
  void start() {
    env = TestActivityEnvironment.newInstance();
    ArtifactStore artifacts = new ArtifactStore(FrozenJobs.DB);
    FindingStore findings = new FindingStore(FrozenJobs.DB);
    env.registerActivitiesImplementations(
        new EvidenceActivitiesImpl(artifacts, findings),
        new ReportActivitiesImpl(
            new ReportService(
                artifacts, findings, FrozenJobs.REPORTS, new ReportBuilder(), FrozenJobs.CLOCK)),
        new DeliveryActivitiesImpl(FrozenJobs.service(ChannelSecrets.NONE), FrozenJobs.RECEIPTS));
    ActivityOptions options =
        ActivityOptions.newBuilder()
            .setStartToCloseTimeout(Duration.ofMinutes(1))
            .setRetryOptions(RetryOptions.newBuilder().setMaximumAttempts(1).build())
            .build();
    evidence = env.newActivityStub(EvidenceActivities.class, options);
    reports = env.newActivityStub(ReportActivities.class, options);
    delivery = env.newActivityStub(DeliveryActivities.class, options);
  }

  @AfterEach
  void stop() {
    env.close();
  }

  @Test
  void evidenceThenReportThenDelivery() throws Exception {
    String job = "job-" + UUID.randomUUID();
    // 1. Steps store artifacts (here through the activity) and record their Findings.
    AnomalyScenario scenario =
        new AnomalyScenario(
            job,
            (stepId, kind, key, content) -> {
              ArtifactInfo info =
                  evidence.storeArtifact(
                      new ArtifactDraft(job, stepId, kind, key, CanonicalJson.tree(content)));
              assertThat(info.status()).isEqualTo(ArtifactStatus.ACCEPTED);
              return info.ref();
            });
    evidence.recordFinding(job, scenario.trend);
    evidence.recordFinding(job, scenario.drill);
    assertThat(evidence.listArtifacts(job)).hasSize(5).allMatch(ArtifactInfo::accepted);

    // 2. The report: built, checked, frozen, rendered, stored; only a reference comes back.
    ReportRef ref = reports.buildReport(scenario.request);
    assertThat(ref.facts()).isGreaterThan(10);
    assertThat(reports.buildReport(scenario.request)).isEqualTo(ref);

    // 3. One delivery per requested channel; each returns its confirmed receipt.
    try (WebhookReceiver receiver = new WebhookReceiver(200, "ok")) {
      ChannelSpec slack = new WebhookChannel("team-slack", receiver.url(), WebhookFormat.SLACK, 0);
      Receipt receipt = delivery.deliver(job, slack, ref);
      assertThat(receipt.confirmed()).isTrue();
      assertThat(receipt.bodySha256()).isEqualTo(ref.bodySha256());
      assertThat(delivery.receipts(job)).containsExactly(receipt);
    }
  }

  @Test
  void failuresCrossTheBoundaryWithTheirTypes() {
    String job = "job-" + UUID.randomUUID();
    ArtifactInfo first =
        evidence.storeArtifact(
            new ArtifactDraft(
                job,
                job + ":0:a",
                ArtifactKind.COMPUTATION,
                job + ":k",
                CanonicalJson.tree(Map.of("x", 1))));
    assertThatThrownBy(
            () ->
                evidence.storeArtifact(
                    new ArtifactDraft(
                        job,
                        job + ":0:a",
                        ArtifactKind.COMPUTATION,
                        job + ":k",
                        CanonicalJson.tree(Map.of("x", 2)))))
        .isInstanceOf(ActivityFailure.class)
        .cause()
        .isInstanceOfSatisfying(
            ApplicationFailure.class,
            f -> {
              assertThat(f.getType()).isEqualTo(EvidenceActivitiesImpl.INVALID_EVIDENCE);
              assertThat(f.isNonRetryable()).isTrue();
            });
    ArtifactInfo revoked = evidence.revokeArtifact(first.ref().id(), "operator: wrong filter");
    assertThat(revoked.status()).isEqualTo(ArtifactStatus.REVOKED);
    assertThat(new ArtifactRef(revoked.ref().id(), revoked.ref().sha256())).isEqualTo(first.ref());
    assertThat(evidence.listArtifacts(job))
        .extracting(ArtifactInfo::revokedReason)
        .containsExactly("operator: wrong filter");
    ReportRef none =
        new ReportRef(
            job,
            "0".repeat(64),
            "0".repeat(64),
            "0".repeat(64),
            0,
            0,
            0,
            0,
            0,
            "1998-01-03T10:00:00Z");
    assertThatThrownBy(() -> delivery.deliver(job, new DirectoryChannel("d", "/tmp"), none))
        .isInstanceOf(ActivityFailure.class)
        .cause()
        .isInstanceOfSatisfying(
            ApplicationFailure.class,
            f -> {
              assertThat(f.getType()).isEqualTo(DeliveryActivitiesImpl.REJECTED);
              assertThat(f.getOriginalMessage()).contains("has no frozen report to deliver");
            });
  }
}
