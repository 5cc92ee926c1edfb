package io.assay.workflows.job;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.workflows.step.AnalysisStepWorkflowImpl;
import io.temporal.common.WorkflowExecutionHistory;
import io.temporal.testing.WorkflowReplayer;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Replays histories recorded from real runs (happy path, edited plan, clarification, failure and
 * retry, validation failure with fallback, cancel) against the current workflow code: a change that
 * would break running jobs fails here. {@code v0-*} were recorded before the first getVersion
 * changes, {@code v1-*} before one-write-per-transition, {@code v2-*} before fewer-snapshot-writes,
 * {@code v3-*} before local-understanding, {@code v4-*} before step-task-timeout and
 * job-task-timeout, {@code v5-*} before local activity markers without their arguments, the
 * unprefixed ones by the current code; keep the old ones when recording anew (rename the current
 * ones first) with {@code mvn -pl workflows test -Dtest=AnalysisJobWorkflowTest
 * -Dassay.replay.record=src/test/resources/histories}.
 */
class ReplayTest {

  static Stream<Path> histories() throws IOException, URISyntaxException {
    Path dir = Path.of(ReplayTest.class.getResource("/histories").toURI());
    List<Path> files;
    try (Stream<Path> list = Files.list(dir)) {
      files = list.filter(p -> p.toString().endsWith(".json")).sorted().toList();
    }
    assertThat(files).as("recorded histories").hasSizeGreaterThanOrEqualTo(96);
    return files.stream();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("histories")
  void replaysWithoutNonDeterminism(Path file) throws Exception {
    WorkflowExecutionHistory history = WorkflowExecutionHistory.fromJson(Files.readString(file));
    WorkflowReplayer.replayWorkflowExecution(
        history,
        AnalysisJobWorkflowImpl.class,
        AnalysisStepWorkflowImpl.class,
        io.assay.workflows.monitor.MonitorRunWorkflowImpl.class);
  }
}
