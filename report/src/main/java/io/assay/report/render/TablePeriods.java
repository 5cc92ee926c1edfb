package io.assay.report.render;

import io.assay.contract.finding.IsoPeriod;
import io.assay.contract.finding.TableData;
import io.assay.report.words.Periods;
import java.util.ArrayList;
import java.util.List;

/**
 * Which label columns of a table are periods, and at which grain: a column whose every value is an
 * ISO period is written as people write periods ("March 1997", "Q1 1997") in the HTML and the
 * Markdown alike.
 */
final class TablePeriods {
  private final List<Boolean> periods;
  private final List<Periods.Grain> grains;

  private TablePeriods(List<Boolean> periods, List<Periods.Grain> grains) {
    this.periods = periods;
    this.grains = grains;
  }

  static TablePeriods of(TableData t) {
    List<Boolean> periods = new ArrayList<>();
    List<Periods.Grain> grains = new ArrayList<>();
    for (int c = 0; c < t.labelColumns().size(); c++) {
      int col = c;
      List<String> values = t.rows().stream().map(r -> r.labels().get(col)).toList();
      boolean all = !values.isEmpty() && values.stream().allMatch(IsoPeriod::valid);
      periods.add(all);
      grains.add(all ? Periods.grainOf(values) : null);
    }
    return new TablePeriods(periods, grains);
  }

  /** Whether any label column holds periods (such a table reads in time order). */
  boolean any() {
    return periods.contains(Boolean.TRUE);
  }

  /** The label cell of column {@code c}: a date segment for a period, else the text as it is. */
  ReportView.Seg cell(int c, String label) {
    return cell(c, label, java.util.function.UnaryOperator.identity());
  }

  /**
   * The label cell of column {@code c}: a date segment for a period, else the text in {@code words}
   * (raw names a cell quotes read as their labels).
   */
  ReportView.Seg cell(int c, String label, java.util.function.UnaryOperator<String> words) {
    return periods.get(c)
        ? ReportView.Seg.date(label, grains.get(c))
        : ReportView.Seg.quote(words.apply(label));
  }
}
