package io.assay.web.cli;

import io.assay.contract.finding.Finding;
import io.assay.contract.job.ApprovalMode;
import io.assay.contract.job.JobProgress;
import io.assay.contract.job.JobState;
import io.assay.contract.job.StepStatus;
import io.assay.contract.plan.PlanStep;
import io.assay.evals.incidents.JobPath;
import io.assay.report.ReportStore;
import io.assay.store.FindingStore;
import io.assay.store.JobRecord;
import io.assay.store.JobStore;
import io.assay.web.jobs.JobService;
import io.assay.web.jobs.JobSubmission;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.context.ApplicationContext;

/**
 * The incident benchmark's questions as jobs of the running application: submitted through {@link
 * JobService} with auto-approval on the dataset serving the injected copy, run by the workflow on
 * the worker, and read back afterwards from what the job persisted (its progress, the finding each
 * step recorded, its frozen report), as the job page shows them.
 */
final class WorkflowJobs implements JobPath {
  /** A case's job that has not ended by then is cancelled and scored as what it recorded. */
  static final Duration TIMEOUT = Duration.ofMinutes(5);

  private static final String OWNER = "incident-eval";

  private final JobService jobs;
  private final JobStore store;
  private final FindingStore findings;
  private final ReportStore reports;
  private final String dataset;

  private WorkflowJobs(
      JobService jobs, JobStore store, FindingStore findings, ReportStore reports, String dataset) {
    this.jobs = jobs;
    this.store = store;
    this.findings = findings;
    this.reports = reports;
    this.dataset = dataset;
  }

  static WorkflowJobs of(ApplicationContext app, String dataset) {
    return new WorkflowJobs(
        app.getBean(JobService.class),
        app.getBean(JobStore.class),
        app.getBean(FindingStore.class),
        app.getBean(ReportStore.class),
        dataset);
  }

  @Override
  public JobRun run(String question) {
    long t0 = System.nanoTime();
    String id =
        jobs.submit(
            new JobSubmission(question, dataset, ApprovalMode.AUTO, 300L, List.of(), null), OWNER);
    JobRecord job = await(id);
    double millis = (System.nanoTime() - t0) / 1e6;
    String note = "";
    if (!job.state().terminal()) {
      note = "job " + id + " still " + job.state() + " after " + TIMEOUT.toMinutes() + " min";
      try {
        jobs.cancel(id, OWNER, "the incident benchmark waited " + TIMEOUT);
      } catch (RuntimeException e) {
        note += " (cancel failed: " + e.getMessage() + ")";
      }
    } else if (job.state() != JobState.COMPLETED) {
      note = "job " + job.state() + (job.lastError() == null ? "" : ": " + job.lastError());
    } else if (reports.find(id).isEmpty()) {
      note = "job completed without a report";
    }
    Optional<JobProgress> progress = jobs.progress(id);
    String decision =
        progress.map(JobProgress::decision).map(Enum::name).orElse(job.state().name());
    List<JobStep> steps = new ArrayList<>();
    if (progress.isPresent() && progress.get().plan() != null) {
      steps = steps(id, progress.get());
    }
    return new JobRun(id, decision, steps, millis, note);
  }

  /** Each approved step with the finding recorded for what ran (the fallback, when used). */
  private List<JobStep> steps(String id, JobProgress progress) {
    Map<String, Finding> byStep = new HashMap<>();
    for (Finding f : findings.forJob(id)) {
      byStep.put(f.stepId(), f);
    }
    Map<Integer, StepStatus> status = new HashMap<>();
    for (StepStatus s : progress.steps()) {
      status.put(s.index(), s);
    }
    List<JobStep> out = new ArrayList<>();
    List<PlanStep> plan = progress.plan().steps();
    for (int i = 0; i < plan.size(); i++) {
      StepStatus s = status.get(i);
      PlanStep ran =
          s != null && s.usedFallback() && plan.get(i).fallback() != null
              ? plan.get(i).fallback()
              : plan.get(i);
      Finding f = byStep.get(id + ":" + i + ":" + ran.analysis());
      out.add(new JobStep(ran, f, f == null && s != null ? s.error() : null));
    }
    return out;
  }

  private JobRecord await(String id) {
    long deadline = System.nanoTime() + TIMEOUT.toNanos();
    while (true) {
      JobRecord job =
          store.find(id).orElseThrow(() -> new IllegalStateException("job " + id + " vanished"));
      JobState s = job.state();
      if (s.terminal()
          || s == JobState.CLARIFICATION_REQUIRED
          || s == JobState.AWAITING_APPROVAL
          || System.nanoTime() > deadline) {
        return job;
      }
      try {
        Thread.sleep(100);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted waiting for job " + id, e);
      }
    }
  }
}
