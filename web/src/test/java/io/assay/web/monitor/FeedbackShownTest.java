package io.assay.web.monitor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyList;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.assay.contract.job.JobState;
import io.assay.store.ArtifactStore;
import io.assay.store.FeedbackStore;
import io.assay.store.JobRecord;
import io.assay.store.JobStore;
import io.assay.web.jobs.TestJobs;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The job page asks for a finished job's flagged intervals on every load and every live refresh:
 * the store is read once per state of the job's row, never for a running job.
 */
class FeedbackShownTest {
  private final ArtifactStore artifacts = mock(ArtifactStore.class);
  private final FeedbackService feedback =
      new FeedbackService(
          artifacts, mock(FeedbackStore.class), mock(JobStore.class), new ObjectMapper());

  FeedbackShownTest() {
    when(artifacts.computations(anyString(), anyString(), anyString(), anyList()))
        .thenReturn(List.of());
  }

  @Test
  void aFinishedJobsScansAreReadOncePerStateOfItsRow() {
    JobRecord done = TestJobs.record("job-1", "alice", JobState.COMPLETED);
    assertThat(feedback.shown(done)).isEmpty();
    assertThat(feedback.shown(done)).isEmpty();
    verify(artifacts, times(1)).computations(any(), any(), any(), anyList());

    // The row changed (a step run again, then finished): read again.
    JobRecord again =
        new JobRecord(
            done.id(),
            done.question(),
            done.dataset(),
            done.owner(),
            done.approvalMode(),
            JobState.COMPLETED,
            null,
            1,
            1,
            null,
            null,
            done.createdAt(),
            done.updatedAt().plusSeconds(5),
            done.updatedAt().plusSeconds(5));
    feedback.shown(again);
    verify(artifacts, times(2)).computations(any(), any(), any(), anyList());
  }

  @Test
  void aRunningJobShowsNoneAndReadsNothing() {
    assertThat(feedback.shown(TestJobs.record("job-2", "alice", JobState.EXECUTING))).isEmpty();
    verify(artifacts, never()).computations(any(), any(), any(), anyList());
  }
}
