package io.assay.web.monitor;

import io.assay.contract.job.JobProgress;
import io.assay.contract.job.JobState;
import io.assay.store.FeedbackRecord;
import io.assay.store.JobRecord;
import io.assay.store.JobStore;
import java.util.List;
import org.springframework.stereotype.Component;

/**
 * The job page's monitor part: the monitor a run belongs to and its alert outcome, the form that
 * makes a monitor of a completed job, and feedback on the intervals the job flagged.
 */
@Component
public class JobMonitoring {
  private final JobStore jobs;
  private final MonitorService monitors;
  private final FeedbackService feedback;

  public JobMonitoring(JobStore jobs, MonitorService monitors, FeedbackService feedback) {
    this.jobs = jobs;
    this.monitors = monitors;
    this.feedback = feedback;
  }

  /**
   * @param monitorId the monitor this job is a run of, or null
   * @param monitorDeleted the monitor was deleted since (its page is gone; the run stays)
   * @param alert the run's alert outcome, or null
   * @param canCreate whether a monitor can be made of this job (completed, not a run itself)
   * @param unavailable why this server cannot run monitors, or null
   */
  public record Part(
      String monitorId,
      boolean monitorDeleted,
      String alert,
      boolean canCreate,
      String unavailable,
      List<FlaggedInterval> flagged,
      List<FeedbackRecord> feedback) {

    public boolean noAlert() {
      return alert != null && alert.startsWith(JobProgress.NO_ALERT);
    }

    public boolean shown() {
      return monitorId != null || canCreate || !flagged.isEmpty() || !feedback.isEmpty();
    }

    /** The interval people gave feedback on, as they write it: "November 1997". */
    public String period(FeedbackRecord f) {
      return FeedbackBar.period(f.intervalFrom(), f.intervalTo());
    }

    /** The metric the feedback is about in words, not its raw name. */
    public String metricWords(FeedbackRecord f) {
      return f.metric() == null ? "" : io.assay.report.words.Labels.humanise(f.metric());
    }
  }

  public Part of(JobRecord job, JobProgress progress) {
    String monitor = jobs.monitorOf(job.id()).orElse(null);
    boolean canCreate = monitor == null && job.state() == JobState.COMPLETED;
    return new Part(
        monitor,
        monitor != null && monitors.find(monitor).isEmpty(),
        progress == null ? null : progress.alert(),
        canCreate,
        monitors.unavailable().orElse(null),
        feedback.shown(job),
        feedback.forJob(job.id()));
  }
}
