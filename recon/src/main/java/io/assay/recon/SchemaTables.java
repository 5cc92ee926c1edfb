package io.assay.recon;

import io.assay.pick.ColumnRef;
import io.assay.pick.Unit;
import io.assay.recon.schema.ColumnType;
import io.assay.recon.schema.SchemaSnapshot;
import io.assay.recon.text.DidYouMean;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The tables recon serves: every introspected table with the description, synonyms, key, label and
 * computed columns {@code schema_docs.yaml} gives it. The database decides which tables and columns
 * exist; the YAML only documents them, so a name the YAML uses that the database lacks is a
 * problem. The other parts of the YAML (relationships, metrics, code lists) name columns through
 * {@link #column}, which reports an unknown one the same way for all of them.
 */
final class SchemaTables {

  private static final String SCHEMA_DOCS = ReconAssembler.SCHEMA_DOCS;

  private final List<String> problems;

  private SchemaTables(List<String> problems) {
    this.problems = problems;
  }

  /** The tables of {@code dbTables} merged with their docs; problems go to {@code problems}. */
  static Map<String, TableInfo> of(
      YamlFiles.SchemaDocs docs,
      Map<String, SchemaSnapshot.Table> dbTables,
      List<String> problems) {
    return new SchemaTables(problems).tables(docs, dbTables);
  }

  /** The column {@code ref} names, or null after adding a problem at {@code key}. */
  static ColumnInfo column(
      Map<String, TableInfo> tables, ColumnRef ref, String key, List<String> problems) {
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
      tables.put(t.name(), table(t, tableDocs.get(t.name())));
    }
    return tables;
  }

  /** One introspected table merged with its docs ({@code doc} null when it has none). */
  private TableInfo table(SchemaSnapshot.Table t, YamlFiles.TableDoc doc) {
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
    return new TableInfo(
        t.name(),
        doc == null ? null : doc.description(),
        doc == null ? null : doc.synonyms(),
        columns,
        pk.isEmpty() || narrower ? yamlPk : pk,
        t.rowCount(),
        label);
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
      if (!ReconAssembler.NAME.matcher(e.getKey()).matches() || stored.containsKey(e.getKey())) {
        problems.add(key + ": needs a lower_snake_case name that no stored column has");
        continue;
      }
      if (c == null || !KINDS.contains(c.kind())) {
        problems.add(key + ".kind: must be one of " + KINDS);
        continue;
      }
      ColumnInfo column =
          "number_from_text".equals(c.kind())
              ? numberFromText(table, e.getKey(), c, stored.get(c.from()), key)
              : daysBetween(table, e.getKey(), c, stored.get(c.from()), stored.get(c.to()), key);
      if (column != null) {
        columns.add(column);
      }
    }
  }

  private static final List<String> KINDS = List.of("days_between", "number_from_text");

  private ColumnInfo daysBetween(
      String table,
      String name,
      YamlFiles.ComputedDoc c,
      ColumnInfo from,
      ColumnInfo to,
      String key) {
    if (from == null || to == null || !from.type().isTemporal() || !to.type().isTemporal()) {
      problems.add(key + ": from and to must name date or timestamp columns of '" + table + "'");
      return null;
    }
    return new ColumnInfo(
        table,
        name,
        ColumnType.NUMERIC,
        "numeric",
        from.nullable() || to.nullable(),
        c.description(),
        c.synonyms(),
        new ComputedColumn(ComputedColumn.Kind.DAYS_BETWEEN, c.from(), c.to()),
        Unit.DAYS);
  }

  private ColumnInfo numberFromText(
      String table, String name, YamlFiles.ComputedDoc c, ColumnInfo from, String key) {
    if (from == null || from.type() != ColumnType.TEXT || c.to() != null) {
      problems.add(key + ": from must name one text column of '" + table + "', and no to");
      return null;
    }
    return new ColumnInfo(
        table,
        name,
        ColumnType.NUMERIC,
        "numeric",
        true,
        c.description(),
        c.synonyms(),
        new ComputedColumn(ComputedColumn.Kind.NUMBER_FROM_TEXT, c.from(), null),
        null);
  }
}
