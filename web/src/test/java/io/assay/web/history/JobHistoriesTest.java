package io.assay.web.history;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.ByteString;
import io.temporal.api.common.v1.Payload;
import io.temporal.api.common.v1.Payloads;
import io.temporal.api.history.v1.HistoryEvent;
import io.temporal.api.history.v1.WorkflowExecutionCompletedEventAttributes;
import org.junit.jupiter.api.Test;

/** A step workflow's status names its step's outcome, so a failed step never reads as a success. */
class JobHistoriesTest {

  private static HistoryEvent completedWith(String outcomeJson) {
    return HistoryEvent.newBuilder()
        .setWorkflowExecutionCompletedEventAttributes(
            WorkflowExecutionCompletedEventAttributes.newBuilder()
                .setResult(
                    Payloads.newBuilder()
                        .addPayloads(
                            Payload.newBuilder().setData(ByteString.copyFromUtf8(outcomeJson)))))
        .build();
  }

  @Test
  void aStepWhoseAnalysisThrewHasNoFindingAndReadsAsFailed() {
    assertThat(
            JobHistories.completed(
                completedWith(
                    "{\"finding\":null,\"usedFallback\":false,\"primaryError\":\"bad window\"}")))
        .isEqualTo("Completed · step failed");
  }

  @Test
  void aFindingsOwnStatusNamesTheOutcome() {
    assertThat(JobHistories.completed(completedWith("{\"finding\":{\"status\":\"EMPTY\"}}")))
        .isEqualTo("Completed · step found no data");
    assertThat(
            JobHistories.completed(
                completedWith(
                    "{\"finding\":{\"status\":\"OK\"},\"usedFallback\":true,"
                        + "\"primaryError\":\"the primary analysis found nothing\"}")))
        .isEqualTo("Completed");
  }

  private static HistoryEvent started(long id) {
    return HistoryEvent.newBuilder()
        .setEventId(id)
        .setEventType(io.temporal.api.enums.v1.EventType.EVENT_TYPE_WORKFLOW_EXECUTION_STARTED)
        .setWorkflowExecutionStartedEventAttributes(
            io.temporal.api.history.v1.WorkflowExecutionStartedEventAttributes.newBuilder()
                .setOriginalExecutionRunId("run-" + id))
        .build();
  }

  private static io.temporal.common.WorkflowExecutionHistory history(HistoryEvent... events) {
    return new io.temporal.common.WorkflowExecutionHistory(
        io.temporal.api.history.v1.History.newBuilder()
            .addAllEvents(java.util.List.of(events))
            .build());
  }

  @Test
  void aClosedJobsHistoryIsReadFromTemporalOnceAndARunningOneEveryTime() {
    io.temporal.client.WorkflowClient client =
        org.mockito.Mockito.mock(io.temporal.client.WorkflowClient.class);
    io.assay.store.JobStore store = org.mockito.Mockito.mock(io.assay.store.JobStore.class);
    @SuppressWarnings("unchecked")
    org.springframework.beans.factory.ObjectProvider<io.assay.analyses.AnalysisRegistry> registry =
        org.mockito.Mockito.mock(org.springframework.beans.factory.ObjectProvider.class);
    org.mockito.Mockito.when(registry.getIfAvailable(org.mockito.ArgumentMatchers.any()))
        .thenReturn(new io.assay.analyses.AnalysisRegistry(java.util.List.of()));
    HistoryEvent done =
        completedWith("{\"finding\":{\"status\":\"OK\"}}").toBuilder()
            .setEventId(2)
            .setEventType(
                io.temporal.api.enums.v1.EventType.EVENT_TYPE_WORKFLOW_EXECUTION_COMPLETED)
            .build();
    org.mockito.Mockito.when(client.fetchHistory("job-closed"))
        .thenReturn(history(started(1), done));
    org.mockito.Mockito.when(client.fetchHistory("job-open")).thenReturn(history(started(1)));
    JobHistories histories = new JobHistories(client, store, registry);

    JobHistory first = histories.of("job-closed");
    assertThat(histories.of("job-closed")).isSameAs(first);
    assertThat(first.runs()).singleElement().extracting(WorkflowRun::status).isEqualTo("Completed");
    histories.of("job-open");
    histories.of("job-open");

    org.mockito.Mockito.verify(client, org.mockito.Mockito.times(1)).fetchHistory("job-closed");
    org.mockito.Mockito.verify(client, org.mockito.Mockito.times(2)).fetchHistory("job-open");
  }

  private static io.temporal.api.workflowservice.v1.DescribeWorkflowExecutionResponse described(
      String runId, io.temporal.api.enums.v1.WorkflowExecutionStatus status, long length) {
    return io.temporal.api.workflowservice.v1.DescribeWorkflowExecutionResponse.newBuilder()
        .setWorkflowExecutionInfo(
            io.temporal.api.workflow.v1.WorkflowExecutionInfo.newBuilder()
                .setExecution(
                    io.temporal.api.common.v1.WorkflowExecution.newBuilder().setRunId(runId))
                .setStatus(status)
                .setHistoryLength(length))
        .build();
  }

