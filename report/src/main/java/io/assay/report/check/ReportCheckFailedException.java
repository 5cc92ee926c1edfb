package io.assay.report.check;

import java.util.List;

/** The body still failed its checks after the allowed repairs; carries every round's report. */
public final class ReportCheckFailedException extends RuntimeException {
  private final List<CheckReport> history;

  public ReportCheckFailedException(List<CheckReport> history) {
    super(
        "report failed its checks after "
            + (history.size() - 1)
            + " repair(s):\n"
            + history.get(history.size() - 1).summary());
    this.history = List.copyOf(history);
  }

  public List<CheckReport> history() {
    return history;
  }

  public CheckReport last() {
    return history.get(history.size() - 1);
  }
}
