package io.assay.web.worker;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.assay.activities.analyses.AnalysisRegistry;
import io.assay.activities.analyses.ReconWarehouse;
import io.assay.activities.delivery.ChannelSecrets;
import io.assay.activities.delivery.DeliveryActivitiesImpl;
import io.assay.activities.delivery.DeliveryService;
import io.assay.activities.delivery.FileDirectorySender;
import io.assay.activities.delivery.ReceiptStore;
import io.assay.activities.delivery.SmtpSender;
import io.assay.activities.delivery.WebhookSender;
import io.assay.activities.evidence.ArtifactStore;
import io.assay.activities.evidence.EvidenceActivitiesImpl;
import io.assay.activities.evidence.FindingStore;
import io.assay.activities.job.JobActivitiesImpl;
import io.assay.activities.job.JobStore;
import io.assay.activities.job.ReportPreparation;
import io.assay.activities.llm.ChatModels;
import io.assay.activities.llm.LlmSettings;
import io.assay.activities.plan.PlanningActivitiesImpl;
import io.assay.activities.report.ReportActivitiesImpl;
import io.assay.activities.report.ReportBuilder;
import io.assay.activities.report.ReportService;
import io.assay.activities.report.ReportStore;
import io.assay.activities.step.AnalysisActivitiesImpl;
import io.assay.algorithms.forecast.FallbackForecaster;
import io.assay.recon.ReconCache;
import io.assay.recon.execute.SqlExecutor;
import io.assay.web.config.AssayProperties;
import io.assay.workflows.job.AnalysisJobWorkflowImpl;
import io.assay.workflows.step.AnalysisStepWorkflowImpl;
import io.temporal.client.WorkflowClient;
import io.temporal.worker.Worker;
import io.temporal.worker.WorkerFactory;
import java.time.Clock;
import javax.sql.DataSource;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/**
 * The Temporal worker: the job and step workflows and every activity, wired to PostgreSQL, recon,
 * the forecaster and the delivery channels. Started unless {@code assay.mode=web}.
 */
@Configuration(proxyBeanMethods = false)
public class WorkerConfig {

  @Bean
  public AnalysisRegistry analysisRegistry() {
    return AnalysisRegistry.discover();
  }

  /** Optional LLM (assay.llm.*); with none configured every path is deterministic. */
  @Bean
  public ChatModels chatModels(Environment env) {
    return ChatModels.from(LlmSettings.from(env::getProperty));
  }

  @Bean(destroyMethod = "shutdown")
  public WorkerFactory workerFactory(
      WorkflowClient client,
      AssayProperties props,
      JobStore jobs,
      ArtifactStore artifacts,
      ReportStore reports,
      ReceiptStore receipts,
      FindingStore findings,
      ReconCache recon,
      AnalysisRegistry registry,
      ChatModels models,
      ObjectMapper json,
      @Qualifier("reader") DataSource reader,
      @Value("${assay.forecast.service-url:}") String forecastServiceUrl) {
    WorkerFactory factory = WorkerFactory.newInstance(client);
    if (!props.mode().runsWorker()) {
      return factory;
    }
    Worker worker = factory.newWorker(props.temporal().taskQueue());
    worker.registerWorkflowImplementationTypes(
        AnalysisJobWorkflowImpl.class, AnalysisStepWorkflowImpl.class);
    SqlExecutor executor = new SqlExecutor(reader, props.db().statementTimeout(), 10_000);
    ChannelSecrets secrets = ChannelSecrets.NONE;
    Clock clock = Clock.systemUTC();
    worker.registerActivitiesImplementations(
        new JobActivitiesImpl(jobs, json, new ReportPreparation(recon::get)),
        new PlanningActivitiesImpl(recon::get, registry, models.planning().orElse(null)),
        new AnalysisActivitiesImpl(
            registry,
            new ReconWarehouse(recon::get, executor),
            artifacts,
            jobs,
            FallbackForecaster.forServiceUrl(forecastServiceUrl)),
        new EvidenceActivitiesImpl(artifacts, findings),
        new ReportActivitiesImpl(
            new ReportService(artifacts, findings, reports, new ReportBuilder(), clock)),
        new DeliveryActivitiesImpl(
            new DeliveryService(
                receipts,
                reports,
                new WebhookSender(secrets, clock),
                new FileDirectorySender(),
                new SmtpSender(secrets, clock)),
            receipts));
    return factory;
  }
}
