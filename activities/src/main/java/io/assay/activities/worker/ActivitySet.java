package io.assay.activities.worker;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.langchain4j.model.chat.ChatModel;
import io.assay.activities.analyses.AnalysisRegistry;
import io.assay.activities.analyses.ReconWarehouse;
import io.assay.activities.analyses.Warehouse;
import io.assay.activities.delivery.ChannelSecrets;
import io.assay.activities.delivery.DeliveryActivitiesImpl;
import io.assay.activities.delivery.DeliveryService;
import io.assay.activities.delivery.ReceiptStore;
import io.assay.activities.evidence.ArtifactStore;
import io.assay.activities.evidence.EvidenceActivitiesImpl;
import io.assay.activities.evidence.FindingStore;
import io.assay.activities.job.JobActivitiesImpl;
import io.assay.activities.job.JobStore;
import io.assay.activities.job.ReportPreparation;
import io.assay.activities.plan.PlanningActivitiesImpl;
import io.assay.activities.report.ReportActivitiesImpl;
import io.assay.activities.report.ReportBuilder;
import io.assay.activities.report.ReportService;
import io.assay.activities.report.ReportStore;
import io.assay.activities.step.AnalysisActivitiesImpl;
import io.assay.algorithms.forecast.Forecaster;
import io.assay.recon.Recon;
import io.assay.recon.execute.SqlExecutor;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import javax.sql.DataSource;

/**
 * Every activity implementation a worker registers, wired to one database, one recon and one
 * forecaster. The application's worker and the tests that run real activities build them here, so
 * both run the same wiring.
 *
 * @param admin owner connections: Assay's own tables (jobs, artifacts, reports, receipts)
 * @param reader the read-only role every analysis query runs as
 * @param plannerModel the optional LLM planner; null for the deterministic planner
 * @param warehouseDecorator wraps the analyses' warehouse (tracing, metrics); identity for none
 */
public record ActivitySet(
    DataSource admin,
    DataSource reader,
    Supplier<Recon> recon,
    AnalysisRegistry registry,
    ChatModel plannerModel,
    Duration statementTimeout,
    Forecaster forecaster,
    ChannelSecrets secrets,
    ObjectMapper json,
    UnaryOperator<Warehouse> warehouseDecorator) {

  /** The most rows one analysis query may return; more are cut and flagged as truncated. */
  public static final int ROW_CAP = 10_000;

  public List<Object> create() {
    JobStore jobs = new JobStore(admin);
    ArtifactStore artifacts = new ArtifactStore(admin);
    FindingStore findings = new FindingStore(admin);
    ReportStore reports = new ReportStore(admin);
    ReceiptStore receipts = new ReceiptStore(admin);
    Clock clock = Clock.systemUTC();
    Warehouse warehouse =
        warehouseDecorator.apply(
            new ReconWarehouse(recon, new SqlExecutor(reader, statementTimeout, ROW_CAP)));
    return List.of(
        new JobActivitiesImpl(jobs, json, new ReportPreparation(recon)),
        new PlanningActivitiesImpl(recon, registry, plannerModel),
        new AnalysisActivitiesImpl(registry, warehouse, artifacts, jobs, forecaster),
        new EvidenceActivitiesImpl(artifacts, findings),
        new ReportActivitiesImpl(
            new ReportService(artifacts, findings, reports, new ReportBuilder(), clock)),
        new DeliveryActivitiesImpl(
            DeliveryService.create(receipts, reports, secrets, clock), receipts));
  }
}
