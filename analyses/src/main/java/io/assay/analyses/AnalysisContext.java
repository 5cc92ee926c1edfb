package io.assay.analyses;

import io.assay.algorithms.forecast.Forecaster;
import io.assay.contract.plan.ClarificationAnswer;
import io.assay.store.ArtifactStore;
import java.util.List;

/**
 * Everything one analysis run may use besides its args: which job step it is, the warehouse (recon,
 * composer, read-only executor), the artifact store, the event sink, the forecaster, the
 * clarification answers given so far and the heartbeat of the activity running it.
 *
 * <p>Analyses run queries through {@link #queries()}, which composes, emits tool_call events,
 * heartbeats and stores every result as an artifact; they never reach the database any other way.
 */
public record AnalysisContext(
    String jobId,
    int stepIndex,
    Warehouse warehouse,
    ArtifactStore artifacts,
    EventSink events,
    Forecaster forecaster,
    List<ClarificationAnswer> answers,
    Heartbeat heartbeat,
    String runKey) {

  /** A context whose artifact and event keys depend on the step alone. */
  public AnalysisContext(
      String jobId,
      int stepIndex,
      Warehouse warehouse,
      ArtifactStore artifacts,
      EventSink events,
      Forecaster forecaster,
      List<ClarificationAnswer> answers,
      Heartbeat heartbeat) {
    this(jobId, stepIndex, warehouse, artifacts, events, forecaster, answers, heartbeat, "");
  }

  public AnalysisContext {
    if (jobId == null || jobId.isBlank()) {
      throw new IllegalArgumentException("analysis context needs a job id");
    }
    if (stepIndex < 0) {
      throw new IllegalArgumentException("step index cannot be negative: " + stepIndex);
    }
    if (warehouse == null || artifacts == null || forecaster == null) {
      throw new IllegalArgumentException(
          "analysis context needs a warehouse, artifacts and a forecaster");
    }
    events = events == null ? EventSink.NONE : events;
    answers = answers == null ? List.of() : List.copyOf(answers);
    heartbeat = heartbeat == null ? Heartbeat.NONE : heartbeat;
    runKey = runKey == null ? "" : runKey;
  }

  /** The step id of {@code analysis} in this job: {@code jobId:stepIndex:analysis}. */
  public String stepId(String analysis) {
    return jobId + ":" + stepIndex + ":" + analysis;
  }

  /** Queries and stores results on behalf of {@code analysis}. */
  public StepQueries queries(String analysis) {
    return new StepQueries(this, analysis);
  }

  public ArgCatalog catalog() {
    return warehouse.catalog();
  }

  /** The same context for another step of the job (used by a runner that chains steps). */
  public AnalysisContext withStep(int index) {
    return new AnalysisContext(
        jobId, index, warehouse, artifacts, events, forecaster, answers, heartbeat, runKey);
  }

  public AnalysisContext withHeartbeat(Heartbeat beat) {
    return new AnalysisContext(
        jobId, stepIndex, warehouse, artifacts, events, forecaster, answers, beat, runKey);
  }

  /**
   * The same context keyed by {@code key} (a digest of the run's args and answers): a retry of the
   * same run reuses its artifact and event keys, while a run with edited args or a new answer gets
   * fresh ones instead of colliding with what the earlier run stored.
   */
  public AnalysisContext withRunKey(String key) {
    return new AnalysisContext(
        jobId, stepIndex, warehouse, artifacts, events, forecaster, answers, heartbeat, key);
  }
}
