package io.assay.analyses.correlate;

import io.assay.analyses.support.Series;
import java.time.LocalDate;
import java.util.List;
import java.util.TreeSet;

/**
 * Every metric's values on the buckets all of them have.
 *
 * @param values one row per metric, one column per period
 */
record Aligned(List<LocalDate> periods, double[][] values) {

  static Aligned of(List<Series> series) {
    TreeSet<LocalDate> common = new TreeSet<>();
    series.get(0).points().forEach(p -> common.add(p.start()));
    for (Series s : series.subList(1, series.size())) {
      TreeSet<LocalDate> mine = new TreeSet<>();
      s.points().forEach(p -> mine.add(p.start()));
      common.retainAll(mine);
    }
    List<LocalDate> periods = List.copyOf(common);
    double[][] values = new double[series.size()][periods.size()];
    for (int k = 0; k < series.size(); k++) {
      Series s = series.get(k);
      for (int i = 0; i < periods.size(); i++) {
        values[k][i] = s.points().get(s.indexOf(periods.get(i))).value();
      }
    }
    return new Aligned(periods, values);
  }

  int size() {
    return periods.size();
  }
}
