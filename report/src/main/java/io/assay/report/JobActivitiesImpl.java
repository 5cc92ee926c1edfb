package io.assay.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.assay.contract.job.JobActivities;
import io.assay.contract.job.JobProgress;
import io.assay.contract.job.JobRequest;
import io.assay.contract.job.PlanEditRecord;
import io.assay.contract.job.StepStatus;
import io.assay.contract.plan.Plan;
import io.assay.contract.report.ReportRequest;
import io.assay.store.JobStore;
import java.util.List;
import java.util.Map;

/** Stores progress and events through {@link JobStore}; freezes report context. */
public class JobActivitiesImpl implements JobActivities {
  private final JobStore store;
  private final ObjectMapper json;
  private final ReportPreparation reports;

  public JobActivitiesImpl(JobStore store, ObjectMapper json, ReportPreparation reports) {
    this.store = store;
    this.json = json;
    this.reports = reports;
  }

  @Override
  public ReportRequest prepareReport(
      JobRequest request,
      Plan plan,
      List<PlanEditRecord> edits,
      List<StepStatus> steps,
      List<String> findingStepIds) {
    return reports.prepare(request, plan, edits, steps, findingStepIds);
  }

  @Override
  public void recordProgress(JobProgress p) {
    store.updateProgress(
        p.jobId(),
        p.state(),
        p.currentStep(),
        p.stepsDone(),
        p.stepsTotal(),
        p.lastError(),
        write(p));
  }

  @Override
  public void recordEvent(String jobId, String eventKey, String type, Map<String, Object> payload) {
    store.appendEvent(jobId, eventKey, type, write(payload));
  }

  private String write(Object value) {
    try {
      return json.writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("cannot serialise " + value.getClass().getSimpleName(), e);
    }
  }
}
