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
}
