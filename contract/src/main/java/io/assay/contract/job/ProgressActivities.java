package io.assay.contract.job;

import io.temporal.activity.ActivityInterface;
import io.temporal.activity.ActivityMethod;
import java.util.List;

/**
 * One write per transition: the job's progress snapshot and the events that led to it, stored
 * together in one transaction by one local activity (instead of one local activity each).
 */
@ActivityInterface
public interface ProgressActivities {

  /**
   * Appends {@code events} in order (each a no-op when its key is already stored) and stores the
   * snapshot (the latest wins), atomically.
   */
  @ActivityMethod(name = "RecordTransition")
  void recordTransition(JobProgress progress, List<JobEventEntry> events);
}
