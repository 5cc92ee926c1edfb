package io.assay.recon;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.InvalidTypeIdException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.assay.pick.Aggregation;
import io.assay.pick.ColumnRef;
import io.assay.pick.Filter;
import io.assay.pick.PickJson;
import io.assay.pick.PickValidationError;
import io.assay.pick.Unit;
import io.assay.recon.joins.JoinGraph;
import io.assay.recon.joins.JoinPath;
import io.assay.recon.joins.PreferredPath;
import io.assay.recon.schema.ColumnType;
import io.assay.recon.schema.SchemaSnapshot;
import io.assay.recon.text.DidYouMean;
import io.assay.recon.values.ValueIndex;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Parses the dataset YAML, checks it against the introspected schema and assembles a {@link Recon}.
 * Every problem is collected with its file and key and reported together, so one load shows
 * everything to fix.
 */
final class ReconAssembler {

  static final String SCHEMA_DOCS = "schema_docs.yaml";
  static final String METRICS = "metrics.yaml";
  static final String CODES = "codes.yaml";
  static final String READER = "reader.yaml";

  private static final ObjectMapper YAML =
      PickJson.configure(new YAMLMapper()).enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
  private static final Pattern NAME = Pattern.compile("[a-z][a-z0-9_]*");

  /** Python format-spec grammar: [[fill]align][sign][#][0][width][grouping][.precision][type]. */
  private static final Pattern FORMAT_SPEC =
      Pattern.compile("^(.?[<>=^])?[+\\- ]?#?0?[0-9]*[,_]?(\\.[0-9]+)?[bcdeEfFgGnosxX%]?$");

  /** The parsed YAML files (metrics and codes may be absent). */
  /**
   * @param readerVocabulary the dataset's {@code reader.yaml} as written, or null: recon carries it
   *     for the question reader, which owns its shape and checks it
   */
  record Parsed(
      YamlFiles.SchemaDocs docs,
      YamlFiles.Metrics metrics,
      YamlFiles.Codes codes,
      String readerVocabulary) {}

  private final List<String> problems = new ArrayList<>();
  private final List<String> warnings = new ArrayList<>();

  private ReconAssembler() {}

  /** Parses the files; throws {@link ReconConfigException} naming file, line and key. */
  static Parsed parse(Map<String, String> files, String location) {
    ReconAssembler a = new ReconAssembler();
    String docsText = files.get(SCHEMA_DOCS);
    if (docsText == null) {
      throw new ReconConfigException(
          List.of(SCHEMA_DOCS + ": not found in " + location + " (it is required)"));
    }
    YamlFiles.SchemaDocs docs = a.read(SCHEMA_DOCS, docsText, YamlFiles.SchemaDocs.class);
    YamlFiles.Metrics metrics =
        files.containsKey(METRICS)
            ? a.read(METRICS, files.get(METRICS), YamlFiles.Metrics.class)
            : new YamlFiles.Metrics(Map.of());
    YamlFiles.Codes codes =
        files.containsKey(CODES)
            ? a.read(CODES, files.get(CODES), YamlFiles.Codes.class)
            : new YamlFiles.Codes(Map.of());
    if (docs != null) {
      if (docs.dataset() == null || docs.dataset().isBlank()) {
        a.problems.add(SCHEMA_DOCS + ": dataset: missing (the dataset's name, e.g. financial)");
      }
      if (docs.schema() == null || docs.schema().isBlank()) {
        a.problems.add(SCHEMA_DOCS + ": schema: missing (the database schema holding the tables)");
      }
    }
    a.throwIfProblems();
    return new Parsed(
        docs,
        metrics == null || metrics.metrics() == null ? new YamlFiles.Metrics(Map.of()) : metrics,
        codes == null || codes.columns() == null ? new YamlFiles.Codes(Map.of()) : codes,
        files.get(READER));
  }

  /** Checks the parsed YAML against the snapshot and builds recon. */
  static Recon assemble(Parsed parsed, SchemaSnapshot snapshot, String fingerprint) {
    return new ReconAssembler().build(parsed, snapshot, fingerprint);
  }

