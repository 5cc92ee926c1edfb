package io.assay.web.jobs;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.assay.contract.job.ApprovalMode;
import io.assay.contract.job.JobProgress;
import io.assay.contract.job.JobRequest;
import io.assay.contract.job.JobState;
import io.assay.contract.plan.ClarificationAnswer;
import io.assay.contract.plan.Plan;
import io.assay.contract.plan.PlanEdit;
import io.assay.contract.workflow.AnalysisJobWorkflow;
import io.assay.contract.workflow.CancelCommand;
import io.assay.contract.workflow.EditCommand;
import io.assay.contract.workflow.RetryCommand;
import io.assay.datasets.registry.DatasetRegistry;
import io.assay.datasets.registry.UnknownDatasetException;
import io.assay.delivery.UrlRedaction;
import io.assay.report.words.StateWords;
import io.assay.store.JobQuery;
import io.assay.store.JobRecord;
import io.assay.store.JobStore;
import io.assay.web.config.AssayProperties;
import io.assay.web.ui.DatasetLabels;
import io.assay.workflows.job.AnalysisJobWorkflowImpl;
import io.assay.workflows.job.Failures;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowException;
import io.temporal.client.WorkflowNotFoundException;
import io.temporal.client.WorkflowOptions;
import io.temporal.client.WorkflowUpdateException;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.Validator;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.function.Supplier;
import org.springframework.beans.factory.annotation.Value;
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
  private final boolean fourEyes;
  private final Validator validator;
  private final DatasetLabels labels;

  public JobService(
      WorkflowClient client,
      JobStore store,
      ObjectMapper json,
      AssayProperties props,
      DeliveryTargets targets,
      DatasetRegistry datasets,
      Validator validator,
      DatasetLabels labels,
      @Value("${assay.approval.require-other-person:false}") boolean fourEyes) {
    this.labels = labels;
    this.client = client;
    this.store = store;
    this.json = json;
    this.taskQueue = props.temporal().taskQueue();
    this.targets = targets;
    this.datasets = datasets;
    this.fourEyes = fourEyes;
    this.validator = validator;
  }

  /** Whether the person who submitted a job may not approve its plan. */
  public boolean requiresOtherApprover() {
    return fourEyes;
  }

  /** Validates, records and starts a job; returns its id. */
  public String submit(JobSubmission submission, String owner) {
    return submit(submission, owner, null);
  }

  /**
   * Edit and resubmit: a new job with a changed question (and hint, delivery) and the old job's
   * dataset and approval settings, linked to the job it replaces. Only a job that has ended without
   * a result (failed or cancelled) is resubmitted; the old one stays as it was.
   */
  public String resubmit(String oldId, String owner, Resubmission edit) {
    JobRecord old =
        store.find(oldId).orElseThrow(() -> new JobActionRejected("No job " + oldId + "."));
    if (old.state() != JobState.FAILED && old.state() != JobState.CANCELLED) {
      throw new JobActionRejected(
          "The job is "
              + StateWords.of(old.state())
              + "; only a failed or cancelled job is edited and resubmitted.",
          old.state());
    }
    JobSubmission submission =
        new JobSubmission(
            edit.question(),
            old.dataset(),
            fourEyes ? ApprovalMode.REQUIRE : old.approvalMode(),
            null,
            edit.delivery(),
            edit.hint());
    Set<ConstraintViolation<JobSubmission>> violations = validator.validate(submission);
    if (!violations.isEmpty()) {
      ConstraintViolation<JobSubmission> first = violations.iterator().next();
      String field = first.getPropertyPath().iterator().next().getName();
      throw new InvalidSubmission(
          "questionWithinLimit".equals(field) ? "question" : field, first.getMessage());
    }
    return submit(submission, owner, oldId);
  }

  private String submit(JobSubmission submission, String owner, String resubmittedFrom) {
    String id = "job-" + UUID.randomUUID().toString().substring(0, 13);
    if (fourEyes && submission.approvalMode() != ApprovalMode.REQUIRE) {
      throw new InvalidSubmission(
          "approvalMode",
          "On this server another person approves every plan; approvalMode must be REQUIRE.");
    }
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
      throw new InvalidSubmission("delivery", UrlRedaction.redact(e.getMessage()));
    }
    Map<String, Object> options = new java.util.LinkedHashMap<>();
    options.put("delivery", submission.delivery().stream().map(UrlRedaction::redact).toList());
    options.put("approvalTimeoutSeconds", request.approvalTimeoutSeconds());
    if (resubmittedFrom != null) {
      options.put("resubmittedFrom", resubmittedFrom);
    }
    store.create(request, write(options));
    AnalysisJobWorkflow workflow =
        client.newWorkflowStub(
            AnalysisJobWorkflow.class,
            WorkflowOptions.newBuilder()
                .setWorkflowId(id)
                .setTaskQueue(taskQueue)
                .setWorkflowExecutionTimeout(Duration.ofDays(7))
                .setWorkflowTaskTimeout(AnalysisJobWorkflowImpl.JOB_TASK_TIMEOUT)
                // With a worker in this process, the first workflow task comes back with the
                // start call instead of waiting for a poller (the real service supports it).
                .setDisableEagerExecution(false)
                .build());
    WorkflowClient.start(workflow::run, request);
    return id;
  }

  public Optional<String> resubmittedFrom(String id) {
    return store.resubmittedFrom(id);
  }

  public List<String> resubmissionsOf(String id) {
    return store.resubmissionsOf(id);
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
    if (fourEyes && store.find(id).map(j -> j.owner().equals(by)).orElse(false)) {
      throw new JobActionRejected(
          "You submitted this job; on this server another person must approve its plan.");
    }
    return act(id, "approved", () -> stub(id).approvePlan(by));
  }

  public Plan edit(String id, String by, PlanEdit edit) {
    return act(id, "edited", () -> stub(id).editPlan(new EditCommand(by, edit)));
  }

  public JobProgress answer(String id, ClarificationAnswer answer) {
    return act(id, "answered", () -> stub(id).answerClarification(answer));
  }

  public JobProgress retry(String id, String by, int stepIndex) {
    return act(id, "retried", () -> stub(id).retryStep(new RetryCommand(by, stepIndex)));
  }

  public void cancel(String id, String by, String reason) {
    act(
        id,
        "cancelled",
        () -> {
          stub(id).cancel(new CancelCommand(by, reason));
          return null;
        });
  }

  /**
   * An operator's last resort for a job that is stuck: its workflow (and its step workflows) is
   * terminated and the job recorded FAILED with who did it and why.
   */
  public void terminate(String id, String by, String reason) {
    finished(id, "terminated");
    String why = "terminated by " + by + ": " + reason;
    try {
      client.newUntypedWorkflowStub(id).terminate(why);
    } catch (WorkflowNotFoundException e) {
      finished(id, "terminated");
    } catch (WorkflowException e) {
      throw WorkflowRefusal.of(id, "terminated", e);
    }
    store.markTerminated(id, why);
  }

  private AnalysisJobWorkflow stub(String id) {
    return client.newWorkflowStub(AnalysisJobWorkflow.class, id);
  }

  /**
   * Runs an action on a job that still takes actions. A finished job, or a workflow that has closed
   * meanwhile, is a {@link JobActionRejected} with the job's state; a validator's or handler's
   * rejection is one with its reason.
   */
  private <T> T act(String id, String verb, Supplier<T> call) {
    finished(id, verb);
    try {
      return call.get();
    } catch (WorkflowUpdateException e) {
      String reason = Failures.message(e);
      String dataset = store.find(id).map(JobRecord::dataset).orElse(null);
      throw new JobActionRejected(labels.problems(dataset).of(reason), reason, null);
    } catch (WorkflowException e) {
      // The store may know how the job ended by now; else say what Temporal's refusal means.
      finished(id, verb);
      throw WorkflowRefusal.of(id, verb, e);
    }
  }

  private void finished(String id, String verb) {
    Optional<JobState> state = store.find(id).map(JobRecord::state);
    if (state.isPresent() && state.get().terminal()) {
      throw new JobActionRejected(
          "The job has ended ("
              + StateWords.of(state.get())
              + "); it can no longer be "
              + verb
              + ".",
          state.get());
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
