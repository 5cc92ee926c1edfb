package io.assay.analyses;

import io.assay.algorithms.forecast.Forecaster;
import io.assay.contract.finding.Finding;
import io.assay.contract.step.AnalysisActivities;
import io.assay.contract.step.StepCall;
import io.assay.pick.PickValidationError;
import io.assay.store.ArtifactStore;
import io.assay.store.JobStore;
import io.temporal.activity.Activity;
import io.temporal.activity.ActivityExecutionContext;
import io.temporal.failure.ApplicationFailure;

/**
 * Runs a plan step's analysis by name from the {@link AnalysisRegistry}. Bad args and unknown
 * analyses fail non-retryably with type {@code InvalidArgs}; a Pick the composer rejects fails
 * non-retryably with type {@code io.assay.pick.PickValidationError}; anything else (a lost
 * connection, a timeout) propagates and is retried by the activity's retry policy. Long SQL
 * heartbeats, and a cancelled activity cancels its statement.
 */
public class AnalysisActivitiesImpl implements AnalysisActivities {
  public static final String INVALID_ARGS = "InvalidArgs";

  private final AnalysisRunner runner;
  private final Warehouse warehouse;
  private final ArtifactStore artifacts;
  private final EventSink events;
  private final Forecaster forecaster;

  public AnalysisActivitiesImpl(
      AnalysisRegistry registry,
      Warehouse warehouse,
      ArtifactStore artifacts,
      EventSink events,
      Forecaster forecaster) {
    this.runner = new AnalysisRunner(registry);
    this.warehouse = warehouse;
    this.artifacts = artifacts;
    this.events = events;
    this.forecaster = forecaster;
  }

  /** With events appended to the job's event stream. */
  public AnalysisActivitiesImpl(
      AnalysisRegistry registry,
      Warehouse warehouse,
      ArtifactStore artifacts,
      JobStore jobs,
      Forecaster forecaster) {
    this(
        registry,
        warehouse,
        artifacts,
        (job, key, type, json) -> jobs.appendEvent(job, key, type, json),
        forecaster);
  }

  @Override
  public Finding runAnalysis(StepCall call) {
    AnalysisContext context =
        new AnalysisContext(
            call.jobId(),
            call.stepIndex(),
            warehouse,
            artifacts,
            events,
            forecaster,
            call.answers(),
            heartbeat());
    try {
      return runner.run(call.analysis(), call.stepArgs(), call.question(), context);
    } catch (InvalidArgsException e) {
      throw ApplicationFailure.newNonRetryableFailure(e.getMessage(), INVALID_ARGS);
    } catch (PickValidationError e) {
      throw ApplicationFailure.newNonRetryableFailure(
          "the analysis " + call.analysis() + " could not compose its query: " + e.getMessage(),
          PickValidationError.class.getName());
    }
  }

  /** The activity's heartbeat, or none when called outside an activity (tests, the CLI). */
  private static Heartbeat heartbeat() {
    ActivityExecutionContext ctx;
    try {
      ctx = Activity.getExecutionContext();
    } catch (IllegalStateException | NullPointerException notInActivity) {
      return Heartbeat.NONE;
    }
    return ctx::heartbeat;
  }
}
