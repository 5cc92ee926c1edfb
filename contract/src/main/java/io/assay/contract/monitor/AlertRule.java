package io.assay.contract.monitor;

/** When a monitor's run delivers its report. */
public enum AlertRule {
  /** Only when trend_anomaly flags the latest period of the run's window (the default). */
  LATEST_PERIOD_FLAGGED,
  /** Every run delivers. */
  ALWAYS
}
