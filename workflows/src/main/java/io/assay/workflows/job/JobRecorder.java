package io.assay.workflows.job;

import io.assay.contract.job.JobActivities;
import io.assay.contract.job.JobEventEntry;
import io.assay.contract.job.JobProgress;
import io.assay.contract.job.ProgressActivities;
import io.temporal.activity.LocalActivityOptions;
import io.temporal.common.RetryOptions;
import io.temporal.workflow.Workflow;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The job's writes to Assay's own tables: its event stream and its progress snapshot. Workflow code
 * (deterministic): every write is a local activity.
 */
final class JobRecorder {

  /**
   * Progress and event writes are small, idempotent database writes: local, quick retries. Their
   * arguments (the whole snapshot, the events) are left out of the markers: the SDK never reads
   * them back (replay uses the result), they are in Assay's tables already, and copying each
   * snapshot into the history made every job's history, and the service's work on it, larger.
   */
  private static final LocalActivityOptions RECORDING =
      LocalActivityOptions.newBuilder()
          .setDoNotIncludeArgumentsIntoMarker(true)
          .setStartToCloseTimeout(Duration.ofSeconds(20))
          .setRetryOptions(
              RetryOptions.newBuilder()
                  .setInitialInterval(Duration.ofMillis(200))
                  .setMaximumInterval(Duration.ofSeconds(10))
                  .setMaximumAttempts(20)
                  .build())
          .build();

  /**
   * Change id for {@link Workflow#getVersion}: version 1 keeps a transition's events until its
   * progress snapshot and writes them together (one local activity, one transaction) instead of one
   * local activity per event and one per snapshot.
   */
  private static final String ONE_WRITE_PER_TRANSITION = "one-write-per-transition";

  private final JobActivities jobs = Workflow.newLocalActivityStub(JobActivities.class, RECORDING);
  private final ProgressActivities transitions =
      Workflow.newLocalActivityStub(ProgressActivities.class, RECORDING);
  private final Supplier<JobProgress> progress;
  private final List<JobEventEntry> pendingEvents = new ArrayList<>();
  private int eventSeq;
  private Boolean oneWritePerTransition;

  /**
   * @param progress the job's current snapshot, read at each write
   */
  JobRecorder(Supplier<JobProgress> progress) {
    this.progress = progress;
  }

  /** Stores the progress snapshot, with the events kept since the last one (version 1). */
  void record() {
    if (oneWritePerTransition()) {
      List<JobEventEntry> events = List.copyOf(pendingEvents);
      pendingEvents.clear();
      transitions.recordTransition(progress.get(), events);
    } else {
      jobs.recordProgress(progress.get());
    }
  }

  /**
   * Appends an event to the job's stream: at once before version 1; from version 1 with the next
   * snapshot ({@link #record}, or {@link #flushEvents} before the job waits for a person).
   */
  void event(String jobId, String type, Map<String, Object> payload) {
    String key = jobId + ":" + (++eventSeq);
    if (oneWritePerTransition()) {
      pendingEvents.add(new JobEventEntry(key, type, new LinkedHashMap<>(payload)));
    } else {
      jobs.recordEvent(jobId, key, type, new LinkedHashMap<>(payload));
    }
  }

  /** Writes kept events now, where no snapshot follows before the job may wait a long time. */
  void flushEvents() {
    if (!pendingEvents.isEmpty()) {
      record();
    }
  }

  private boolean oneWritePerTransition() {
    if (oneWritePerTransition == null) {
      oneWritePerTransition =
          Workflow.getVersion(ONE_WRITE_PER_TRANSITION, Workflow.DEFAULT_VERSION, 1) == 1;
    }
    return oneWritePerTransition;
  }
}
