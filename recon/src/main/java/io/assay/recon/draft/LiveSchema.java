package io.assay.recon.draft;

import io.assay.recon.schema.SchemaIntrospector;
import io.assay.recon.schema.SchemaSnapshot;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import javax.sql.DataSource;

/**
 * What a draft is written from: the schema's tables, columns, keys and data facts (text columns
 * with few values, date ranges, row counts), its views, and its single-column foreign keys.
 *
 * @param views views of the schema (a draft lists them under {@code exclude:})
 */
public record LiveSchema(
    SchemaSnapshot snapshot, List<String> views, List<ForeignKey> foreignKeys) {

  /** Text columns with at most this many values are proposed as code lists. */
  public static final int CODE_VALUES = 30;

  /**
   * Introspects {@code schema} (one scan of each table for counts, values and date ranges).
   *
   * @throws IllegalStateException the schema cannot be read (message says why)
   */
  public static LiveSchema read(DataSource dataSource, String schema) {
    try (Connection c = dataSource.getConnection()) {
      c.setReadOnly(true);
      List<String> views = views(c, schema);
      SchemaSnapshot snapshot =
          new SchemaIntrospector(dataSource, CODE_VALUES).snapshot(schema, Set.copyOf(views));
      if (snapshot.tables().isEmpty()) {
        throw new IllegalStateException(
            "schema '" + schema + "' has no tables this account may read");
      }
      return new LiveSchema(snapshot, views, foreignKeys(c, schema));
    } catch (SQLException e) {
      throw new IllegalStateException("cannot read schema '" + schema + "': " + e.getMessage(), e);
    }
  }

  private static List<String> views(Connection c, String schema) throws SQLException {
    List<String> out = new ArrayList<>();
    try (PreparedStatement p =
        c.prepareStatement(
            "SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace"
                + " WHERE n.nspname = ? AND c.relkind IN ('v', 'm') ORDER BY c.relname")) {
      p.setString(1, schema);
      try (ResultSet rs = p.executeQuery()) {
        while (rs.next()) {
          out.add(rs.getString(1));
        }
      }
    }
    return out;
  }

  /** Single-column foreign keys; a partition's key counts as its partitioned table's. */
  private static List<ForeignKey> foreignKeys(Connection c, String schema) throws SQLException {
    Set<ForeignKey> out = new LinkedHashSet<>();
    try (PreparedStatement p =
        c.prepareStatement(
            "SELECT coalesce(parent.relname, src.relname), a.attname, dst.relname, b.attname"
                + " FROM pg_constraint k"
                + " JOIN pg_class src ON src.oid = k.conrelid"
                + " JOIN pg_namespace n ON n.oid = src.relnamespace"
                + " LEFT JOIN pg_inherits i ON i.inhrelid = src.oid AND src.relispartition"
                + " LEFT JOIN pg_class parent ON parent.oid = i.inhparent"
                + " JOIN pg_class dst ON dst.oid = k.confrelid"
                + " JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = k.conkey[1]"
                + " JOIN pg_attribute b ON b.attrelid = k.confrelid AND b.attnum = k.confkey[1]"
                + " WHERE k.contype = 'f' AND n.nspname = ? AND cardinality(k.conkey) = 1"
                + " ORDER BY 1, 2, 3")) {
      p.setString(1, schema);
      try (ResultSet rs = p.executeQuery()) {
        while (rs.next()) {
          out.add(
              new ForeignKey(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4)));
        }
      }
    }
    return List.copyOf(out);
  }
}
