package io.assay.web.ui;

import io.assay.contract.job.JobState;
import io.assay.report.words.ProblemWords;
import io.assay.report.words.StateWords;
import io.assay.store.JobRecord;
import java.time.Duration;
import java.time.OffsetDateTime;

/** One row of the jobs list: the job with its duration and, for a failed job, why. */
public record JobRow(JobRecord job, String duration, String failure) {

  /** {@code problems} says the failure in the words of the job's dataset. */
  static JobRow of(JobRecord job, ProblemWords problems) {
    OffsetDateTime end = job.finishedAt() != null ? job.finishedAt() : OffsetDateTime.now();
    String duration =
        job.createdAt() == null ? "" : Durations.words(Duration.between(job.createdAt(), end));
    String failure =
        job.state() == JobState.FAILED && job.lastError() != null
            ? abbreviate(problems.of(job.lastError()), 120)
            : "";
    return new JobRow(job, duration, failure);
  }

  /** The job's state as people say it: "waiting for approval". */
  public String stateWords() {
    return StateWords.of(job.state());
  }

  private static String abbreviate(String s, int max) {
    String one = s.strip().replaceAll("\\s+", " ");
    return one.length() <= max ? one : one.substring(0, max - 1) + "…";
  }
}
