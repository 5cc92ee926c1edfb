package io.assay.workflows.crash;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.assay.activities.analyses.AnalysisRegistry;
import io.assay.activities.analysis.Finding;
import io.assay.activities.delivery.ChannelSecrets;
import io.assay.activities.delivery.DirectoryChannel;
import io.assay.activities.job.ApprovalMode;
import io.assay.activities.job.JobProgress;
import io.assay.activities.job.JobRequest;
import io.assay.activities.job.JobState;
import io.assay.activities.job.JobStore;
import io.assay.activities.step.AnalysisActivities;
import io.assay.activities.step.StepCall;
import io.assay.activities.store.AppSchema;
import io.assay.activities.worker.ActivitySet;
import io.assay.algorithms.forecast.FallbackForecaster;
import io.assay.datasets.testing.TestWarehouse;
import io.assay.recon.ReconCache;
import io.assay.workflows.job.AnalysisJobWorkflow;
import io.assay.workflows.job.AnalysisJobWorkflowImpl;
import io.assay.workflows.step.AnalysisStepWorkflowImpl;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowOptions;
import io.temporal.serviceclient.WorkflowServiceStubs;
import io.temporal.serviceclient.WorkflowServiceStubsOptions;
import io.temporal.testserver.TestServer;
import io.temporal.worker.Worker;
import io.temporal.worker.WorkerFactory;
import io.temporal.worker.WorkerFactoryOptions;
import java.io.Closeable;
import java.net.ServerSocket;
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
 * A worker dies while a step's analysis runs; a new worker takes over and the job completes on
 * the real activities and the shared warehouse, without a duplicated artifact row or delivery.
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
    int port;
    try (ServerSocket socket = new ServerSocket(0)) {
      port = socket.getLocalPort();
    }

    try (Closeable server = TestServer.createPortBoundServer(port)) {
      WorkflowServiceStubs stubs =
          WorkflowServiceStubs.newServiceStubs(
              WorkflowServiceStubsOptions.newBuilder().setTarget("127.0.0.1:" + port).build());
      WorkflowClient client = WorkflowClient.newInstance(stubs);
      String jobId = "crash-" + System.nanoTime();
      new JobStore(admin)
          .create(request(jobId, outbox), "{}");

      CountDownLatch entered = new CountDownLatch(1);
      CountDownLatch released = new CountDownLatch(1);
      WorkerFactory first = factory(client, admin, warehouse, recon, entered, released);
      first.start();

      AnalysisJobWorkflow job =
          client.newWorkflowStub(
              AnalysisJobWorkflow.class,
              WorkflowOptions.newBuilder().setWorkflowId(jobId).setTaskQueue(QUEUE).build());
      WorkflowClient.start(job::run, request(jobId, outbox));

      assertThat(entered.await(60, TimeUnit.SECONDS)).as("the analysis started on the first worker").isTrue();
      first.shutdownNow(); // the worker is gone; its analysis never reports back

      WorkerFactory second = factory(client, admin, warehouse, recon, null, null);
      second.start();
      JobProgress done;
      try {
        done = client.newUntypedWorkflowStub(jobId).getResult(120, TimeUnit.SECONDS, JobProgress.class);
      } catch (java.util.concurrent.TimeoutException e) {
        for (String id : List.of(jobId, jobId + ":0:direct_answer")) {
          System.err.println("HISTORY " + id);
          client.fetchHistory(id).getHistory().getEventsList().forEach(ev -> System.err.println("  " + ev.getEventType() + " " + ev.getEventTime().getSeconds() + " " + (ev.hasWorkflowTaskScheduledEventAttributes() ? ev.getWorkflowTaskScheduledEventAttributes().getTaskQueue().getName() : "")+ (ev.hasWorkflowTaskFailedEventAttributes() ? ev.getWorkflowTaskFailedEventAttributes().getFailure().getMessage() : "")));
        }
        throw e;
      }
      released.countDown();
      second.shutdown();

      assertThat(done.state()).isEqualTo(JobState.COMPLETED);
      assertThat(count(admin, "select count(*) - count(distinct idempotency_key) from assay.artifact where job_id = ?", jobId)).isZero();
      assertThat(count(admin, "select count(*) from assay.artifact where job_id = ?", jobId)).isPositive();
      assertThat(count(admin, "select count(*) from assay.delivery_receipt where job_id = ?", jobId)).isEqualTo(1);
      assertThat(count(admin, "select count(*) from assay.delivery_receipt where job_id = ? and status = 'confirmed'", jobId)).isEqualTo(1);
      try (var files = Files.walk(outbox)) {
        assertThat(files.filter(p -> p.getFileName().toString().endsWith(".html")).count()).isEqualTo(1);
      }
      stubs.shutdown();
    }
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
   * A worker on the real activities; when {@code entered} is given, its analysis activity blocks
   * (like a long query on a machine about to die) until the test releases it.
   */
  private static WorkerFactory factory(
      WorkflowClient client,
      DataSource admin,
      TestWarehouse warehouse,
      ReconCache recon,
      CountDownLatch entered,
      CountDownLatch released) {
    // No sticky workflow cache: a real Temporal service moves a dead worker's sticky workflow tasks
    // back to the shared queue after a timeout, but the SDK's test server does not, so a crashed
    // worker's cached workflows would never be picked up by the new one.
    WorkerFactory factory =
        WorkerFactory.newInstance(client, WorkerFactoryOptions.newBuilder().setWorkflowCacheSize(0).build());
    Worker worker = factory.newWorker(QUEUE);
    worker.registerWorkflowImplementationTypes(AnalysisJobWorkflowImpl.class, AnalysisStepWorkflowImpl.class);
    List<Object> activities =
        new ArrayList<>(
            new ActivitySet(
                    admin,
                    warehouse.readerDataSource(),
                    recon::get,
                    AnalysisRegistry.discover(),
                    null,
                    Duration.ofSeconds(30),
                    FallbackForecaster.forServiceUrl(null),
                    ChannelSecrets.NONE,
                    new ObjectMapper(),
                    UnaryOperator.identity())
                .create());
    if (entered != null) {
      for (int i = 0; i < activities.size(); i++) {
        if (activities.get(i) instanceof AnalysisActivities real) {
          activities.set(i, new Stuck(real, entered, released));
        }
      }
    }
    worker.registerActivitiesImplementations(activities.toArray());
    return factory;
  }

  /** Runs the real analysis, then hangs without reporting, as a worker that lost its machine. */
  private record Stuck(AnalysisActivities real, CountDownLatch entered, CountDownLatch released)
      implements AnalysisActivities {
    @Override
    public Finding runAnalysis(StepCall call) {
      Finding finding = real.runAnalysis(call);
      entered.countDown();
      while (true) {
        try {
          if (released.await(1, TimeUnit.SECONDS)) {
            return finding;
          }
        } catch (InterruptedException e) {
          // A dying worker's thread is interrupted; the machine is gone, so keep not answering.
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
