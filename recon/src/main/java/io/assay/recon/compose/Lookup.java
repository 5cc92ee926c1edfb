package io.assay.recon.compose;

import io.assay.pick.ColumnRef;
import io.assay.pick.Filter;
import io.assay.pick.PickValidationError;
import io.assay.pick.TimeFilter;
import io.assay.recon.ColumnInfo;
import io.assay.recon.MetricDefinition;
import io.assay.recon.Recon;
import io.assay.recon.TableInfo;
import io.assay.recon.schema.SchemaSnapshot;
import io.assay.recon.text.DidYouMean;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;

/**
 * What every part of one composition shares: recon, the value binder, the warnings, the subquery
 * counter, and name lookups that fail with did-you-mean suggestions.
 */
final class Lookup {

  final Recon recon;
  final List<String> warnings;
  final ValueBinder binder;
  final Conditions conditions;
  final Measures measures;
  private int subqueries;

  Lookup(Recon recon) {
    this.recon = recon;
    this.warnings = new ArrayList<>();
    this.binder = new ValueBinder(recon, warnings);
    this.conditions = new Conditions(this);
    this.measures = new Measures(this);
  }

  /** A fresh alias prefix for a subquery's tables ({@code r1_}, {@code r2_} …). */
  String nextPrefix() {
    return "r" + (++subqueries) + "_";
  }

  QueryLevel level(String prefix, String root) {
    return new QueryLevel(this, prefix, root);
  }

  /** A table recon knows, or an error with suggestions. */
  TableInfo table(String name) {
    if (name == null || name.isBlank()) {
      throw new PickValidationError("a table name is missing");
    }
    return recon
        .table(name)
        .orElseThrow(
            () -> {
              List<String> s = recon.suggestTables(name);
              return new PickValidationError(
                  "unknown table '" + name + "'" + DidYouMean.phrase(s), s);
            });
  }

  ColumnInfo column(ColumnRef ref) {
    if (ref == null) {
      throw new PickValidationError("a column reference is missing (expected 'table.column')");
    }
    TableInfo table = recon.table(ref.table()).orElse(null);
    if (table == null) {
      List<String> s = recon.suggestColumns(ref);
      throw new PickValidationError(
          "unknown table '" + ref.table() + "' in '" + ref + "'" + DidYouMean.phrase(s), s);
    }
    return table
        .column(ref.column())
        .orElseThrow(
            () -> {
              List<String> s = recon.suggestColumns(ref);
              return new PickValidationError(
                  "unknown column '" + ref + "'" + DidYouMean.phrase(s), s);
            });
  }

  static ColumnRef requireColumn(Filter f) {
    if (f == null) {
      throw new PickValidationError("a filter is empty");
    }
    if (f.column() == null) {
      throw new PickValidationError(
          f.onRelatedRows()
              ? "a filter on related rows (exists, related_count) cannot stand here (only in"
                  + " filters and a measure's filters)"
              : "a " + kind(f) + " filter needs a column (table.column)");
    }
    return f.column();
  }

  static String kind(Filter f) {
    return f.getClass().getSimpleName().replaceAll("([a-z])([A-Z])", "$1_$2").toLowerCase();
  }

  MetricDefinition metric(String name) {
    if (name == null || name.isBlank()) {
      throw new PickValidationError("a metric measure needs the metric's name");
    }
    return recon
        .metric(name)
        .orElseThrow(
            () -> {
              List<String> s = recon.suggestMetrics(name);
              return new PickValidationError(
                  "unknown metric '"
                      + name
                      + "'"
                      + (s.isEmpty()
                          ? "; known metrics: "
                              + String.join(
                                  ", ",
                                  recon.metrics().stream().map(MetricDefinition::name).toList())
                          : DidYouMean.phrase(s)),
                  s);
            });
  }

  List<String> dateColumns() {
    List<String> out = new ArrayList<>();
    for (TableInfo t : recon.tables()) {
      for (ColumnInfo c : t.columns()) {
        if (c.type().isTemporal()) {
          out.add(c.ref().toString());
        }
      }
    }
    return out;
  }

  TimeWindow window(TimeFilter f, ColumnInfo timeColumn) {
    LocalDate latest =
        recon.dateRange(timeColumn.ref()).map(SchemaSnapshot.DateRange::max).orElse(null);
    return TimeWindow.of(f, latest, timeColumn.ref().toString());
  }
}
