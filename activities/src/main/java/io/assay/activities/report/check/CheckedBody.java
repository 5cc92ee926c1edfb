package io.assay.activities.report.check;

import io.assay.activities.report.body.ReportBody;
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