  private <T> T read(String file, String text, Class<T> type) {
    try {
      T value = YAML.readValue(text, type);
      if (value == null) {
        problems.add(file + ": the file is empty");
      }
      return value;
    } catch (JsonProcessingException e) {
      problems.add(file + describe(e));
      return null;
    }
  }

  private Recon build(Parsed parsed, SchemaSnapshot snapshot, String fingerprint) {
    YamlFiles.SchemaDocs docs = parsed.docs();
    if (snapshot.tables().isEmpty()) {
      throw new ReconConfigException(
          List.of(
              SCHEMA_DOCS
                  + ": schema: the database schema '"
                  + snapshot.schema()
                  + "' has no tables (is the warehouse loaded?)"));
    }
    Map<String, SchemaSnapshot.Table> dbTables = new LinkedHashMap<>();
    snapshot.tables().forEach(t -> dbTables.put(t.name(), t));

    Map<String, TableInfo> tables = tables(docs, dbTables);
    List<Relationship> relationships = relationships(docs, tables);
    List<PreferredPath> preferred = new ArrayList<>();
    List<YamlFiles.PreferredPathDoc> ppDocs =
        docs.preferredPaths() == null ? List.of() : docs.preferredPaths();
    for (int i = 0; i < ppDocs.size(); i++) {
      YamlFiles.PreferredPathDoc p = ppDocs.get(i);
      String key = SCHEMA_DOCS + ": preferred_paths[" + i + "]";
      if (p.between() == null || p.between().size() != 2) {
        problems.add(key + ".between: name exactly two tables, e.g. [account, client]");
        continue;
      }
      List<String> path = new ArrayList<>();
      path.add(p.between().get(0));
      if (p.via() != null) {
        path.addAll(p.via());
      }
      path.add(p.between().get(1));
      preferred.add(new PreferredPath(path, p.why()));
    }
    JoinGraph graph = new JoinGraph(tables.keySet(), relationships, preferred);
    graph.problems().forEach(p -> problems.add(SCHEMA_DOCS + ": " + p));
    for (Map.Entry<String, List<JoinPath>> e : graph.ambiguous().entrySet()) {
      problems.add(
          SCHEMA_DOCS
              + ": preferred_paths: tables "
              + e.getKey()
              + " are joined by "
              + e.getValue().size()
              + " equally short paths ("
              + e.getValue().stream().map(JoinPath::toString).collect(Collectors.joining("; "))
              + ") — add a preferred_paths entry saying which one is meant");
    }

    Map<ColumnRef, CodeList> codes = codes(parsed.codes(), tables, snapshot);
    Map<String, MetricDefinition> metrics = metrics(parsed.metrics(), tables, graph);
    throwIfProblems();
    warnings.addAll(SynonymClashes.of(metrics.values()));

    Map<ColumnRef, List<String>> textValues = new LinkedHashMap<>();
    snapshot.textValues().forEach((k, v) -> textValues.put(ColumnRef.parse(k), v));
    Map<ColumnRef, SchemaSnapshot.DateRange> ranges = new LinkedHashMap<>();
    snapshot.dateRanges().forEach((k, v) -> ranges.put(ColumnRef.parse(k), v));
    ValueIndex index = new ValueIndex(textValues, codes.values());

    Recon recon =
        new Recon(
            docs.dataset(),
            snapshot.schema(),
            fingerprint,
            Instant.now(),
            tables,
            relationships,
            preferred,
            graph,
            metrics,
            codes,
            index,
            ranges,
            warnings,
            parsed.readerVocabulary());
    probeMetrics(recon);
    throwIfProblems();
    return recon;
  }

