package io.assay.web.jobs;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.assay.contract.job.JobProgress;
import io.assay.contract.job.JobRequest;
import io.assay.contract.plan.ClarificationAnswer;
import io.assay.contract.plan.Plan;
import io.assay.contract.plan.PlanEdit;
import io.assay.contract.workflow.AnalysisJobWorkflow;
import io.assay.contract.workflow.CancelCommand;
import io.assay.contract.workflow.EditCommand;
import io.assay.contract.workflow.RetryCommand;
import io.assay.datasets.registry.DatasetRegistry;
import io.assay.datasets.registry.UnknownDatasetException;
import io.assay.store.JobQuery;
import io.assay.store.JobRecord;
import io.assay.store.JobStore;
import io.assay.web.config.AssayProperties;
import io.assay.workflows.job.Failures;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowOptions;
import io.temporal.client.WorkflowUpdateException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.springframework.stereotype.Service;

/**
 * Starts and steers jobs. The job row is written before the workflow starts, so a job that a person
 * submitted is never lost; listings and pages read PostgreSQL, live views query the workflow.
 */
@Service
public class JobService {
  private final WorkflowClient client;
  private final JobStore store;
  private final ObjectMapper json;
  private final String taskQueue;
  private final DeliveryTargets targets;
  private final DatasetRegistry datasets;

  public JobService(
      WorkflowClient client,
      JobStore store,
      ObjectMapper json,
      AssayProperties props,
      DeliveryTargets targets,
      DatasetRegistry datasets) {
    this.client = client;
    this.store = store;
    this.json = json;
    this.taskQueue = props.temporal().taskQueue();
    this.targets = targets;
    this.datasets = datasets;
  }

  /** Validates, records and starts a job; returns its id. */
  public String submit(JobSubmission submission, String owner) {
    String id = "job-" + UUID.randomUUID().toString().substring(0, 13);
    String dataset;
    try {
      dataset =
          submission.dataset() == null
              ? datasets.defaultDataset().name()
              : datasets.require(submission.dataset()).name();
    } catch (UnknownDatasetException e) {
      throw new InvalidSubmission("dataset", e.getMessage());
    }
    JobRequest request;
    try {
      request = submission.toRequest(id, owner, targets.parse(submission.delivery()), dataset);
    } catch (IllegalArgumentException e) {
      throw new InvalidSubmission("delivery", e.getMessage());
    }
    store.create(
        request,
        write(
            Map.of(
                "delivery", submission.delivery(),
                "approvalTimeoutSeconds", request.approvalTimeoutSeconds())));
    AnalysisJobWorkflow workflow =
        client.newWorkflowStub(
            AnalysisJobWorkflow.class,
            WorkflowOptions.newBuilder()
                .setWorkflowId(id)
                .setTaskQueue(taskQueue)
                .setWorkflowExecutionTimeout(Duration.ofDays(7))
                // With a worker in this process, the first workflow task comes back with the
                // start call instead of waiting for a poller (the real service supports it).
                .setDisableEagerExecution(false)
                .build());
    WorkflowClient.start(workflow::run, request);
    return id;
  }

  public Optional<JobRecord> find(String id) {
    return store.find(id);
  }

  public List<JobRecord> list(JobQuery query) {
    return store.list(query);
  }

  public int count(JobQuery query) {
    return store.count(query);
  }

  /** Live progress from the workflow when it runs; the stored snapshot once it has finished. */
  public Optional<JobProgress> progress(String id) {
    Optional<JobRecord> job = store.find(id);
    if (job.isEmpty()) {
      return Optional.empty();
    }
    if (!job.get().state().terminal()) {
      try {
        return Optional.of(stub(id).progress());
      } catch (RuntimeException e) {
        // Not reachable (e.g. the worker is down): fall back to the stored snapshot.
      }
    }
    return Optional.ofNullable(job.get().progressJson()).map(this::readProgress);
  }

  public JobProgress approve(String id, String by) {
    return update(() -> stub(id).approvePlan(by));
  }

  public Plan edit(String id, String by, PlanEdit edit) {
    return update(() -> stub(id).editPlan(new EditCommand(by, edit)));
  }

  public JobProgress answer(String id, ClarificationAnswer answer) {
    return update(() -> stub(id).answerClarification(answer));
  }

  public JobProgress retry(String id, String by, int stepIndex) {
    return update(() -> stub(id).retryStep(new RetryCommand(by, stepIndex)));
  }

  public void cancel(String id, String by, String reason) {
    stub(id).cancel(new CancelCommand(by, reason));
  }

  private AnalysisJobWorkflow stub(String id) {
    return client.newWorkflowStub(AnalysisJobWorkflow.class, id);
  }

  /** Runs an update; a validator's or handler's rejection becomes a {@link JobActionRejected}. */
  private static <T> T update(java.util.function.Supplier<T> call) {
    try {
      return call.get();
    } catch (WorkflowUpdateException e) {
      throw new JobActionRejected(Failures.message(e));
    }
  }

  private String write(Object value) {
    try {
      return json.writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }

  private JobProgress readProgress(String text) {
    try {
      return json.readValue(text, JobProgress.class);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("stored progress is not readable", e);
    }
  }
}
