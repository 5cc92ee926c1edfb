package io.assay.web.jobs;

import io.assay.contract.job.ApprovalMode;
import io.assay.contract.job.JobState;
import io.assay.store.JobRecord;
import java.time.OffsetDateTime;

/** Job rows for slice tests, whose mocked services answer with a stored job. */
public final class TestJobs {
  private TestJobs() {}

  /** A financial job of {@code owner} in {@code state}, with one step and no step done. */
  public static JobRecord record(String id, String owner, JobState state) {
    OffsetDateTime now = OffsetDateTime.now();
    return new JobRecord(
        id,
        "q",
        "financial",
        owner,
        ApprovalMode.REQUIRE,
        state,
        null,
        0,
        1,
        null,
        null,
        now,
        now,
        null);
  }
}
