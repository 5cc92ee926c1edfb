package io.assay.recon;

import io.assay.pick.Filter;
import io.assay.recon.joins.JoinPath;
import io.assay.recon.schema.SchemaSnapshot;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Everything recon knows about a dataset as plain JSON-serialisable records: tables with their
 * columns (type, description, synonyms, date range, whether coded), relationships, preferred paths,
 * metrics, code lists and the value index's columns. Dates and instants are ISO strings so any JSON
 * mapper can write it.
 */
public record ReconDescription(
    String dataset,
    String schema,
    String fingerprint,
    String builtAt,
    List<Table> tables,
    List<Join> relationships,
    List<Path> preferredPaths,
    List<Path> ambiguousPaths,
    List<Metric> metrics,
    List<CodeList> codes,
    List<IndexedColumn> valueIndex,
    List<String> warnings) {

  public record Table(
      String name,
      String description,
      List<String> synonyms,
      long rowCount,
      List<String> primaryKey,
      List<Column> columns) {}

  public record Column(
      String name,
      String type,
      String sqlType,
      boolean nullable,
      String description,
      List<String> synonyms,
      String minDate,
      String maxDate,
      boolean coded,
      String unit) {}

  public record Join(String from, String to, String cardinality, String description) {}

  public record Path(List<String> tables, String why) {}

  public record Metric(
      String name,
      String kind,
      String description,
      List<String> synonyms,
      String table,
      String aggregation,
      String column,
      List<Filter> filters,
      String numerator,
      String denominator,
      Boolean percent,
      String of,
      String unit,
      String format,
      String timeColumn) {}

  public record IndexedColumn(String column, int distinctValues, List<String> values) {}

  static ReconDescription of(Recon r) {
    List<Table> tables = tables(r);
    List<Join> joins =
        r.relationships().stream()
            .map(
                rel ->
                    new Join(
                        rel.from().toString(),
                        rel.to().toString(),
                        "many-to-one",
                        rel.description()))
            .toList();
    List<Path> preferred =
        r.preferredPaths().stream().map(p -> new Path(p.tables(), p.why())).toList();
    List<Path> ambiguous = new ArrayList<>();
    for (Map.Entry<String, List<JoinPath>> e : r.joins().ambiguous().entrySet()) {
      for (JoinPath p : e.getValue()) {
        ambiguous.add(new Path(p.tables(), "no preferred path declared for " + e.getKey()));
      }
    }
    List<Metric> metrics = metrics(r);
    List<IndexedColumn> index =
        r.values().columns().stream()
            .map(
                c -> {
                  List<String> v = r.values().values(c);
                  return new IndexedColumn(c.toString(), v.size(), v);
                })
            .toList();
    return new ReconDescription(
        r.dataset(),
        r.schema(),
        r.fingerprint(),
        r.builtAt().toString(),
        tables,
        joins,
        preferred,
        ambiguous,
        metrics,
        List.copyOf(r.codeLists()),
        index,
        r.warnings());
  }

  private static List<Table> tables(Recon r) {
    List<Table> tables = new ArrayList<>();
    for (TableInfo t : r.tables()) {
      List<Column> columns = new ArrayList<>();
      for (ColumnInfo c : t.columns()) {
        SchemaSnapshot.DateRange range = r.dateRange(c.ref()).orElse(null);
        columns.add(
            new Column(
                c.name(),
                c.type().name().toLowerCase(),
                c.sqlType(),
                c.nullable(),
                c.description(),
                c.synonyms(),
                range == null || range.min() == null ? null : range.min().toString(),
                range == null || range.max() == null ? null : range.max().toString(),
                r.codes(c.ref()).isPresent(),
                c.unit() == null ? null : c.unit().jsonName()));
      }
      tables.add(
          new Table(
              t.name(), t.description(), t.synonyms(), t.rowCount(), t.primaryKey(), columns));
    }
    return tables;
  }

  private static List<Metric> metrics(Recon r) {
    List<Metric> metrics = new ArrayList<>();
    for (MetricDefinition m : r.metrics()) {
      if (m instanceof MetricDefinition.Aggregate a) {
        metrics.add(
            new Metric(
                a.name(),
                "aggregate",
                a.description(),
                a.synonyms(),
                a.table(),
                a.aggregation().name().toLowerCase(),
                a.column().toString(),
                a.filters(),
                null,
                null,
                null,
                null,
                a.unit(),
                a.format(),
                str(a.timeColumn())));
      } else if (m instanceof MetricDefinition.Ratio q) {
        metrics.add(
            new Metric(
                q.name(),
                "ratio",
                q.description(),
                q.synonyms(),
                q.table(),
                null,
                null,
                List.of(),
                q.numerator(),
                q.denominator(),
                q.percent(),
                null,
                q.unit(),
                q.format(),
                str(q.timeColumn())));
      } else if (m instanceof MetricDefinition.Share s) {
        metrics.add(
            new Metric(
                s.name(),
                "share",
                s.description(),
                s.synonyms(),
                s.table(),
                null,
                null,
                s.where(),
                null,
                null,
                true,
                s.of(),
                s.unit(),
                s.format(),
                str(s.timeColumn())));
      }
    }
    return metrics;
  }

  private static String str(Object o) {
    return o == null ? null : o.toString();
  }
}
