package io.assay.analyses;

/**
 * Where an analysis reports what it does (tool_call_started / tool_call_finished with the composed
 * SQL and row counts). Keys are deterministic per job, step and call so that a retried activity
 * appends nothing twice; in production this is {@code JobStore.appendEvent}.
 */
@FunctionalInterface
public interface EventSink {
  void append(String jobId, String eventKey, String type, String payloadJson);

  EventSink NONE = (jobId, key, type, payload) -> {};
}
