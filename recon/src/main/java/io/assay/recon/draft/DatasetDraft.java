package io.assay.recon.draft;

import io.assay.pick.ColumnRef;
import io.assay.recon.ColumnInfo;
import io.assay.recon.Relationship;
import io.assay.recon.joins.JoinGraph;
import io.assay.recon.joins.JoinPath;
import io.assay.recon.schema.ColumnType;
import io.assay.recon.schema.SchemaSnapshot;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Writes the YAML of a new dataset from a live schema, for a person to finish: every table and
 * column with its type, the foreign keys as relationships (and the pairs they join ambiguously),
 * text columns with few values as code lists, and candidate metrics (row counts, sums and averages
 * of numeric columns, each with the table's first date column). Every description is a TODO; the
 * result loads as it is, and {@code assay dataset check} says what still disagrees.
 */
public final class DatasetDraft {

  private static final Pattern IDENTIFIER = Pattern.compile("[a-z][a-z0-9_]*");

  private final String dataset;
  private final LiveSchema live;
  private final SchemaSnapshot snapshot;

  private DatasetDraft(String dataset, LiveSchema live) {
    this.dataset = dataset;
    this.live = live;
    this.snapshot = live.snapshot();
  }

  /**
   * The draft files by name: dataset.yaml, schema_docs.yaml, metrics.yaml, codes.yaml.
   *
   * @param dataset the new dataset's name (a lower-case identifier)
   */
  public static Map<String, String> write(String dataset, LiveSchema live) {
    if (!IDENTIFIER.matcher(dataset).matches()) {
      throw new IllegalArgumentException(
          "a dataset name is a lower-case identifier, was '" + dataset + "'");
    }
    DatasetDraft d = new DatasetDraft(dataset, live);
    Map<String, String> files = new LinkedHashMap<>();
    files.put("dataset.yaml", d.datasetYaml());
    files.put("schema_docs.yaml", d.schemaDocs());
    files.put("metrics.yaml", d.metrics());
    files.put("codes.yaml", d.codes());
    return files;
  }

  private String datasetYaml() {
    return "# Draft written by `assay dataset draft`: check every line.\n"
        + "name: "
        + dataset
        + "\ntitle: "
        + dataset
        + "  # TODO a short label for menus\n"
        + "description: TODO what the data is about, in one or two sentences\n"
        + "schema: "
        + snapshot.schema()
        + "\nsource:\n"
        + "  # Read in place through assay.datasets.source."
        + dataset
        + ".url / username / password.\n"
        + "  kind: external\n";
  }

  private String schemaDocs() {
    StringBuilder y = new StringBuilder();
    y.append("# Draft written by `assay dataset draft` from schema ")
        .append(snapshot.schema())
        .append(": replace every TODO, add synonyms people use.\n\n");
    y.append("dataset: ").append(dataset).append('\n');
    y.append("schema: ").append(snapshot.schema()).append("\n\n");
    if (!live.views().isEmpty()) {
      y.append("# Views usually repeat the tables; keep one out of this list to use it.\n");
      y.append("exclude:\n");
      live.views().forEach(v -> y.append("  - ").append(v).append('\n'));
      y.append('\n');
    }
    y.append("tables:\n");
    for (SchemaSnapshot.Table t : snapshot.tables()) {
      y.append("  ").append(t.name()).append(":\n");
      y.append("    description: TODO (").append(t.rowCount()).append(" rows)\n    synonyms: []\n");
      if (!t.primaryKey().isEmpty()) {
        y.append("    primary_key: [").append(String.join(", ", t.primaryKey())).append("]\n");
      } else {
        y.append("    # TODO no primary key: name the column(s) identifying a row\n");
      }
      y.append("    columns:\n");
      for (SchemaSnapshot.Column c : t.columns()) {
        y.append("      ")
            .append(c.name())
            .append(": {description: \"TODO ")
            .append(c.sqlType())
            .append(c.nullable() ? ", may be empty" : "")
            .append(range(t, c))
            .append("\"}\n");
      }
    }
    y.append("\n# From the database's foreign keys. `from` is the many side, `to` the key.\n");
    y.append("relationships:\n");
    List<Relationship> usable = new ArrayList<>();
    Set<String> joined = new java.util.HashSet<>();
    for (Relationship r : relationships()) {
      // Recon joins two tables one way only: a second key between them stays commented out.
      boolean first = joined.add(pair(r.from().table(), r.to().table()));
      y.append(first ? "  - " : "  # TODO a second join of these tables; keep one: - ")
          .append("{from: ")
          .append(r.from())
          .append(", to: ")
          .append(r.to())
          .append("}\n");
      if (first) {
        usable.add(r);
      }
    }
    if (usable.isEmpty()) {
      y.append("  []  # TODO the database declares none: add the joins\n");
    }
    y.append(preferredPaths(usable));
    return y.toString();
  }

  private String range(SchemaSnapshot.Table t, SchemaSnapshot.Column c) {
    SchemaSnapshot.DateRange r = snapshot.dateRanges().get(t.name() + "." + c.name());
    return r == null || r.min() == null ? "" : ", " + r.min() + " to " + r.max();
  }

  /** Foreign keys to a table's whole single-column primary key (what recon can join on). */
  private List<Relationship> relationships() {
    Map<String, SchemaSnapshot.Table> tables = tablesByName();
    List<Relationship> out = new ArrayList<>();
    for (ForeignKey fk : live.foreignKeys()) {
      SchemaSnapshot.Table to = tables.get(fk.toTable());
      if (tables.containsKey(fk.table())
          && to != null
          && !fk.table().equals(fk.toTable())
          && to.primaryKey().equals(List.of(fk.toColumn()))) {
        out.add(
            new Relationship(
                new ColumnRef(fk.table(), fk.column()),
                new ColumnRef(fk.toTable(), fk.toColumn()),
                null));
      }
    }
    return out;
  }

  /** The pairs of tables the relationships join in more than one shortest way, as TODOs. */
  private String preferredPaths(List<Relationship> relationships) {
    JoinGraph graph = new JoinGraph(tablesByName().keySet(), relationships, List.of());
    StringBuilder y = new StringBuilder("\n");
    Map<String, List<JoinPath>> ambiguous = graph.ambiguous();
    if (ambiguous.isEmpty()) {
      return y.append("preferred_paths: []\n").toString();
    }
    y.append("# TODO these pairs are joined by several equally short paths; keep the meant one\n");
    y.append("# (recon refuses to load until every pair has one).\n");
    y.append("preferred_paths:\n");
    ambiguous.forEach(
        (pair, paths) -> {
          JoinPath first = paths.get(0);
          List<String> tables = first.tables();
          y.append("  - between: [")
              .append(tables.get(0))
              .append(", ")
              .append(tables.get(tables.size() - 1))
              .append("]\n    via: [")
              .append(String.join(", ", tables.subList(1, tables.size() - 1)))
              .append("]\n    why: \"TODO (other paths: ")
              .append(
                  paths.subList(1, paths.size()).stream()
                      .map(JoinPath::toString)
                      .collect(Collectors.joining("; ")))
              .append(")\"\n");
        });
    return y.toString();
  }

  private static String pair(String a, String b) {
    return a.compareTo(b) < 0 ? a + " and " + b : b + " and " + a;
  }

  private String codes() {
    StringBuilder y = new StringBuilder();
    y.append("# Draft: text columns with at most ")
        .append(LiveSchema.CODE_VALUES)
        .append(" values. Keep the coded ones, say what each value means\n")
        .append("# and which words people use for it; delete the rest.\n\ncolumns:");
    Set<String> keys = keyColumns();
    int count = 0;
    // Sorted: the snapshot's map has no stable order, and a draft should read the same each time.
    for (Map.Entry<String, List<String>> e : new TreeMap<>(snapshot.textValues()).entrySet()) {
      if (keys.contains(e.getKey()) || e.getValue().size() < 2 || !textColumn(e.getKey())) {
        continue; // a list column's elements are indexed, but a code list describes one value
      }
      count++;
      y.append("\n  ").append(e.getKey()).append(":\n    closed: true\n    values:\n");
      for (String v : e.getValue()) {
        y.append("      ").append(quoted(v)).append(": {meaning: TODO, words: []}\n");
      }
    }
    if (count == 0) {
      y.append(" {}\n");
    }
    return y.toString();
  }

  private boolean textColumn(String key) {
    return snapshot.tables().stream()
        .flatMap(t -> t.columns().stream().map(c -> Map.entry(t.name() + "." + c.name(), c)))
        .anyMatch(e -> e.getKey().equals(key) && e.getValue().type() == ColumnType.TEXT);
  }

  private Set<String> keyColumns() {
    Set<String> keys = new java.util.HashSet<>();
    snapshot.tables().forEach(t -> t.primaryKey().forEach(k -> keys.add(t.name() + "." + k)));
    live.foreignKeys().forEach(fk -> keys.add(fk.table() + "." + fk.column()));
    return keys;
  }

  private String metrics() {
    StringBuilder y = new StringBuilder();
    y.append("# Draft: candidate metrics of every table. Keep the meaningful ones, rename them\n")
        .append("# as people say them, describe and give synonyms, units and formats.\n\n")
        .append("metrics:\n");
    Set<String> keys = keyColumns();
    for (SchemaSnapshot.Table t : snapshot.tables()) {
      String time = timeColumn(t);
      if (t.primaryKey().size() == 1) {
        metric(
            y,
            t.name() + "_count",
            "Number of " + t.name() + " rows.",
            "count",
            t.name() + "." + t.primaryKey().get(0),
            time,
            ",d");
      }
      for (SchemaSnapshot.Column c : t.columns()) {
        String ref = t.name() + "." + c.name();
        if (!c.type().isNumeric() || keys.contains(ref) || c.name().endsWith("_id")) {
          continue;
        }
        metric(
            y,
            "total_" + t.name() + "_" + c.name(),
            "Sum of " + ref + ".",
            "sum",
            ref,
            time,
            ",.2f");
        metric(
            y,
            "average_" + t.name() + "_" + c.name(),
            "Average of " + ref + ".",
            "avg",
            ref,
            time,
            ",.2f");
      }
    }
    return y.toString();
  }

  private static void metric(
      StringBuilder y,
      String name,
      String description,
      String aggregation,
      String column,
      String timeColumn,
      String format) {
    y.append("  ").append(name).append(":\n");
    y.append("    description: \"TODO ").append(description).append("\"\n");
    y.append("    synonyms: []\n");
    y.append("    aggregation: ").append(aggregation).append('\n');
    y.append("    column: ").append(column).append('\n');
    y.append("    format: \"").append(format).append("\"\n");
    if (timeColumn != null) {
      y.append("    time_column: ").append(timeColumn).append('\n');
    }
  }

  /** The table's first date or timestamp column that is not an audit column, if any. */
  private static String timeColumn(SchemaSnapshot.Table t) {
    for (SchemaSnapshot.Column c : t.columns()) {
      if (c.type().isTemporal() && !ColumnInfo.editTime(c.name())) {
        return t.name() + "." + c.name();
      }
    }
    return null;
  }

  private Map<String, SchemaSnapshot.Table> tablesByName() {
    Map<String, SchemaSnapshot.Table> out = new LinkedHashMap<>();
    snapshot.tables().forEach(t -> out.put(t.name(), t));
    return out;
  }

  /** A YAML mapping key in double quotes, so any stored text stays one key. */
  private static String quoted(String v) {
    return "\"" + v.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
  }
}
