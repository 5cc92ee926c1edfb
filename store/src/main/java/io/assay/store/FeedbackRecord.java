package io.assay.store;

import io.assay.contract.monitor.Verdict;
import java.time.LocalDate;
import java.time.OffsetDateTime;

/**
 * A person's verdict on an interval a trend scan flagged in a job.
 *
 * @param monitorId the monitor the job is a run of; null for a one-off job
 * @param score the interval's score in the scan, when it was known
 */
public record FeedbackRecord(
    long id,
    String jobId,
    String monitorId,
    String stepId,
    String metric,
    LocalDate intervalFrom,
    LocalDate intervalTo,
    Double score,
    Verdict verdict,
    String note,
    String givenBy,
    OffsetDateTime givenAt) {}
