package io.assay.report;

import io.assay.contract.report.ReportRequest;
import io.assay.report.evidence.EvidencePool;
import io.assay.store.ArtifactStore;
import io.assay.store.FindingStore;
import java.time.Clock;
import java.util.Optional;

/**
 * Builds a job's report once: loads the evidence pool (re-verifying every accepted artifact), runs
 * the pure pipeline and stores the frozen result. If the job already has a frozen report (a retried
 * activity), that report is returned unchanged.
 */
public final class ReportService {
  private final ArtifactStore artifacts;
  private final FindingStore findings;
  private final ReportStore reports;
  private final ReportBuilder builder;
  private final Clock clock;

  public ReportService(
      ArtifactStore artifacts,
      FindingStore findings,
      ReportStore reports,
      ReportBuilder builder,
      Clock clock) {
    this.artifacts = artifacts;
    this.findings = findings;
    this.reports = reports;
    this.builder = builder;
    this.clock = clock;
  }

  public FrozenReport build(ReportRequest request) {
    Optional<FrozenReport> existing = reports.find(request.jobId());
    if (existing.isPresent()) {
      return existing.get();
    }
    EvidencePool pool = EvidencePool.load(artifacts, findings, request.jobId());
    return reports.saveOnce(builder.build(request, pool, clock.instant()));
  }

  public Optional<FrozenReport> find(String jobId) {
    return reports.find(jobId);
  }
}