  private Map<String, TableInfo> tables(
      YamlFiles.SchemaDocs docs, Map<String, SchemaSnapshot.Table> dbTables) {
    Map<String, YamlFiles.TableDoc> tableDocs = docs.tables() == null ? Map.of() : docs.tables();
    for (String name : tableDocs.keySet()) {
      if (!dbTables.containsKey(name)) {
        problems.add(
            SCHEMA_DOCS
                + ": tables."
                + name
                + ": no such table in schema '"
                + docs.schema()
                + "'"
                + DidYouMean.phrase(DidYouMean.suggest(name, dbTables.keySet(), 3)));
      }
    }
    Map<String, TableInfo> tables = new LinkedHashMap<>();
    for (SchemaSnapshot.Table t : dbTables.values()) {
      YamlFiles.TableDoc doc = tableDocs.get(t.name());
      Map<String, YamlFiles.ColumnDoc> colDocs =
          doc == null || doc.columns() == null ? Map.of() : doc.columns();
      Set<String> dbColumns =
          t.columns().stream().map(SchemaSnapshot.Column::name).collect(Collectors.toSet());
      for (String c : colDocs.keySet()) {
        if (!dbColumns.contains(c)) {
          problems.add(
              SCHEMA_DOCS
                  + ": tables."
                  + t.name()
                  + ".columns."
                  + c
                  + ": no such column in table '"
                  + t.name()
                  + "'"
                  + DidYouMean.phrase(DidYouMean.suggest(c, dbColumns, 3)));
        }
      }
      List<ColumnInfo> columns = new ArrayList<>();
      for (SchemaSnapshot.Column c : t.columns()) {
        YamlFiles.ColumnDoc cd = colDocs.get(c.name());
        columns.add(
            new ColumnInfo(
                t.name(),
                c.name(),
                c.type(),
                c.sqlType(),
                c.nullable(),
                cd == null ? null : cd.description(),
                cd == null ? null : cd.synonyms(),
                null,
                ColumnUnits.of(
                    SCHEMA_DOCS + ": tables." + t.name() + ".columns." + c.name(),
                    cd,
                    c.type(),
                    problems)));
      }
      computed(t.name(), doc, columns);
      List<String> pk = t.primaryKey();
      List<String> yamlPk = doc == null || doc.primaryKey() == null ? List.of() : doc.primaryKey();
      for (String k : yamlPk) {
        if (!dbColumns.contains(k)) {
          problems.add(
              SCHEMA_DOCS
                  + ": tables."
                  + t.name()
                  + ".primary_key: no such column '"
                  + k
                  + "'"
                  + DidYouMean.phrase(DidYouMean.suggest(k, dbColumns, 3)));
        }
      }
      // A partitioned table's key must include the partition column; the YAML may name the
      // narrower column that identifies a row on its own.
      boolean narrower = !yamlPk.isEmpty() && yamlPk.size() < pk.size() && pk.containsAll(yamlPk);
      if (!pk.isEmpty() && !yamlPk.isEmpty() && !pk.equals(yamlPk) && !narrower) {
        problems.add(
            SCHEMA_DOCS
                + ": tables."
                + t.name()
                + ".primary_key: "
                + yamlPk
                + " disagrees with the database's primary key "
                + pk);
      }
      List<String> label = doc == null || doc.label() == null ? List.of() : doc.label();
      for (String l : label) {
        if (columns.stream().noneMatch(c -> c.name().equals(l))) {
          problems.add(
              SCHEMA_DOCS
                  + ": tables."
                  + t.name()
                  + ".label: no such column '"
                  + l
                  + "'"
                  + DidYouMean.phrase(DidYouMean.suggest(l, dbColumns, 3)));
        }
      }
      tables.put(
          t.name(),
          new TableInfo(
              t.name(),
              doc == null ? null : doc.description(),
              doc == null ? null : doc.synonyms(),
              columns,
              pk.isEmpty() || narrower ? yamlPk : pk,
              t.rowCount(),
              label));
    }
    return tables;
  }

  /** Adds the table's computed columns, checking their inputs. */
  private void computed(String table, YamlFiles.TableDoc doc, List<ColumnInfo> columns) {
    if (doc == null || doc.computed() == null) {
      return;
    }
    Map<String, ColumnInfo> stored = new LinkedHashMap<>();
    columns.forEach(c -> stored.put(c.name(), c));
    for (Map.Entry<String, YamlFiles.ComputedDoc> e : doc.computed().entrySet()) {
      String key = SCHEMA_DOCS + ": tables." + table + ".computed." + e.getKey();
      YamlFiles.ComputedDoc c = e.getValue();
      if (!NAME.matcher(e.getKey()).matches() || stored.containsKey(e.getKey())) {
        problems.add(key + ": needs a lower_snake_case name that no stored column has");
        continue;
      }
      if (c == null || !"days_between".equals(c.kind())) {
        problems.add(key + ".kind: must be days_between");
        continue;
      }
      ColumnInfo from = stored.get(c.from());
      ColumnInfo to = stored.get(c.to());
      if (from == null || to == null || !from.type().isTemporal() || !to.type().isTemporal()) {
        problems.add(key + ": from and to must name date or timestamp columns of '" + table + "'");
        continue;
      }
      columns.add(
          new ColumnInfo(
              table,
              e.getKey(),
              ColumnType.NUMERIC,
              "numeric",
              from.nullable() || to.nullable(),
              c.description(),
              c.synonyms(),
              new ComputedColumn(ComputedColumn.Kind.DAYS_BETWEEN, c.from(), c.to()),
              Unit.DAYS));
    }
  }

