package io.assay.recon.compose;

import io.assay.recon.ColumnInfo;
import io.assay.recon.ComputedColumn;
import io.assay.recon.schema.ColumnType;
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

  /**
   * The column; an enum column as text, so its labels compare with text values; a computed column
   * as its expression over the row's stored columns.
   */
  @SuppressWarnings("unchecked")
  Field<Object> field(ColumnInfo column) {
    DataType<Object> type = (DataType<Object>) column.type().dataType();
    if (column.computed() != null) {
      ComputedColumn c = column.computed();
      Field<?> from = DSL.field(DSL.name(alias(column.table()), c.from()));
      if (c.kind() == ComputedColumn.Kind.NUMBER_FROM_TEXT) {
        return DSL.field("cast(nullif(trim({0}), '') as numeric)", type, from);
      }
      Field<?> to = DSL.field(DSL.name(alias(column.table()), c.to()));
      // As timestamptz both dates and timestamps subtract to an interval, measured in seconds.
      return DSL.field(
          "(extract(epoch from (cast({0} as timestamptz) - cast({1} as timestamptz))) / 86400)",
          type, to, from);
    }
    if (ColumnType.isEnum(column.sqlType())) {
      return DSL.field(DSL.name(alias(column.table()), column.name())).cast(type);
    }
    return DSL.field(DSL.name(alias(column.table()), column.name()), type);
  }
}
