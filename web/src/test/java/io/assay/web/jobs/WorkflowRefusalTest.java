package io.assay.web.jobs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.Mockito.RETURNS_DEEP_STUBS;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.assay.contract.job.ApprovalMode;
import io.assay.contract.job.JobState;
import io.assay.contract.plan.PlanEdit;
import io.assay.contract.workflow.AnalysisJobWorkflow;
import io.assay.store.JobRecord;
import io.assay.store.JobStore;
import io.assay.web.config.AssayProperties;
import io.grpc.Status;
import io.temporal.api.common.v1.WorkflowExecution;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowException;
import io.temporal.client.WorkflowNotFoundException;
import io.temporal.client.WorkflowServiceException;
import io.temporal.client.WorkflowStub;
import io.temporal.client.WorkflowUpdateTimeoutOrCancelledException;
import java.time.OffsetDateTime;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * When Temporal turns a person's request down (the workflow has closed, did not answer, or the
 * service is out of reach), the person reads what happened and what to do, never Temporal's own
 * {@code workflowId='…', runId='…', workflowType='…'}.
 */
class WorkflowRefusalTest {
  private static final WorkflowExecution RUN =
      WorkflowExecution.newBuilder().setWorkflowId("job-1").setRunId("r-1").build();

  private final WorkflowClient client = mock(WorkflowClient.class);
  private final JobStore store = mock(JobStore.class);
  private final AssayProperties props = mock(AssayProperties.class, RETURNS_DEEP_STUBS);
  private final AnalysisJobWorkflow workflow = mock(AnalysisJobWorkflow.class);

  private JobService service() {
    when(props.temporal().taskQueue()).thenReturn("q");
    when(client.newWorkflowStub(AnalysisJobWorkflow.class, "job-1")).thenReturn(workflow);
    OffsetDateTime now = OffsetDateTime.now();
    when(store.find("job-1"))
        .thenReturn(
            Optional.of(
                new JobRecord(
                    "job-1",
                    "q",
                    "financial",
                    "alice",
                    ApprovalMode.REQUIRE,
                    JobState.AWAITING_APPROVAL,
                    null,
                    0,
                    1,
                    null,
                    null,
                    now,
                    now,
                    null)));
    return new JobService(
        client,
        store,
        new ObjectMapper(),
        props,
        mock(DeliveryTargets.class),
        io.assay.datasets.registry.DatasetRegistry.load(
            java.util.List.of("financial"), java.util.Optional.empty()),
        jakarta.validation.Validation.buildDefaultValidatorFactory().getValidator(),
        mock(io.assay.web.ui.DatasetLabels.class),
        false);
  }

  /** What a person reads when editing the job's plan meets {@code refusal}. */
  private String editRefused(WorkflowException refusal) {
    JobService jobs = service();
    when(workflow.editPlan(any())).thenThrow(refusal);
    JobActionRejected e =
        catchThrowableOfType(
            JobActionRejected.class, () -> jobs.edit("job-1", "alice", new PlanEdit.RemoveStep(0)));
    assertThat(e).as("a refusal a person reads").isNotNull();
    assertThat(e.getMessage())
        .as(e.getMessage())
        .doesNotContain("workflowId", "runId", "workflowType", "UNAVAILABLE", "job-1", "r-1");
    assertThat(e.reason()).isEqualTo(e.getMessage());
    return e.getMessage();
  }

  @Test
  void aWorkflowThatHasClosedMeansTheJobHasFinished() {
    assertThat(editRefused(new WorkflowNotFoundException(RUN, "AnalysisJobWorkflow", null)))
        .isEqualTo(
            "The job has already finished, so it can no longer be edited."
                + " Reload the page to see how it ended.");
  }

  @Test
  void anUpdateThatTimedOutMayStillHaveApplied() {
    assertThat(
            editRefused(
                new WorkflowUpdateTimeoutOrCancelledException(RUN, "u-1", "editPlan", null)))
        .startsWith("The job did not answer in time, so it is not known whether it was edited.")
        .contains("Reload the page in a minute");
  }

  @Test
  void aServiceOutOfReachChangedNothing() {
    assertThat(
            editRefused(
                new WorkflowServiceException(
                    RUN,
                    "AnalysisJobWorkflow",
                    Status.UNAVAILABLE.withDescription("io exception").asRuntimeException())))
        .startsWith("Assay could not reach the service that runs jobs, so the job was not edited.")
        .contains("Try again in a minute");
  }

  @Test
  void anyOtherRefusalSaysToReloadAndTryAgain() {
    assertThat(
            editRefused(
                new WorkflowServiceException(
                    RUN,
                    "AnalysisJobWorkflow",
                    Status.INTERNAL.withDescription("boom").asRuntimeException())))
        .isEqualTo(
            "The job could not take the request just now, so it was not edited."
                + " Reload the page to see the job's state, then try again.");
  }

  @Test
  void terminatingAJobTheServiceCannotReachSaysSo() {
    JobService jobs = service();
    WorkflowStub stub = mock(WorkflowStub.class);
    when(client.newUntypedWorkflowStub(anyString())).thenReturn(stub);
    org.mockito.Mockito.doThrow(
            new WorkflowServiceException(
                RUN, "AnalysisJobWorkflow", Status.UNAVAILABLE.asRuntimeException()))
        .when(stub)
        .terminate("terminated by olga: stuck");
    JobActionRejected e =
        catchThrowableOfType(
            JobActionRejected.class, () -> jobs.terminate("job-1", "olga", "stuck"));
    assertThat(e.getMessage()).startsWith("Assay could not reach the service that runs jobs");
  }
}
