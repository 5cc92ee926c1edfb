package io.assay.web.worker;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.assay.algorithms.forecast.FallbackForecaster;
import io.assay.analyses.AnalysisRegistry;
import io.assay.delivery.ChannelSecrets;
import io.assay.delivery.DeliveryPolicy;
import io.assay.llm.ChatModels;
import io.assay.llm.LlmSettings;
import io.assay.recon.ReconRegistry;
import io.assay.store.JobStore;
import io.assay.web.config.AssayProperties;
import io.assay.web.database.DatasetConnections;
import io.assay.web.monitor.MonitorActivitiesImpl;
import io.assay.web.observability.Telemetry;
import io.assay.web.observability.TemporalTelemetry;
import io.assay.worker.ActivitySet;
import io.assay.workflows.job.AnalysisJobWorkflowImpl;
import io.assay.workflows.monitor.MonitorRunWorkflowImpl;
import io.assay.workflows.step.AnalysisStepWorkflowImpl;
import io.temporal.client.WorkflowClient;
import io.temporal.common.interceptors.WorkerInterceptor;
import io.temporal.worker.Worker;
import io.temporal.worker.WorkerFactory;
import io.temporal.worker.WorkerFactoryOptions;
import io.temporal.worker.WorkerOptions;
import io.temporal.worker.tuning.PollerBehaviorAutoscaling;
import java.time.Duration;
import java.util.Arrays;
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

  /** A monitor run's job and alert decision (database and recon only). */
  @Bean
  public MonitorActivitiesImpl monitorActivities(
      io.assay.store.MonitorStore monitors,
      io.assay.store.FeedbackStore feedback,
      JobStore jobs,
      io.assay.store.ArtifactStore artifacts,
      ReconRegistry recons,
      AnalysisRegistry registry,
      io.assay.web.jobs.DeliveryTargets targets,
      ObjectMapper json) {
    return new MonitorActivitiesImpl(
        monitors, feedback, jobs, artifacts, recons, registry, targets, json);
  }

  /**
   * Pollers scale with the backlog the service reports (a burst of new jobs puts every first
   * workflow task on the shared queue at once) instead of a fixed handful that new workflows wait
   * behind; the real service tells the worker about its backlog, the in-process one does not.
   */
  static WorkerOptions workerOptions() {
    return WorkerOptions.newBuilder()
        .setWorkflowTaskPollersBehavior(new PollerBehaviorAutoscaling(2, 16, 4))
        .setActivityTaskPollersBehavior(new PollerBehaviorAutoscaling(2, 16, 4))
        // On a busy machine a workflow thread can wait over the default 1 s for a CPU; that is
        // not a deadlock, and failing the task only makes the service send it again.
        .setDefaultDeadlockDetectionTimeout(10_000)
        // A workflow's next task goes to this worker's sticky queue (its cached state): under load
        // the 5 s default ran out while the task waited for a workflow thread, and the service
        // moved it to the shared queue, where another worker (or this one, cold) replayed the
        // whole history. Waiting longer for the warm worker is cheaper than that replay.
        .setStickyQueueScheduleToStartTimeout(Duration.ofSeconds(20))
        .build();
  }

  @Bean(destroyMethod = "shutdown")
  public WorkerFactory workerFactory(
      WorkflowClient client,
      AssayProperties props,
      ReconRegistry recons,
      JobStore jobStore,
      AnalysisRegistry registry,
      ChatModels models,
      ObjectMapper json,
      DeliveryPolicy deliveryPolicy,
      Telemetry telemetry,
      TemporalTelemetry temporalTelemetry,
      @Qualifier("dataSource") DataSource admin,
      DatasetConnections connections,
      @Value("${assay.forecast.service-url:}") String forecastServiceUrl,
      MonitorActivitiesImpl monitorActivities) {
    WorkerFactory factory =
        WorkerFactory.newInstance(
            client,
            WorkerFactoryOptions.newBuilder()
                .setWorkerInterceptors(interceptors(temporalTelemetry, jobStore, recons))
                .build());
    if (!props.mode().runsWorker()) {
      return factory;
    }
    Worker worker = factory.newWorker(props.temporal().taskQueue(), workerOptions());
    worker.registerWorkflowImplementationTypes(
        AnalysisJobWorkflowImpl.class,
        AnalysisStepWorkflowImpl.class,
        MonitorRunWorkflowImpl.class);
    ActivitySet activities =
        new ActivitySet(
            admin,
            connections.scoped(),
            recons::current,
            registry,
            models.planning().map(telemetry::observeChatModel).orElse(null),
            models.reading(),
            models.tokenBudget(),
            props.db().statementTimeout(),
            FallbackForecaster.forServiceUrl(forecastServiceUrl),
            ChannelSecrets.of(props.delivery().secrets()),
            deliveryPolicy,
            json,
            telemetry::observeWarehouse);
    worker.registerActivitiesImplementations(activities.create().toArray());
    worker.registerActivitiesImplementations(monitorActivities);
    return factory;
  }

  /**
   * Telemetry's interceptors, then the recorder of failed attempts, then the dataset scope
   * (innermost, around the activity itself).
   */
  private static WorkerInterceptor[] interceptors(
      TemporalTelemetry telemetry, JobStore jobs, ReconRegistry recons) {
    WorkerInterceptor[] outer = telemetry.workerInterceptors();
    WorkerInterceptor[] all = Arrays.copyOf(outer, outer.length + 2);
    all[outer.length] = new AttemptRecorder(jobs);
    all[outer.length + 1] = new DatasetScopeInterceptor(jobs, recons);
    return all;
  }
}
