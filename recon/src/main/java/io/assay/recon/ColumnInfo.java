package io.assay.recon;

import io.assay.pick.ColumnRef;
import io.assay.recon.schema.ColumnType;
import java.util.List;

/**
 * A column as recon knows it: introspected name, type and nullability merged with its YAML
 * description and synonyms (empty when the YAML says nothing about it).
 */
public record ColumnInfo(
    String table,
    String name,
    ColumnType type,
    String sqlType,
    boolean nullable,
    String description,
    List<String> synonyms) {

  public ColumnInfo {
    synonyms = synonyms == null ? List.of() : List.copyOf(synonyms);
  }

  public ColumnRef ref() {
    return new ColumnRef(table, name);
  }
}
