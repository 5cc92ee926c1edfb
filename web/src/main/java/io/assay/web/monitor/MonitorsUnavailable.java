package io.assay.web.monitor;

/** Monitors need Temporal Schedules, which this server's Temporal service cannot run. */
public class MonitorsUnavailable extends RuntimeException {
  public MonitorsUnavailable(String message) {
    super(message);
  }
}
