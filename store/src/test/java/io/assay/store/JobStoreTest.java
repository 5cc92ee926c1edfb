package io.assay.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.contract.job.ApprovalMode;
import io.assay.contract.job.JobRequest;
import io.assay.contract.job.JobState;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class JobStoreTest {

  @Test
  void aTransitionStoresItsEventsInOrderAndTheSnapshotAndARetryAddsNothing() {
    JobStore store = new JobStore(TestDatabase.admin());
    String job = "job-" + UUID.randomUUID();
    store.create(
        new JobRequest(job, "How many?", "financial", "alice", ApprovalMode.AUTO, 0, List.of(), ""),
        "{}");
    List<JobStore.NewEvent> events =
        List.of(
            new JobStore.NewEvent(job + ":1", "decision", "{\"decision\": \"PLAN\"}"),
            new JobStore.NewEvent(job + ":2", "state_changed", "{\"to\": \"PLANNED\"}"));
    store.recordTransition(job, JobState.PLANNED, null, 0, 1, null, "{}", events);
    store.recordTransition(job, JobState.PLANNED, null, 0, 1, null, "{}", events);

    assertThat(store.events(job, 0))
        .extracting(JobEvent::type)
        .containsExactly("decision", "state_changed");
    assertThat(store.find(job).orElseThrow().state()).isEqualTo(JobState.PLANNED);
    assertThat(store.states(List.of(job, "job-missing"))).isEqualTo(Map.of(job, JobState.PLANNED));
  }
}
