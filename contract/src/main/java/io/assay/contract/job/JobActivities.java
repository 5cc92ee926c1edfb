package io.assay.contract.job;

import io.assay.contract.plan.Plan;
import io.assay.contract.report.ReportRequest;
import io.temporal.activity.ActivityInterface;
import io.temporal.activity.ActivityMethod;
import java.util.List;
import java.util.Map;

/** Writes what the workflow knows to PostgreSQL, where listings, the UI and the CLI read it. */
@ActivityInterface
public interface JobActivities {

  /** Stores the job's progress snapshot (idempotent: the latest snapshot wins). */
  @ActivityMethod
  void recordProgress(JobProgress progress);

  /** Appends one event to the job's stream; {@code eventKey} makes a retried append a no-op. */
  @ActivityMethod
  void recordEvent(String jobId, String eventKey, String type, Map<String, Object> payload);

  /**
   * Freezes the report's context (metric definitions from recon, filters, dimensions, people's
   * edits, limitations) and its plan questions, one per step.
   */
  @ActivityMethod
  ReportRequest prepareReport(
      JobRequest request,
      Plan plan,
      List<PlanEditRecord> edits,
      List<StepStatus> steps,
      List<String> findingStepIds);
}
