package io.assay.report.check;

import io.assay.report.body.ReportBody;
import java.util.List;

/** A body that passed every check, with the report of each round it took. */
public record CheckedBody(ReportBody body, List<CheckReport> history) {
  public CheckedBody {
    history = List.copyOf(history);
  }

  public int repairs() {
    return history.size() - 1;
  }
}