  private List<Relationship> relationships(
      YamlFiles.SchemaDocs docs, Map<String, TableInfo> tables) {
    List<Relationship> out = new ArrayList<>();
    List<YamlFiles.RelationshipDoc> rels =
        docs.relationships() == null ? List.of() : docs.relationships();
    for (int i = 0; i < rels.size(); i++) {
      YamlFiles.RelationshipDoc r = rels.get(i);
      String key = SCHEMA_DOCS + ": relationships[" + i + "]";
      if (r.from() == null || r.to() == null) {
        problems.add(key + ": needs both from and to (table.column)");
        continue;
      }
      ColumnInfo from = column(tables, r.from(), key + ".from");
      ColumnInfo to = column(tables, r.to(), key + ".to");
      if (from == null || to == null) {
        continue;
      }
      TableInfo toTable = tables.get(to.table());
      if (!toTable.primaryKey().isEmpty() && !toTable.primaryKey().equals(List.of(to.name()))) {
        problems.add(
            key
                + ".to: '"
                + r.to()
                + "' is not the primary key of '"
                + to.table()
                + "' "
                + toTable.primaryKey()
                + "; `to` is the one side of the relationship");
        continue;
      }
      if (from.table().equals(to.table())) {
        problems.add(key + ": a table cannot join itself here");
        continue;
      }
      if (!compatible(from.type(), to.type())) {
        problems.add(
            key
                + ": cannot join "
                + from.type().name().toLowerCase()
                + " column '"
                + r.from()
                + "' to "
                + to.type().name().toLowerCase()
                + " column '"
                + r.to()
                + "'");
        continue;
      }
      out.add(new Relationship(from.ref(), to.ref(), r.description()));
    }
    return out;
  }

  private static boolean compatible(ColumnType a, ColumnType b) {
    return a == b || (a.isIntegral() && b.isIntegral());
  }

  private ColumnInfo column(Map<String, TableInfo> tables, ColumnRef ref, String key) {
    TableInfo t = tables.get(ref.table());
    if (t == null) {
      problems.add(
          key
              + ": unknown table '"
              + ref.table()
              + "'"
              + DidYouMean.phrase(DidYouMean.suggest(ref.table(), tables.keySet(), 3)));
      return null;
    }
    return t.column(ref.column())
        .orElseGet(
            () -> {
              problems.add(
                  key
                      + ": unknown column '"
                      + ref
                      + "'"
                      + DidYouMean.phrase(
                          DidYouMean.suggest(ref.column(), t.columnSpellings(), 3).stream()
                              .map(c -> t.name() + "." + c)
                              .toList()));
              return null;
            });
  }

