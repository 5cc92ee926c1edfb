package io.assay.analyses;

/**
 * Called while long SQL runs. Inside a Temporal activity it is {@code
 * Activity.getExecutionContext().heartbeat(details)}, which throws once the activity is cancelled;
 * the query runner then cancels the statement.
 */
@FunctionalInterface
public interface Heartbeat {
  void beat(Object details);

  Heartbeat NONE = details -> {};
}
