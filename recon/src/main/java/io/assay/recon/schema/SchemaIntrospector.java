package io.assay.recon.schema;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import javax.sql.DataSource;

/**
 * Reads a schema's structure through JDBC metadata and, optionally, the data facts recon needs
 * (distinct values of low-cardinality text columns, date ranges, row counts). Every identifier in
 * the queries comes from the catalog and is quoted. The queries are plain JDBC, not jOOQ: they are
 * three fixed shapes, and initialising jOOQ's DSL took most of {@code assay dataset draft}'s time
 * (4 to 6 s of class loading out of the packaged jar, against under a second of SQL).
 */
public final class SchemaIntrospector {

  /**
   * What a snapshot's values hold, part of a cached snapshot's key: raise it when introspection
   * reads values differently, so snapshots cached by an earlier version are taken again (2: the
   * elements of text-array columns; 3: lists of names).
   */
  public static final String VALUES_VERSION = "values-3";

  /** Text columns with more distinct values than this are not indexed, unless they hold names. */
  public static final int DEFAULT_MAX_DISTINCT = 200;

  /**
   * A text column with up to this many distinct values, each a short name, is indexed too: people
   * name one product, person or city in a question ("the product ACME ANVIL", "clients in London"),
   * and a reader that cannot find the name would have to drop it.
   */
  public static final int MAX_NAMES = 2000;

  /** The most words a value of a list of names has; longer values are descriptions, not names. */
  private static final int NAME_WORDS = 5;

  static {
    // jOOQ prints a banner and "tips" on first use; they do not belong in a server's log.
    if (System.getProperty("org.jooq.no-logo") == null) {
      System.setProperty("org.jooq.no-logo", "true");
    }
    if (System.getProperty("org.jooq.no-tips") == null) {
      System.setProperty("org.jooq.no-tips", "true");
    }
  }

  private final DataSource dataSource;
  private final int maxDistinct;
  private final int maxNames;

  /** Indexes code-like columns and lists of names, as recon's value index needs. */
  public SchemaIntrospector(DataSource dataSource) {
    this(dataSource, DEFAULT_MAX_DISTINCT, MAX_NAMES);
  }

  /** Indexes only the text columns with at most {@code maxDistinct} values. */
  public SchemaIntrospector(DataSource dataSource, int maxDistinct) {
    this(dataSource, maxDistinct, 0);
  }

  private SchemaIntrospector(DataSource dataSource, int maxDistinct, int maxNames) {
    this.dataSource = dataSource;
    this.maxDistinct = maxDistinct;
    this.maxNames = maxNames;
  }

  /** Tables, columns, types and primary keys only (fast: metadata queries). */
  public SchemaSnapshot structure(String schema) {
    return structure(schema, Set.of());
  }

  /** As {@link #structure(String)} without the tables named in {@code exclude}. */
  public SchemaSnapshot structure(String schema, Set<String> exclude) {
    try (Connection c = dataSource.getConnection()) {
      return readStructure(c, schema, exclude);
    } catch (SQLException e) {
      throw new IllegalStateException(
          "cannot read the structure of schema '" + schema + "': " + e.getMessage(), e);
    }
  }

  /**
   * The storage identity of every table of the schema (partitions included): changes when a table
   * is dropped and created again or truncated, which is how Assay replaces a dataset's data.
   */
  public String storageVersion(String schema) {
    try (Connection c = dataSource.getConnection();
        PreparedStatement p =
            c.prepareStatement(
                "SELECT coalesce(string_agg(c.oid || ':' || c.relfilenode, ',' ORDER BY c.oid), '')"
                    + " FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace"
                    + " WHERE n.nspname = ? AND c.relkind IN ('r', 'p', 'm')")) {
      p.setString(1, schema);
      try (ResultSet rs = p.executeQuery()) {
        rs.next();
        return rs.getString(1);
      }
    } catch (SQLException e) {
      throw new IllegalStateException(
          "cannot read the storage of schema '" + schema + "': " + e.getMessage(), e);
    }
  }

  /** Structure plus text values, date ranges and row counts (scans every table once or more). */
  public SchemaSnapshot snapshot(String schema) {
    return snapshot(schema, Set.of());
  }

  /** As {@link #snapshot(String)} without the tables named in {@code exclude}. */
  public SchemaSnapshot snapshot(String schema, Set<String> exclude) {
    try (Connection c = dataSource.getConnection()) {
      c.setReadOnly(true);
      SchemaSnapshot structure = readStructure(c, schema, exclude);
      Map<String, List<String>> textValues = new TreeMap<>();
      Map<String, SchemaSnapshot.DateRange> dateRanges = new TreeMap<>();
      List<SchemaSnapshot.Table> tables = new ArrayList<>();
      for (SchemaSnapshot.Table t : structure.tables()) {
        String table = quote(schema) + "." + quote(t.name());
        long rows = queryLong(c, "SELECT count(*) FROM " + table);
        tables.add(new SchemaSnapshot.Table(t.name(), t.columns(), t.primaryKey(), rows));
        for (SchemaSnapshot.Column col : t.columns()) {
          String key = t.name() + "." + col.name();
          ColumnType type = col.type();
          if (type == ColumnType.TEXT || textArray(col.sqlType())) {
            List<String> values = distinctValues(c, table, col.name(), textArray(col.sqlType()));
            if (values != null) {
              textValues.put(key, values);
            }
          } else if (type.isTemporal()) {
            dateRanges.put(key, dateRange(c, table, col.name()));
          }
        }
      }
      return new SchemaSnapshot(schema, tables, textValues, dateRanges);
    } catch (SQLException e) {
      throw new IllegalStateException(
          "cannot introspect schema '" + schema + "': " + e.getMessage(), e);
    }
  }

