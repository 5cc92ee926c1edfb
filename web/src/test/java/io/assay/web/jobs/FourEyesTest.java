package io.assay.web.jobs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.Mockito.RETURNS_DEEP_STUBS;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verifyNoInteractions;
import static org.mockito.Mockito.when;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.assay.contract.job.ApprovalMode;
import io.assay.contract.job.JobState;
import io.assay.store.JobRecord;
import io.assay.store.JobStore;
import io.assay.web.config.AssayProperties;
import io.temporal.client.WorkflowClient;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** assay.approval.require-other-person: whoever submitted a job does not approve its plan. */
class FourEyesTest {
  private final WorkflowClient client = mock(WorkflowClient.class);
  private final JobStore store = mock(JobStore.class);
  private final AssayProperties props = mock(AssayProperties.class, RETURNS_DEEP_STUBS);

  private JobService service(boolean fourEyes) {
    when(props.temporal().taskQueue()).thenReturn("q");
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
        fourEyes);
  }

  private void stored(String owner) {
    OffsetDateTime now = OffsetDateTime.now();
    when(store.find("job-1"))
        .thenReturn(
            Optional.of(
                new JobRecord(
                    "job-1",
                    "q",
                    "financial",
                    owner,
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
  }

  @Test
  void theSubmitterCannotApproveTheirOwnPlan() {
    stored("alice");
    assertThatThrownBy(() -> service(true).approve("job-1", "alice"))
        .isInstanceOf(JobActionRejected.class)
        .hasMessageContaining("another person must approve");
    verifyNoInteractions(client);
  }

  @Test
  void autoApprovalIsRefusedAtSubmission() {
    JobSubmission auto =
        new JobSubmission("How many loans?", null, ApprovalMode.AUTO, null, List.of(), null);
    assertThatThrownBy(() -> service(true).submit(auto, "alice"))
        .isInstanceOfSatisfying(
            InvalidSubmission.class, e -> assertThat(e.field()).isEqualTo("approvalMode"));
    verifyNoInteractions(client);
  }

  @Test
  void offByDefault() {
    assertThat(service(false).requiresOtherApprover()).isFalse();
    assertThat(service(true).requiresOtherApprover()).isTrue();
  }
}
