package io.assay.store;

import io.assay.contract.job.ApprovalMode;
import io.assay.contract.job.JobState;
import java.time.OffsetDateTime;

/** A job as stored in PostgreSQL: what the listings, the job page and the API read. */
public record JobRecord(
    String id,
    String question,
    String dataset,
    String owner,
    ApprovalMode approvalMode,
    JobState state,
    String currentStep,
    int stepsDone,
    int stepsTotal,
    String lastError,
    String progressJson,
    OffsetDateTime createdAt,
    OffsetDateTime updatedAt,
    OffsetDateTime finishedAt) {}
