package io.assay.recon;

import io.assay.pick.Aggregation;
import io.assay.pick.Filter;
import io.assay.pick.PickValidationError;
import io.assay.recon.joins.JoinGraph;
import io.assay.recon.text.DidYouMean;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * The metrics of {@code metrics.yaml}, checked against the tables and the join graph: aggregates of
 * a column, and ratios and shares of aggregates. Each kind allows its own keys and refuses the
 * others', so a key meant for another kind is reported rather than silently ignored. Once recon is
 * built, {@link #probe} composes every metric so what only the composer checks fails at load too.
 */
final class DeclaredMetrics {

  private static final String METRICS = ReconAssembler.METRICS;

  /** Python format-spec grammar: [[fill]align][sign][#][0][width][grouping][.precision][type]. */
  private static final Pattern FORMAT_SPEC =
      Pattern.compile("^(.?[<>=^])?[+\\- ]?#?0?[0-9]*[,_]?(\\.[0-9]+)?[bcdeEfFgGnosxX%]?$");

  private final List<String> problems;

  private DeclaredMetrics(List<String> problems) {
    this.problems = problems;
  }

  /** The metrics {@code doc} defines, in its order; problems go to {@code problems}. */
  static Map<String, MetricDefinition> of(
      YamlFiles.Metrics doc,
      Map<String, TableInfo> tables,
      JoinGraph graph,
      List<String> problems) {
    return new DeclaredMetrics(problems).metrics(doc, tables, graph);
  }

  /**
   * Composes each metric alone so that everything the composer checks (filter columns and value
   * types, closed code values, time column reachability) is checked at load too.
   */
  static void probe(Recon recon, List<String> problems) {
    for (MetricDefinition m : recon.metrics()) {
      try {
        io.assay.recon.compose.Composer.compose(
            io.assay.pick.Pick.builder().metric(m.name()).build(), recon);
      } catch (PickValidationError e) {
        problems.add(METRICS + ": metrics." + m.name() + ": " + e.getMessage());
      }
    }
  }

  private Map<String, MetricDefinition> metrics(
      YamlFiles.Metrics doc, Map<String, TableInfo> tables, JoinGraph graph) {
    Map<String, YamlFiles.MetricDoc> docs = doc.metrics();
    Map<String, MetricDefinition> out = new LinkedHashMap<>();
    // Aggregates first: ratio and share metrics refer to them by name and need their table.
    for (boolean aggregatesPass : new boolean[] {true, false}) {
      for (Map.Entry<String, YamlFiles.MetricDoc> e : docs.entrySet()) {
        String name = e.getKey();
        YamlFiles.MetricDoc m = e.getValue();
        String key = METRICS + ": metrics." + name;
        if (m == null) {
          if (aggregatesPass) {
            problems.add(key + ": empty definition");
          }
          continue;
        }
        String kind = m.kind() == null ? "aggregate" : m.kind();
        if (aggregatesPass != kind.equals("aggregate")) {
          continue;
        }
        if (aggregatesPass && !ReconAssembler.NAME.matcher(name).matches()) {
          problems.add(key + ": metric names are lower_snake_case ([a-z][a-z0-9_]*)");
        }
        if (m.description() == null || m.description().isBlank()) {
          problems.add(key + ".description: missing");
        }
        if (m.format() != null && !FORMAT_SPEC.matcher(m.format()).matches()) {
          problems.add(
              key + ".format: '" + m.format() + "' is not a Python format spec (e.g. ',.0f')");
        }
        MetricDefinition def =
            switch (kind) {
              case "aggregate" -> aggregate(name, m, key, tables);
              case "ratio" -> ratio(name, m, key, docs, out);
              case "share" -> share(name, m, key, out);
              default -> {
                problems.add(
                    key + ".kind: unknown kind '" + kind + "' (aggregate, ratio or share)");
                yield null;
              }
            };
        if (def == null) {
          continue;
        }
        if (def.timeColumn() != null) {
          ColumnInfo tc =
              SchemaTables.column(tables, def.timeColumn(), key + ".time_column", problems);
          if (tc != null && !tc.type().isTemporal()) {
            problems.add(
                key
                    + ".time_column: '"
                    + tc.ref()
                    + "' is not a date column ("
                    + tc.sqlType()
                    + ")");
          } else if (tc != null && graph.path(def.table(), tc.table()).isEmpty()) {
            problems.add(
                key
                    + ".time_column: no declared join path from '"
                    + def.table()
                    + "' to '"
                    + tc.table()
                    + "'");
          }
        }
        out.put(name, def);
      }
    }
    // Re-order to the YAML order for describe().
    Map<String, MetricDefinition> ordered = new LinkedHashMap<>();
    for (String n : docs.keySet()) {
      if (out.containsKey(n)) {
        ordered.put(n, out.get(n));
      }
    }
    return ordered;
  }

  private MetricDefinition aggregate(
      String name, YamlFiles.MetricDoc m, String key, Map<String, TableInfo> tables) {
    forbid(key, "numerator", m.numerator(), "denominator", m.denominator(), "of", m.of());
    forbid(key, "where", m.where(), "percent", m.percent());
    if (m.aggregation() == null) {
      problems.add(key + ".aggregation: missing (sum, avg, min, max, count or count_distinct)");
      return null;
    }
    if (m.column() == null) {
      problems.add(key + ".column: missing (table.column)");
      return null;
    }
    ColumnInfo col = SchemaTables.column(tables, m.column(), key + ".column", problems);
    if (col == null) {
      return null;
    }
    Aggregation agg = m.aggregation();
    if ((agg == Aggregation.SUM || agg == Aggregation.AVG) && !col.type().isNumeric()) {
      problems.add(
          key
              + ".aggregation: "
              + agg.name().toLowerCase()
              + " needs a numeric column; '"
              + col.ref()
              + "' is "
              + col.sqlType());
      return null;
    }
    List<Filter> filters = m.filters() == null ? List.of() : m.filters();
    for (int i = 0; i < filters.size(); i++) {
      Filter f = filters.get(i);
      if (f == null || f.column() == null) {
        problems.add(key + ".filters[" + i + "]: missing column");
      } else if (!f.column().table().equals(col.table())) {
        problems.add(
            key
                + ".filters["
                + i
                + "]: a metric's filters must be on its own table '"
                + col.table()
                + "', not '"
                + f.column()
                + "'");
      }
    }
    return new MetricDefinition.Aggregate(
        name,
        m.description(),
        m.synonyms() == null ? List.of() : m.synonyms(),
        agg,
        col.ref(),
        filters,
        m.unit(),
        m.format(),
        m.timeColumn());
  }

  private MetricDefinition ratio(
      String name,
      YamlFiles.MetricDoc m,
      String key,
      Map<String, YamlFiles.MetricDoc> docs,
      Map<String, MetricDefinition> known) {
    forbid(key, "aggregation", m.aggregation(), "column", m.column(), "filters", m.filters());
    forbid(key, "of", m.of(), "where", m.where());
    MetricDefinition num = reference(key + ".numerator", m.numerator(), name, docs, known);
    MetricDefinition den = reference(key + ".denominator", m.denominator(), name, docs, known);
    if (num == null || den == null) {
      return null;
    }
    if (!num.table().equals(den.table())) {
      problems.add(
          key
              + ": numerator '"
              + num.name()
              + "' ("
              + num.table()
              + ") and denominator '"
              + den.name()
              + "' ("
              + den.table()
              + ") must aggregate the same table");
      return null;
    }
    return new MetricDefinition.Ratio(
        name,
        m.description(),
        m.synonyms() == null ? List.of() : m.synonyms(),
        num.name(),
        den.name(),
        Boolean.TRUE.equals(m.percent()),
        num.table(),
        m.unit(),
        m.format(),
        m.timeColumn() != null ? m.timeColumn() : num.timeColumn());
  }

  private MetricDefinition share(
      String name, YamlFiles.MetricDoc m, String key, Map<String, MetricDefinition> known) {
    forbid(key, "aggregation", m.aggregation(), "column", m.column(), "filters", m.filters());
    forbid(key, "numerator", m.numerator(), "denominator", m.denominator(), "percent", m.percent());
    if (m.where() == null || m.where().isEmpty()) {
      problems.add(key + ".where: missing (the filters selecting the part)");
      return null;
    }
    MetricDefinition of = reference(key + ".of", m.of(), name, Map.of(), known);
    if (of == null) {
      return null;
    }
    return new MetricDefinition.Share(
        name,
        m.description(),
        m.synonyms() == null ? List.of() : m.synonyms(),
        of.name(),
        m.where(),
        of.table(),
        m.unit(),
        m.format(),
        m.timeColumn() != null ? m.timeColumn() : of.timeColumn());
  }

  /** A metric referenced by a ratio or share; only aggregates may be referenced (no cycles). */
  private MetricDefinition reference(
      String key,
      String ref,
      String self,
      Map<String, YamlFiles.MetricDoc> docs,
      Map<String, MetricDefinition> known) {
    if (ref == null) {
      problems.add(key + ": missing (the name of an aggregate metric)");
      return null;
    }
    MetricDefinition d = known.get(ref);
    if (d instanceof MetricDefinition.Aggregate) {
      return d;
    }
    if (Objects.equals(ref, self)
        || d != null
        || (docs.containsKey(ref) && docs.get(ref) != null)) {
      problems.add(key + ": '" + ref + "' must be an aggregate metric (not a ratio or share)");
    } else {
      problems.add(
          key
              + ": unknown metric '"
              + ref
              + "'"
              + DidYouMean.phrase(DidYouMean.suggest(ref, known.keySet(), 3)));
    }
    return null;
  }

  private void forbid(String key, Object... namesAndValues) {
    for (int i = 0; i < namesAndValues.length; i += 2) {
      if (namesAndValues[i + 1] != null) {
        problems.add(key + "." + namesAndValues[i] + ": not allowed for this kind of metric");
      }
    }
  }
}
