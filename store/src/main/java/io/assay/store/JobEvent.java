package io.assay.store;

import java.time.OffsetDateTime;

/**
 * One entry of a job's structured event stream (plan_ready, step_started, tool_call_finished...).
 */
public record JobEvent(long id, String jobId, String type, String payloadJson, OffsetDateTime at) {}
