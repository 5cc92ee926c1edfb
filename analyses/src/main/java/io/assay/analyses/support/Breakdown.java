package io.assay.analyses.support;

import io.assay.analyses.Rows;
import io.assay.analyses.StepQueries;
import io.assay.pick.Comparison;
import io.assay.pick.Filter;
import io.assay.pick.Measure;
import io.assay.pick.Pick;
import io.assay.pick.TimeFilter;
import io.assay.pick.Value;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A metric grouped by one or more columns over a period, read through one composed query: one entry
 * per group, keyed by the groups' labels joined with " / ".
 */
public record Breakdown(
    List<String> dimensions, Map<String, Entry> entries, StepQueries.QueryRun query) {

  /** One group: its labels, the raw cells (to filter on it later), value and row in the result. */
  public record Entry(List<String> labels, List<Object> raw, double value, int row) {}

  public Breakdown {
    dimensions = List.copyOf(dimensions);
    entries = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(entries));
  }

  public static Pick pick(
      String metric, List<String> dimensions, TimeFilter time, List<Filter> filters) {
    return Pick.builder()
        .measure(new Measure.Metric(metric, List.of(), Series.VALUE))
        .groupBy(dimensions.toArray(String[]::new))
        .time(time)
        .filter(filters.toArray(Filter[]::new))
        .build();
  }

  /** Runs the grouped query; groups whose value is NULL are left out. */
  public static Breakdown load(
      StepQueries q,
      String name,
      String metric,
      List<String> dimensions,
      TimeFilter time,
      List<Filter> filters) {
    StepQueries.QueryRun run = q.query(name, pick(metric, dimensions, time, filters));
    Rows rows = run.rows();
    int value = rows.column(Series.VALUE);
    if (value < 0 || rows.columns().size() != dimensions.size() + 1) {
      throw new IllegalStateException(
          "grouped query returned columns " + rows.columns() + " for " + dimensions);
    }
    List<Integer> labelCols = new ArrayList<>();
    for (int c = 0; c < rows.columns().size(); c++) {
      if (c != value) {
        labelCols.add(c);
      }
    }
    Map<String, Entry> entries = new LinkedHashMap<>();
    for (int i = 0; i < rows.size(); i++) {
      List<Object> r = rows.rows().get(i);
      Double v = Cells.number(r.get(value));
      if (v == null) {
        continue;
      }
      List<String> labels = new ArrayList<>();
      List<Object> raw = new ArrayList<>();
      for (int c : labelCols) {
        labels.add(Cells.label(r.get(c)));
        raw.add(r.get(c));
      }
      String key = String.join(" / ", labels);
      Entry previous = entries.get(key);
      // Two raw values with one label (e.g. NULL and "(none)") are added up under that label.
      entries.put(
          key,
          previous == null
              ? new Entry(labels, raw, v, i)
              : new Entry(labels, previous.raw(), previous.value() + v, previous.row()));
    }
    return new Breakdown(dimensions, entries, run);
  }

  public double total() {
    double t = 0;
    for (Entry e : entries.values()) {
      t += e.value();
    }
    return t;
  }

  /** JSON pointer of an entry's value in the query result. */
  public String pointer(Entry e) {
    return "/rows/" + e.row() + "/" + query.rows().column(Series.VALUE);
  }

  /** The filter that keeps only rows of {@code raw} in {@code column}. */
  public static Filter equalTo(String column, Object raw) {
    if (raw == null) {
      return new Filter.IsNull(io.assay.pick.ColumnRef.of(column), false);
    }
    Value v;
    if (raw instanceof Number n) {
      v = Value.number(n instanceof BigDecimal b ? b : new BigDecimal(n.toString()));
    } else if (raw instanceof Boolean b) {
      v = new Value.Bool(b);
    } else if (raw instanceof LocalDate || raw instanceof java.sql.Date) {
      v = Value.date(Cells.date(raw));
    } else {
      v = Value.text(raw.toString());
    }
    return new Filter.Compare(io.assay.pick.ColumnRef.of(column), Comparison.EQ, v);
  }
}