  private static HistoryEvent event(long id, io.temporal.api.enums.v1.EventType type) {
    return HistoryEvent.newBuilder().setEventId(id).setEventType(type).build();
  }

  @Test
  void aRunningJobIsFetchedAgainOnlyWhenItsHistoryGrewAndItsClosedStepsNever() {
    io.temporal.client.WorkflowClient client =
        org.mockito.Mockito.mock(io.temporal.client.WorkflowClient.class);
    io.assay.store.JobStore store = org.mockito.Mockito.mock(io.assay.store.JobStore.class);
    @SuppressWarnings("unchecked")
    org.springframework.beans.factory.ObjectProvider<io.assay.analyses.AnalysisRegistry> registry =
        org.mockito.Mockito.mock(org.springframework.beans.factory.ObjectProvider.class);
    org.mockito.Mockito.when(registry.getIfAvailable(org.mockito.ArgumentMatchers.any()))
        .thenReturn(new io.assay.analyses.AnalysisRegistry(java.util.List.of()));
    org.mockito.Mockito.when(client.getOptions())
        .thenReturn(
            io.temporal.client.WorkflowClientOptions.newBuilder().setNamespace("default").build());
    io.temporal.api.workflowservice.v1.WorkflowServiceGrpc.WorkflowServiceBlockingStub service =
        org.mockito.Mockito.mock(
            io.temporal.api.workflowservice.v1.WorkflowServiceGrpc.WorkflowServiceBlockingStub
                .class);
    io.temporal.serviceclient.WorkflowServiceStubs stubs =
        org.mockito.Mockito.mock(io.temporal.serviceclient.WorkflowServiceStubs.class);
    org.mockito.Mockito.when(client.getWorkflowServiceStubs()).thenReturn(stubs);
    org.mockito.Mockito.when(stubs.blockingStub()).thenReturn(service);

    String step = "job-run:0:direct_answer";
    var running =
        io.temporal.api.enums.v1.WorkflowExecutionStatus.WORKFLOW_EXECUTION_STATUS_RUNNING;
    var completed =
        io.temporal.api.enums.v1.WorkflowExecutionStatus.WORKFLOW_EXECUTION_STATUS_COMPLETED;
    HistoryEvent childStarted =
        event(2, io.temporal.api.enums.v1.EventType.EVENT_TYPE_CHILD_WORKFLOW_EXECUTION_STARTED)
            .toBuilder()
            .setChildWorkflowExecutionStartedEventAttributes(
                io.temporal.api.history.v1.ChildWorkflowExecutionStartedEventAttributes.newBuilder()
                    .setWorkflowExecution(
                        io.temporal.api.common.v1.WorkflowExecution.newBuilder()
                            .setWorkflowId(step)
                            .setRunId("c-1")))
            .build();
    HistoryEvent signalled =
        event(3, io.temporal.api.enums.v1.EventType.EVENT_TYPE_WORKFLOW_EXECUTION_SIGNALED);
    HistoryEvent stepDone =
        completedWith("{\"finding\":{\"status\":\"OK\"}}").toBuilder()
            .setEventId(2)
            .setEventType(
                io.temporal.api.enums.v1.EventType.EVENT_TYPE_WORKFLOW_EXECUTION_COMPLETED)
            .build();
    long[] length = {3};
    org.mockito.Mockito.when(service.describeWorkflowExecution(org.mockito.ArgumentMatchers.any()))
        .thenAnswer(
            call -> {
              var request =
                  (io.temporal.api.workflowservice.v1.DescribeWorkflowExecutionRequest)
                      call.getArgument(0);
              return request.getExecution().getWorkflowId().equals(step)
                  ? described("c-1", completed, 2)
                  : described("run-1", running, length[0]);
            });
    org.mockito.Mockito.when(client.fetchHistory("job-run"))
        .thenReturn(history(started(1), childStarted, signalled));
    org.mockito.Mockito.when(client.fetchHistory(step, "c-1"))
        .thenReturn(history(started(1), stepDone));
    JobHistories histories = new JobHistories(client, store, registry);

    JobHistory first = histories.of("job-run");
    JobHistory again = histories.of("job-run");
    assertThat(again.runs())
        .extracting(WorkflowRun::status)
        .containsExactly("Running", "Completed");
    assertThat(again.events()).hasSameSizeAs(first.events());
    org.mockito.Mockito.verify(client, org.mockito.Mockito.times(1)).fetchHistory("job-run");

    // An event more: the running job is read again; its finished step still is not.
    org.mockito.Mockito.when(client.fetchHistory("job-run"))
        .thenReturn(
            history(
                started(1),
                childStarted,
                signalled,
                event(
                    4, io.temporal.api.enums.v1.EventType.EVENT_TYPE_WORKFLOW_EXECUTION_SIGNALED)));
    length[0] = 4;
    assertThat(histories.of("job-run").runs().get(0).events()).hasSize(4);
    org.mockito.Mockito.verify(client, org.mockito.Mockito.times(2)).fetchHistory("job-run");
    org.mockito.Mockito.verify(client, org.mockito.Mockito.times(1)).fetchHistory(step, "c-1");
  }
}
