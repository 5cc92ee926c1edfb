package io.assay.web.ui;

import io.assay.contract.job.JobState;
import io.assay.store.JobRecord;
import java.time.Duration;
import java.time.OffsetDateTime;

/** One row of the jobs list: the job with its duration and, for a failed job, why. */
public record JobRow(JobRecord job, String duration, String failure) {

  static JobRow of(JobRecord job) {
    OffsetDateTime end = job.finishedAt() != null ? job.finishedAt() : OffsetDateTime.now();
    String duration =
        job.createdAt() == null ? "" : Durations.words(Duration.between(job.createdAt(), end));
    String failure =
        job.state() == JobState.FAILED && job.lastError() != null
            ? abbreviate(job.lastError(), 120)
            : "";
    return new JobRow(job, duration, failure);
  }

  private static String abbreviate(String s, int max) {
    String one = s.strip().replaceAll("\\s+", " ");
    return one.length() <= max ? one : one.substring(0, max - 1) + "…";
  }
}
