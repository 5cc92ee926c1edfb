package io.assay.worker;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.langchain4j.model.chat.ChatModel;
import io.assay.algorithms.forecast.Forecaster;
import io.assay.analyses.AnalysisActivitiesImpl;
import io.assay.analyses.AnalysisRegistry;
import io.assay.analyses.ReconWarehouse;
import io.assay.analyses.Warehouse;
import io.assay.delivery.ChannelSecrets;
import io.assay.delivery.DeliveryActivitiesImpl;
import io.assay.delivery.DeliveryPolicy;
import io.assay.delivery.DeliveryService;
import io.assay.llm.LlmSettings;
import io.assay.llm.ReadingPolicy;
import io.assay.recon.Recon;
import io.assay.recon.execute.SqlExecutor;
import io.assay.report.JobActivitiesImpl;
import io.assay.report.ReportActivitiesImpl;
import io.assay.report.ReportBuilder;
import io.assay.report.ReportPreparation;
import io.assay.report.ReportService;
import io.assay.report.ReportStore;
import io.assay.report.evidence.EvidenceActivitiesImpl;
import io.assay.report.words.Labels;
import io.assay.store.ArtifactStore;
import io.assay.store.FindingStore;
import io.assay.store.JobStore;
import io.assay.store.ReceiptStore;
import io.assay.understand.ReaderCache;
import io.assay.understand.plan.PlanningActivitiesImpl;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
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
 * @param plannerModel the optional LLM (model reader and planner); null for the deterministic path
 * @param reading when the model reads questions (assay.llm.reading)
 * @param tokenBudget the most tokens one job's model readings may spend together
 * @param warehouseDecorator wraps the analyses' warehouse (tracing, metrics); identity for none
 */
public record ActivitySet(
    DataSource admin,
    DataSource reader,
    Supplier<Recon> recon,
    AnalysisRegistry registry,
    ChatModel plannerModel,
    ReadingPolicy reading,
    int tokenBudget,
    Duration statementTimeout,
    Forecaster forecaster,
    ChannelSecrets secrets,
    DeliveryPolicy delivery,
    ObjectMapper json,
    UnaryOperator<Warehouse> warehouseDecorator) {

  /** With the default reading policy (fallback) and token budget. */
  public ActivitySet(
      DataSource admin,
      DataSource reader,
      Supplier<Recon> recon,
      AnalysisRegistry registry,
      ChatModel plannerModel,
      Duration statementTimeout,
      Forecaster forecaster,
      ChannelSecrets secrets,
      DeliveryPolicy delivery,
      ObjectMapper json,
      UnaryOperator<Warehouse> warehouseDecorator) {
    this(
        admin,
        reader,
        recon,
        registry,
        plannerModel,
        ReadingPolicy.FALLBACK,
        LlmSettings.DEFAULT_TOKEN_BUDGET,
        statementTimeout,
        forecaster,
        secrets,
        delivery,
        json,
        warehouseDecorator);
  }

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
    // The analyses name themselves in reports: "the drill-down step", not "drill_down".
    Map<String, String> analysisNames = registry.titles();
    return List.of(
        new JobActivitiesImpl(jobs, json, new ReportPreparation(recon, analysisNames)),
        new ProgressActivitiesImpl(jobs, json),
        new PlanningActivitiesImpl(
            recon,
            registry,
            ReaderCache.standard(recon),
            plannerModel,
            reading,
            tokenBudget,
            new ModelReadingArtifacts(artifacts, jobs)),
        new AnalysisActivitiesImpl(registry, warehouse, artifacts, jobs, forecaster),
        new EvidenceActivitiesImpl(artifacts, findings),
        new ReportActivitiesImpl(
            new ReportService(
                artifacts,
                findings,
                reports,
                new ReportBuilder(() -> Labels.from(recon.get()).withAnalyses(analysisNames)),
                clock)),
        new DeliveryActivitiesImpl(
            DeliveryService.create(receipts, reports, secrets, clock, delivery), receipts));
  }
}
