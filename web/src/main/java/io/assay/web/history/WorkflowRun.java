package io.assay.web.history;

import java.util.List;

/**
 * The history of one workflow run: the job's own workflow or one of its step children.
 *
 * @param role "job", or "step 2 · trend_anomaly" for a child
 * @param status how the run ended so far (Running, Completed, Failed, ...)
 */
public record WorkflowRun(
    String workflowId, String runId, String role, String status, List<HistoryEntry> events) {}
