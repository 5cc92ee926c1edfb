package io.assay.recon;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A table as recon knows it: introspected columns (in database order) and key, merged with its YAML
 * description and synonyms. {@code primaryKey} comes from the database, or from the YAML when the
 * database declares none (BIRD declares none).
 *
 * @param label the columns that name a row for people (a customer's first and last name), from the
 *     YAML; empty when the key is all there is
 */
public record TableInfo(
    String name,
    String description,
    List<String> synonyms,
    List<ColumnInfo> columns,
    List<String> primaryKey,
    long rowCount,
    List<String> label) {

  public TableInfo {
    synonyms = synonyms == null ? List.of() : List.copyOf(synonyms);
    columns = List.copyOf(columns);
    primaryKey = primaryKey == null ? List.of() : List.copyOf(primaryKey);
    label = label == null ? List.of() : List.copyOf(label);
  }

  /** A table without label columns. */
  public TableInfo(
      String name,
      String description,
      List<String> synonyms,
      List<ColumnInfo> columns,
      List<String> primaryKey,
      long rowCount) {
    this(name, description, synonyms, columns, primaryKey, rowCount, List.of());
  }

  public Optional<ColumnInfo> column(String name) {
    for (ColumnInfo c : columns) {
      if (c.name().equals(name)) {
        return Optional.of(c);
      }
    }
    return Optional.empty();
  }

  /** Column names and synonyms mapped to column names, for suggestions. */
  public Map<String, String> columnSpellings() {
    Map<String, String> m = new LinkedHashMap<>();
    for (ColumnInfo c : columns) {
      m.put(c.name(), c.name());
      for (String s : c.synonyms()) {
        m.putIfAbsent(s, c.name());
      }
    }
    return m;
  }
}