  private Map<ColumnRef, CodeList> codes(
      YamlFiles.Codes doc, Map<String, TableInfo> tables, SchemaSnapshot snapshot) {
    Map<ColumnRef, CodeList> out = new LinkedHashMap<>();
    for (Map.Entry<String, YamlFiles.CodeColumnDoc> e : doc.columns().entrySet()) {
      String key = CODES + ": columns." + e.getKey();
      ColumnRef ref;
      try {
        ref = ColumnRef.parse(e.getKey());
      } catch (PickValidationError ex) {
        problems.add(key + ": " + ex.getMessage());
        continue;
      }
      ColumnInfo col = column(tables, ref, key);
      if (col == null) {
        continue;
      }
      if (col.type() != ColumnType.TEXT) {
        problems.add(key + ": code lists are for text columns; this one is " + col.sqlType());
        continue;
      }
      YamlFiles.CodeColumnDoc c = e.getValue();
      if (c == null || c.values() == null || c.values().isEmpty()) {
        problems.add(key + ".values: missing or empty");
        continue;
      }
      List<CodeList.Code> values = new ArrayList<>();
      c.values()
          .forEach(
              (v, d) -> {
                if (d == null || d.meaning() == null || d.meaning().isBlank()) {
                  problems.add(key + ".values." + v + ".meaning: missing");
                } else {
                  values.add(new CodeList.Code(v, d.meaning(), d.words()));
                }
              });
      boolean closed = Boolean.TRUE.equals(c.closed());
      List<String> stored = snapshot.textValues().get(ref.toString());
      if (stored != null) {
        Set<String> declared =
            values.stream().map(CodeList.Code::value).collect(Collectors.toSet());
        if (closed) {
          for (String s : stored) {
            if (!declared.contains(s)) {
              warnings.add(
                  key
                      + ": the closed list does not explain stored value '"
                      + s
                      + "' (still valid)");
            }
          }
        }
        for (String d : declared) {
          if (!stored.contains(d)) {
            warnings.add(key + ".values." + d + ": not present in the data");
          }
        }
      }
      out.put(ref, new CodeList(ref, closed, values));
    }
    return out;
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
        if (aggregatesPass && !NAME.matcher(name).matches()) {
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
          ColumnInfo tc = column(tables, def.timeColumn(), key + ".time_column");
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
    ColumnInfo col = column(tables, m.column(), key + ".column");
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

  /**
   * Composes each metric alone so that everything the composer checks (filter columns and value
   * types, closed code values, time column reachability) is checked at load too.
   */
  private void probeMetrics(Recon recon) {
    for (MetricDefinition m : recon.metrics()) {
      try {
        io.assay.recon.compose.Composer.compose(
            io.assay.pick.Pick.builder().metric(m.name()).build(), recon);
      } catch (PickValidationError e) {
        problems.add(METRICS + ": metrics." + m.name() + ": " + e.getMessage());
      }
    }
  }

  private void throwIfProblems() {
    if (!problems.isEmpty()) {
      List<String> unique = new ArrayList<>(new LinkedHashSet<>(problems));
      throw new ReconConfigException(unique);
    }
  }

  /** " line 12: metrics.loan_amount.aggregation: …" from a Jackson failure. */
  private static String describe(JsonProcessingException e) {
    StringBuilder out = new StringBuilder();
    JsonLocation loc = e.getLocation();
    if (loc != null && loc.getLineNr() > 0) {
      out.append(" line ").append(loc.getLineNr());
    }
    out.append(": ");
    if (e instanceof JsonMappingException m && !m.getPath().isEmpty()) {
      StringBuilder path = new StringBuilder();
      for (JsonMappingException.Reference r : m.getPath()) {
        if (r.getFieldName() != null) {
          if (path.length() > 0) {
            path.append('.');
          }
          path.append(r.getFieldName());
        } else if (r.getIndex() >= 0) {
          path.append('[').append(r.getIndex()).append(']');
        }
      }
      out.append(path).append(": ");
    }
    Throwable cause = e.getCause();
    if (cause instanceof PickValidationError p) {
      out.append(p.getMessage());
    } else if (e instanceof UnrecognizedPropertyException u) {
      Set<String> known = new HashSet<>();
      u.getKnownPropertyIds().forEach(k -> known.add(String.valueOf(k)));
      out.append("unknown key '")
          .append(u.getPropertyName())
          .append("'")
          .append(DidYouMean.phrase(DidYouMean.suggest(u.getPropertyName(), known, 2)));
    } else if (e instanceof InvalidTypeIdException t) {
      out.append("unknown kind '").append(t.getTypeId()).append("'");
    } else if (e instanceof InvalidFormatException f
        && f.getTargetType() != null
        && f.getTargetType().isEnum()) {
      out.append("'")
          .append(f.getValue())
          .append("' is not one of ")
          .append(enumNames(f.getTargetType()));
    } else {
      out.append(e.getOriginalMessage());
    }
    return out.toString();
  }

  private static String enumNames(Class<?> type) {
    List<String> names = new ArrayList<>();
    for (Object c : type.getEnumConstants()) {
      names.add(((Enum<?>) c).name().toLowerCase());
    }
    return String.join(", ", names);
  }
}
