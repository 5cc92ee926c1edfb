package io.assay.workflows.crash;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.assay.algorithms.forecast.FallbackForecaster;
import io.assay.analyses.AnalysisRegistry;
import io.assay.contract.delivery.DirectoryChannel;
import io.assay.contract.finding.Finding;
import io.assay.contract.job.ApprovalMode;
import io.assay.contract.job.JobProgress;
import io.assay.contract.job.JobRequest;
import io.assay.contract.job.JobState;
import io.assay.contract.step.AnalysisActivities;
import io.assay.contract.step.StepCall;
import io.assay.contract.workflow.AnalysisJobWorkflow;
import io.assay.datasets.testing.TemporalCliServer;
import io.assay.datasets.testing.TestWarehouse;
import io.assay.delivery.ChannelSecrets;
import io.assay.delivery.DeliveryPolicy;
import io.assay.delivery.EgressPolicy;
import io.assay.delivery.FileTargets;
import io.assay.recon.ReconCache;
import io.assay.store.AppSchema;
import io.assay.store.JobStore;
import io.assay.worker.ActivitySet;
import io.assay.workflows.job.AnalysisJobWorkflowImpl;
import io.assay.workflows.step.AnalysisStepWorkflowImpl;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowOptions;
import io.temporal.serviceclient.WorkflowServiceStubs;
import io.temporal.serviceclient.WorkflowServiceStubsOptions;
import io.temporal.worker.Worker;
import io.temporal.worker.WorkerFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.UnaryOperator;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/**
 * The only worker dies mid-step, workflow worker and activity worker alike; a new worker starts,
 * the real Temporal service (the CLI's dev server) moves the dead worker's sticky workflow tasks
 * back to the task queue and retries the analysis after its heartbeat timeout, and the job
 * completes on the real activities and the shared warehouse with no artifact row or delivery
 * duplicated. (The SDK's test server never reschedules a vanished poller's workflow tasks, so this
 * runs on the real service.)
 */
class WorkerCrashTest {
  private static final String QUEUE = "assay-crash-test";

  @Test
  void aNewWorkerFinishesTheJobWithoutDuplicatingArtifactsOrDeliveries() throws Exception {
    TestWarehouse warehouse = TestWarehouse.get();
    DataSource admin = warehouse.adminDataSource();
    AppSchema.migrate(admin);
    ReconCache recon = new ReconCache(warehouse.readerDataSource(), "financial");
    Path outbox = Files.createTempDirectory("assay-crash-outbox");
    try (TemporalCliServer server =
        TemporalCliServer.start(Files.createTempDirectory("assay-crash-temporal"))) {
      WorkflowServiceStubs stubs = stubs(server.target());
      WorkflowClient client = WorkflowClient.newInstance(stubs);
      String jobId = "crash-" + System.nanoTime();
      JobRequest request = request(jobId, outbox);
      new JobStore(admin).create(request, "{}");

      // One worker for everything, as `assay up` runs it: workflows, local and remote activities.
      CountDownLatch entered = new CountDownLatch(1);
      CountDownLatch released = new CountDownLatch(1);
      WorkflowServiceStubs firstStubs = stubs(server.target());
      WorkerFactory first =
          worker(firstStubs, admin, warehouse, recon, new Hang(entered, released));
      first.start();

      WorkflowClient.start(
          client.newWorkflowStub(
                  AnalysisJobWorkflow.class,
                  WorkflowOptions.newBuilder().setWorkflowId(jobId).setTaskQueue(QUEUE).build())
              ::run,
          request);
      assertThat(entered.await(60, TimeUnit.SECONDS)).as("the analysis started").isTrue();

      // The worker stops while its analysis runs: the analysis never reports back.
      first.shutdownNow();
      firstStubs.shutdownNow();

      WorkflowServiceStubs secondStubs = stubs(server.target());
      WorkerFactory second = worker(secondStubs, admin, warehouse, recon, null);
      second.start();
      JobProgress done =
          client.newUntypedWorkflowStub(jobId).getResult(240, TimeUnit.SECONDS, JobProgress.class);
      released.countDown();
      second.shutdown();

      assertThat(done.state()).isEqualTo(JobState.COMPLETED);
      assertThat(count(admin, "select count(*) from assay.artifact where job_id = ?", jobId))
          .isPositive();
      assertThat(
              count(
                  admin,
                  "select count(*) - count(distinct idempotency_key) from assay.artifact"
                      + " where job_id = ?",
                  jobId))
          .isZero();
      assertThat(
              count(
                  admin,
                  "select count(*) from assay.delivery_receipt where job_id = ? and status ="
                      + " 'confirmed'",
                  jobId))
          .isEqualTo(1);
      assertThat(
              count(admin, "select count(*) from assay.delivery_receipt where job_id = ?", jobId))
          .isEqualTo(1);
      try (var files = Files.walk(outbox)) {
        assertThat(files.filter(p -> p.toString().endsWith(".html")).count()).isEqualTo(1);
      }
      secondStubs.shutdown();
      stubs.shutdown();
    }
  }

