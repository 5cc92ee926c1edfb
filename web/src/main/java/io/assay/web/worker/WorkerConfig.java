package io.assay.web.worker;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.assay.algorithms.forecast.FallbackForecaster;
import io.assay.analyses.AnalysisRegistry;
import io.assay.delivery.ChannelSecrets;
import io.assay.delivery.DeliveryPolicy;
import io.assay.llm.ChatModels;
import io.assay.llm.LlmSettings;
import io.assay.recon.ReconCache;
import io.assay.web.config.AssayProperties;
import io.assay.web.observability.Telemetry;
import io.assay.web.observability.TemporalTelemetry;
import io.assay.worker.ActivitySet;
import io.assay.workflows.job.AnalysisJobWorkflowImpl;
import io.assay.workflows.step.AnalysisStepWorkflowImpl;
import io.temporal.client.WorkflowClient;
import io.temporal.worker.Worker;
import io.temporal.worker.WorkerFactory;
import io.temporal.worker.WorkerFactoryOptions;
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
      ReconCache recon,
      AnalysisRegistry registry,
      ChatModels models,
      ObjectMapper json,
      DeliveryPolicy deliveryPolicy,
      Telemetry telemetry,
      TemporalTelemetry temporalTelemetry,
      @Qualifier("dataSource") DataSource admin,
      @Qualifier("reader") DataSource reader,
      @Value("${assay.forecast.service-url:}") String forecastServiceUrl) {
    WorkerFactory factory =
        WorkerFactory.newInstance(
            client,
            WorkerFactoryOptions.newBuilder()
                .setWorkerInterceptors(temporalTelemetry.workerInterceptors())
                .build());
    if (!props.mode().runsWorker()) {
      return factory;
    }
    Worker worker = factory.newWorker(props.temporal().taskQueue());
    worker.registerWorkflowImplementationTypes(
        AnalysisJobWorkflowImpl.class, AnalysisStepWorkflowImpl.class);
    ActivitySet activities =
        new ActivitySet(
            admin,
            reader,
            recon::get,
            registry,
            models.planning().map(telemetry::observeChatModel).orElse(null),
            props.db().statementTimeout(),
            FallbackForecaster.forServiceUrl(forecastServiceUrl),
            ChannelSecrets.of(props.delivery().secrets()),
            deliveryPolicy,
            json,
            telemetry::observeWarehouse);
    worker.registerActivitiesImplementations(activities.create().toArray());
    return factory;
  }
}
