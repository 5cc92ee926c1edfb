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

  @Test
  void manyEventsOfOneTransitionKeepTheirOrderSkipStoredKeysAndNoEventsStillStoreTheSnapshot() {
    JobStore store = new JobStore(TestDatabase.admin());
    String job = "job-" + UUID.randomUUID();
    store.create(
        new JobRequest(job, "How many?", "financial", "bob", ApprovalMode.AUTO, 0, List.of(), ""),
        "{}");
    store.appendEvent(job, job + ":2", "plan_ready", "{}");
    List<JobStore.NewEvent> events = new java.util.ArrayList<>();
    for (int i = 1; i <= 6; i++) {
      events.add(new JobStore.NewEvent(job + ":" + i, "e" + i, "{\"i\": " + i + "}"));
    }
    store.recordTransition(job, JobState.EXECUTING, "trend", 0, 1, null, "{}", events);
    store.recordTransition(job, JobState.COMPLETED, null, 1, 1, null, "{}", List.of());

    assertThat(store.events(job, 0))
        .extracting(JobEvent::type)
        .containsExactly("plan_ready", "e1", "e3", "e4", "e5", "e6");
    JobRecord record = store.find(job).orElseThrow();
    assertThat(record.state()).isEqualTo(JobState.COMPLETED);
    assertThat(record.finishedAt()).isNotNull();
  }
}
