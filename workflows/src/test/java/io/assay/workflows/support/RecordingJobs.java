package io.assay.workflows.support;

import io.assay.contract.job.JobActivities;
import io.assay.contract.job.JobEventEntry;
import io.assay.contract.job.JobProgress;
import io.assay.contract.job.JobRequest;
import io.assay.contract.job.PlanEditRecord;
import io.assay.contract.job.ProgressActivities;
import io.assay.contract.job.StepStatus;
import io.assay.contract.plan.Plan;
import io.assay.contract.report.FrozenContext;
import io.assay.contract.report.PlanQuestion;
import io.assay.contract.report.ReportRequest;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/** Keeps what the workflow records in memory, keyed like the real store, so tests can read it. */
public class RecordingJobs implements JobActivities, ProgressActivities {
  public final List<JobProgress> snapshots = new CopyOnWriteArrayList<>();
  public final Map<String, String> eventTypesByKey = new ConcurrentHashMap<>();
  public final List<Map<String, Object>> events = new CopyOnWriteArrayList<>();

  @Override
  public void recordProgress(JobProgress progress) {
    snapshots.add(progress);
  }

  @Override
  public void recordTransition(JobProgress progress, List<JobEventEntry> events) {
    for (JobEventEntry e : events) {
      recordEvent(progress.jobId(), e.eventKey(), e.type(), e.payload());
    }
    recordProgress(progress);
  }

  @Override
  public void recordEvent(String jobId, String eventKey, String type, Map<String, Object> payload) {
    if (eventTypesByKey.putIfAbsent(eventKey, type) == null) {
      Map<String, Object> event = new java.util.LinkedHashMap<>(payload);
      event.put("type", type);
      events.add(event);
    }
  }

  /** A plain frozen context: the question, the edits, one plan question per produced finding. */
  @Override
  public ReportRequest prepareReport(
      JobRequest request,
      Plan plan,
      List<PlanEditRecord> edits,
      List<StepStatus> steps,
      List<String> findingStepIds) {
    List<FrozenContext.PlanEdit> frozen =
        edits.stream()
            .map(e -> new FrozenContext.PlanEdit(e.by(), e.at(), e.description()))
            .toList();
    FrozenContext context =
        new FrozenContext(
            request.question(),
            List.of(),
            List.of(),
            List.of(),
            List.of(),
            List.of(),
            frozen,
            List.of());
    List<PlanQuestion> questions = new java.util.ArrayList<>();
    for (int i = 0; i < plan.steps().size(); i++) {
      String prefix = request.jobId() + ":" + i + ":";
      questions.add(
          new PlanQuestion(
              "q" + (i + 1),
              plan.steps().get(i).analysis(),
              findingStepIds.stream().filter(id -> id.startsWith(prefix)).toList()));
    }
    return new ReportRequest(request.jobId(), request.question(), context, questions);
  }

  public List<String> eventTypes() {
    return events.stream().map(e -> (String) e.get("type")).toList();
  }
}
