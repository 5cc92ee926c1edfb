package io.assay.recon;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A table as recon knows it: introspected columns (in database order) and key, merged with its YAML
 * description and synonyms. {@code primaryKey} comes from the database, or from the YAML when the
 * database declares none (BIRD declares none).
 */
public record TableInfo(
    String name,
    String description,
    List<String> synonyms,
    List<ColumnInfo> columns,
    List<String> primaryKey,
    long rowCount) {

  public TableInfo {
    synonyms = synonyms == null ? List.of() : List.copyOf(synonyms);
    columns = List.copyOf(columns);
    primaryKey = primaryKey == null ? List.of() : List.copyOf(primaryKey);
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
