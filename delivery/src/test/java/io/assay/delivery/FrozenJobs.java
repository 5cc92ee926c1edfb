package io.assay.delivery;

import io.assay.contract.report.ReportRef;
import io.assay.report.AnomalyScenario;
import io.assay.report.EvidenceSink;
import io.assay.report.ReportBuilder;
import io.assay.report.ReportService;
import io.assay.report.ReportStore;
import io.assay.store.ArtifactStore;
import io.assay.store.FindingStore;
import io.assay.store.ReceiptStore;
import io.assay.store.TestDatabase;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.UUID;
import javax.sql.DataSource;

/** A job with its evidence recorded and its report frozen, ready to deliver. */
final class FrozenJobs {
  static final DataSource DB = TestDatabase.admin();
  static final ReportStore REPORTS = new ReportStore(DB);
  static final ReceiptStore RECEIPTS = new ReceiptStore(DB);
  static final Clock CLOCK = Clock.fixed(Instant.parse("1998-01-03T10:00:00Z"), ZoneOffset.UTC);

  private FrozenJobs() {}

  static ReportRef frozen() {
    String job = "job-" + UUID.randomUUID();
    ArtifactStore artifacts = new ArtifactStore(DB);
    FindingStore findings = new FindingStore(DB);
    AnomalyScenario scenario = new AnomalyScenario(job, EvidenceSink.database(artifacts, job));
    findings.record(job, scenario.trend);
    findings.record(job, scenario.drill);
    return new ReportService(artifacts, findings, REPORTS, new ReportBuilder(), CLOCK)
        .build(scenario.request)
        .ref();
  }

  /** Tests write under the temporary directory and post to receivers on loopback. */
  static final DeliveryPolicy POLICY =
      new DeliveryPolicy(
          new FileTargets(Path.of(System.getProperty("java.io.tmpdir"))),
          EgressPolicy.allowing(List.of("127.0.0.0/8")));

  static DeliveryService service(ChannelSecrets secrets) {
    return DeliveryService.create(RECEIPTS, REPORTS, secrets, CLOCK, POLICY);
  }
}
