package io.assay.contract.monitor;

/**
 * Whether a monitor's run alerts, and why in words: with {@link AlertRule#LATEST_PERIOD_FLAGGED} it
 * alerts only when trend_anomaly flagged the latest period of the window.
 */
public record AlertDecision(boolean alert, String reason) {
  public AlertDecision {
    reason = reason == null ? "" : reason;
  }
}
