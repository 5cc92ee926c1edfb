package io.assay.contract.monitor;

import java.util.List;

/**
 * What makes a job a monitor's run: which monitor, its alert rule, the window the run resolved, and
 * the feedback people gave on earlier runs that changed this run's plan.
 *
 * @param window the rolling window as resolved for this run, in words ("the 12 months to June
 *     1997")
 * @param applied feedback that changed this run's arguments, one entry each
 */
public record MonitorRun(
    String monitorId, AlertRule alertRule, String window, List<AppliedFeedback> applied) {

  public MonitorRun {
    if (monitorId == null || monitorId.isBlank()) {
      throw new IllegalArgumentException("a monitor run names its monitor");
    }
    alertRule = alertRule == null ? AlertRule.LATEST_PERIOD_FLAGGED : alertRule;
    window = window == null ? "" : window;
    applied = applied == null ? List.of() : List.copyOf(applied);
  }

  /**
   * One piece of feedback and what it changed.
   *
   * @param by who gave it
   * @param at when (ISO instant)
   * @param what the change in words ("threshold 3.5 → 4.2: …")
   */
  public record AppliedFeedback(String by, String at, String what) {}
}
