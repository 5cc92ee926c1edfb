package io.assay.recon.schema;

import java.util.Locale;
import org.jooq.DataType;
import org.jooq.impl.SQLDataType;

/** The kinds of column type the composer distinguishes, from PostgreSQL's type names. */
public enum ColumnType {
  TEXT,
  SMALLINT,
  INTEGER,
  BIGINT,
  REAL,
  DOUBLE,
  NUMERIC,
  DATE,
  TIMESTAMP,
  BOOLEAN,
  /** Anything else (arrays, json, …): selectable and testable for null, nothing more. */
  OTHER;

  /**
   * The jOOQ type used to reference a column of this kind. Looked up when a query is composed, not
   * when the enum loads: introspection (e.g. {@code assay dataset draft}) needs no jOOQ, whose
   * start-up costs seconds.
   */
  public DataType<?> dataType() {
    return switch (this) {
      case TEXT -> SQLDataType.VARCHAR;
      case SMALLINT -> SQLDataType.SMALLINT;
      case INTEGER -> SQLDataType.INTEGER;
      case BIGINT -> SQLDataType.BIGINT;
      case REAL -> SQLDataType.REAL;
      case DOUBLE -> SQLDataType.DOUBLE;
      case NUMERIC -> SQLDataType.NUMERIC;
      case DATE -> SQLDataType.LOCALDATE;
      case TIMESTAMP -> SQLDataType.LOCALDATETIME;
      case BOOLEAN -> SQLDataType.BOOLEAN;
      case OTHER -> SQLDataType.OTHER;
    };
  }

  public boolean isNumeric() {
    return switch (this) {
      case SMALLINT, INTEGER, BIGINT, REAL, DOUBLE, NUMERIC -> true;
      default -> false;
    };
  }

  public boolean isIntegral() {
    return this == SMALLINT || this == INTEGER || this == BIGINT;
  }

  public boolean isTemporal() {
    return this == DATE || this == TIMESTAMP;
  }

  /**
   * Whether introspection reported an enum type ({@code enum(<name>)}): its labels are compared and
   * grouped as text, so queries read the column cast to text.
   */
  public static boolean isEnum(String typeName) {
    return typeName.startsWith("enum(");
  }

  /**
   * The element type's name of an array type ({@code _text} → {@code text}: PostgreSQL names an
   * array type after its element type, behind an underscore), or null for any other type.
   */
  public static String arrayElement(String typeName) {
    return typeName != null && typeName.startsWith("_") ? typeName.substring(1) : null;
  }

  /**
   * Maps a PostgreSQL type name as JDBC metadata reports it (int4, text, float4, …); an enum is
   * text.
   */
  public static ColumnType fromPostgres(String typeName) {
    if (isEnum(typeName)) {
      return TEXT;
    }
    String t = typeName.toLowerCase(Locale.ROOT);
    return switch (t) {
      case "text", "varchar", "bpchar", "char", "character varying", "character", "name" -> TEXT;
      case "int2", "smallint" -> SMALLINT;
      case "int4", "integer", "int", "serial" -> INTEGER;
      case "int8", "bigint", "bigserial" -> BIGINT;
      case "float4", "real" -> REAL;
      case "float8", "double precision" -> DOUBLE;
      case "numeric", "decimal" -> NUMERIC;
      case "date" -> DATE;
      case "timestamp", "timestamptz", "timestamp without time zone", "timestamp with time zone" ->
          TIMESTAMP;
      case "bool", "boolean" -> BOOLEAN;
      default -> OTHER;
    };
  }
}