  /**
   * Tables (plain, partitioned, foreign) and views of the schema, without the partitions of a
   * partitioned table (queries go through the parent) and without {@code exclude}. Columns report
   * their PostgreSQL type name; a domain reports its base type, an enum {@code enum(<name>)}.
   */
  private static SchemaSnapshot readStructure(Connection c, String schema, Set<String> exclude)
      throws SQLException {
    Map<String, List<SchemaSnapshot.Column>> columns = new TreeMap<>();
    try (PreparedStatement p =
        c.prepareStatement(
            "SELECT c.relname, a.attname, NOT a.attnotnull,"
                + " CASE WHEN t.typtype = 'e' THEN 'enum(' || t.typname || ')'"
                + " WHEN t.typtype = 'd' THEN bt.typname ELSE t.typname END"
                + " FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace"
                + " JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0"
                + " AND NOT a.attisdropped"
                + " JOIN pg_type t ON t.oid = a.atttypid"
                + " LEFT JOIN pg_type bt ON bt.oid = t.typbasetype"
                + " WHERE n.nspname = ? AND c.relkind IN ('r', 'p', 'v', 'f')"
                + " AND NOT c.relispartition"
                + " AND has_table_privilege(c.oid, 'SELECT')"
                + " ORDER BY c.relname, a.attnum")) {
      p.setString(1, schema);
      try (ResultSet rs = p.executeQuery()) {
        while (rs.next()) {
          if (!exclude.contains(rs.getString(1))) {
            columns
                .computeIfAbsent(rs.getString(1), k -> new ArrayList<>())
                .add(new SchemaSnapshot.Column(rs.getString(2), rs.getString(4), rs.getBoolean(3)));
          }
        }
      }
    }
    // One catalog query for every primary key (JDBC's getPrimaryKeys costs a query per table).
    Map<String, List<String>> keys = new TreeMap<>();
    try (PreparedStatement p =
        c.prepareStatement(
            "SELECT c.relname, a.attname FROM pg_index i"
                + " JOIN pg_class c ON c.oid = i.indrelid"
                + " JOIN pg_namespace n ON n.oid = c.relnamespace"
                + " CROSS JOIN LATERAL unnest(i.indkey::int2[]) WITH ORDINALITY AS k(attnum, ord)"
                + " JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = k.attnum"
                + " WHERE i.indisprimary AND n.nspname = ? ORDER BY c.relname, k.ord")) {
      p.setString(1, schema);
      try (ResultSet rs = p.executeQuery()) {
        while (rs.next()) {
          keys.computeIfAbsent(rs.getString(1), k -> new ArrayList<>()).add(rs.getString(2));
        }
      }
    }
    List<SchemaSnapshot.Table> tables = new ArrayList<>();
    for (Map.Entry<String, List<SchemaSnapshot.Column>> e : columns.entrySet()) {
      tables.add(
          new SchemaSnapshot.Table(
              e.getKey(), e.getValue(), keys.getOrDefault(e.getKey(), List.of()), 0));
    }
    return new SchemaSnapshot(schema, tables, Map.of(), Map.of());
  }

  /**
   * Whether a column holds arrays of text; its elements are indexed like a text column's values.
   */
  static boolean textArray(String sqlType) {
    String element = ColumnType.arrayElement(sqlType);
    return element != null && ColumnType.fromPostgres(element) == ColumnType.TEXT;
  }

  /**
   * The distinct non-null values (of an array column, its distinct elements), or null when there
   * are more than maxDistinct and they are not a list of names of at most maxNames.
   */
  private List<String> distinctValues(Connection c, String table, String column, boolean array)
      throws SQLException {
    String col = quote(column);
    String from =
        array ? "(SELECT unnest(" + col + ") AS " + col + " FROM " + table + ") e" : table;
    List<String> values = new ArrayList<>();
    try (PreparedStatement ps =
        c.prepareStatement(
            "SELECT DISTINCT "
                + col
                + " FROM "
                + from
                + " WHERE "
                + col
                + " IS NOT NULL ORDER BY "
                + col
                + " LIMIT ?")) {
      ps.setInt(1, Math.max(maxDistinct, maxNames) + 1);
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          values.add(rs.getString(1));
        }
      }
    }
    if (values.size() <= maxDistinct) {
      return values;
    }
    return values.size() <= maxNames && values.stream().allMatch(SchemaIntrospector::name)
        ? values
        : null;
  }

  private static boolean name(String value) {
    String v = value.strip();
    return v.isEmpty() || v.split("\\s+").length <= NAME_WORDS;
  }

  private static SchemaSnapshot.DateRange dateRange(Connection c, String table, String column)
      throws SQLException {
    String col = quote(column);
    try (PreparedStatement ps =
            c.prepareStatement(
                "SELECT CAST(min("
                    + col
                    + ") AS date), CAST(max("
                    + col
                    + ") AS date) FROM "
                    + table);
        ResultSet rs = ps.executeQuery()) {
      rs.next();
      return new SchemaSnapshot.DateRange(
          rs.getObject(1, LocalDate.class), rs.getObject(2, LocalDate.class));
    }
  }

  private static long queryLong(Connection c, String sql) throws SQLException {
    try (PreparedStatement ps = c.prepareStatement(sql);
        ResultSet rs = ps.executeQuery()) {
      rs.next();
      return rs.getLong(1);
    }
  }

  /** A PostgreSQL quoted identifier: {@code "name"}, inner quotes doubled. */
  static String quote(String identifier) {
    return '"' + identifier.replace("\"", "\"\"") + '"';
  }
}