  private static WorkflowServiceStubs stubs(String target) {
    return WorkflowServiceStubs.newServiceStubs(
        WorkflowServiceStubsOptions.newBuilder().setTarget(target).build());
  }

  private static JobRequest request(String jobId, Path outbox) {
    return new JobRequest(
        jobId,
        "How many accounts were opened in 1997?",
        "financial",
        "alice",
        ApprovalMode.AUTO,
        0,
        List.of(new DirectoryChannel("files", outbox.toString())),
        "");
  }

  /**
   * A worker with both workflows and the real activities; with a {@link Hang}, its analysis never
   * reports back.
   */
  private static WorkerFactory worker(
      WorkflowServiceStubs stubs,
      DataSource admin,
      TestWarehouse warehouse,
      ReconCache recon,
      Hang hang) {
    WorkerFactory factory = WorkerFactory.newInstance(WorkflowClient.newInstance(stubs));
    List<Object> activities = new ArrayList<>(activitySet(admin, warehouse, recon).create());
    if (hang != null) {
      activities.replaceAll(a -> a instanceof AnalysisActivities real ? hang.around(real) : a);
    }
    Worker worker = factory.newWorker(QUEUE);
    worker.registerWorkflowImplementationTypes(
        AnalysisJobWorkflowImpl.class, AnalysisStepWorkflowImpl.class);
    worker.registerActivitiesImplementations(activities.toArray());
    return factory;
  }

  private static ActivitySet activitySet(
      DataSource admin, TestWarehouse warehouse, ReconCache recon) {
    return new ActivitySet(
        admin,
        warehouse.readerDataSource(),
        recon::get,
        AnalysisRegistry.discover(),
        null,
        Duration.ofSeconds(30),
        FallbackForecaster.forServiceUrl(null),
        ChannelSecrets.NONE,
        new DeliveryPolicy(
            new FileTargets(Path.of(System.getProperty("java.io.tmpdir"))),
            EgressPolicy.publicOnly()),
        new ObjectMapper(),
        UnaryOperator.identity());
  }

  /** Runs the real analysis (its artifacts are written), then hangs like a machine that died. */
  private record Hang(CountDownLatch entered, CountDownLatch released) {
    AnalysisActivities around(AnalysisActivities real) {
      return new Hanging(real, this);
    }
  }

  private record Hanging(AnalysisActivities real, Hang hang) implements AnalysisActivities {
    @Override
    public Finding runAnalysis(StepCall call) {
      Finding finding = real.runAnalysis(call);
      hang.entered().countDown();
      while (true) {
        try {
          if (hang.released().await(1, TimeUnit.SECONDS)) {
            return finding;
          }
        } catch (InterruptedException e) {
          // The dying worker's thread is interrupted; the machine is gone, so it stays silent.
        }
      }
    }
  }

  private static long count(DataSource ds, String sql, String jobId) throws Exception {
    try (Connection c = ds.getConnection();
        PreparedStatement p = c.prepareStatement(sql)) {
      p.setString(1, jobId);
      try (ResultSet rs = p.executeQuery()) {
        rs.next();
        return rs.getLong(1);
      }
    }
  }
}
