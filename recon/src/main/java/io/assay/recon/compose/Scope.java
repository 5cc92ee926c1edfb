package io.assay.recon.compose;

import io.assay.recon.ColumnInfo;
import org.jooq.DataType;
import org.jooq.Field;
import org.jooq.Table;
import org.jooq.impl.DSL;

/**
 * A naming scope of the emitted SQL: the main query uses each table's own name as its alias, each
 * subquery (ranked reference, comparison with an aggregate) a prefixed one ({@code r1_district}) so
 * inner and outer references to the same table never collide. Every identifier goes through {@link
 * DSL#name}, so it is quoted and cannot carry SQL.
 */
final class Scope {

  private final String schema;
  private final String prefix;

  Scope(String schema, String prefix) {
    this.schema = schema;
    this.prefix = prefix;
  }

  String alias(String table) {
    return prefix + table;
  }

  Table<?> table(String table) {
    return DSL.table(DSL.name(schema, table)).as(DSL.name(alias(table)));
  }

  @SuppressWarnings("unchecked")
  Field<Object> field(ColumnInfo column) {
    return DSL.field(
        DSL.name(alias(column.table()), column.name()),
        (DataType<Object>) column.type().dataType());
  }
}
