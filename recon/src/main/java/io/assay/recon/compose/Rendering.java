package io.assay.recon.compose;

import java.util.ArrayList;
import java.util.List;
import org.jooq.DSLContext;
import org.jooq.Param;
import org.jooq.Parser;
import org.jooq.Queries;
import org.jooq.Query;
import org.jooq.SQLDialect;
import org.jooq.Select;
import org.jooq.conf.Settings;
import org.jooq.impl.DSL;
import org.jooq.impl.ParserException;

/**
 * Renders a composed jOOQ query to PostgreSQL SQL with {@code ?} placeholders, and checks the
 * result paranoidly: jOOQ's parser must read it back as exactly one SELECT (or WITH … SELECT)
 * statement with as many placeholders as bind values. A failure is a composer bug, never the
 * user's, so it is an {@link IllegalStateException}.
 */
final class Rendering {

  private static final DSLContext SQL =
      DSL.using(SQLDialect.POSTGRES, new Settings().withRenderFormatted(false));
  private static final Parser PARSER = SQL.parser();

  private Rendering() {}

  static ComposedQuery render(
      Select<?> query, List<OutputColumn> columns, List<String> joins, List<String> warnings) {
    String sql = SQL.render(query);
    List<BindValue> binds = new ArrayList<>();
    for (Param<?> p : SQL.extractParams(query).values()) {
      if (!p.isInline()) {
        binds.add(new BindValue(p.getValue(), p.getDataType().getTypeName()));
      }
    }
    selfCheck(sql, binds.size());
    return new ComposedQuery(sql, binds, columns, joins, warnings);
  }

  /** A bind value as a PostgreSQL literal, for the display-only inlined SQL. */
  static String literal(BindValue b) {
    return SQL.renderInlined(DSL.inline(b.value()));
  }

  /** The SQL must parse as one SELECT with {@code placeholders} bind parameters. */
  static void selfCheck(String sql, int placeholders) {
    Queries parsed;
    try {
      parsed = PARSER.parse(sql);
    } catch (ParserException e) {
      throw new IllegalStateException(
          "composer self-check failed: jOOQ cannot parse the emitted SQL ("
              + e.getMessage()
              + "): "
              + sql,
          e);
    }
    Query[] qs = parsed.queries();
    if (qs.length != 1 || !(qs[0] instanceof Select)) {
      throw new IllegalStateException(
          "composer self-check failed: expected exactly one SELECT statement, got "
              + qs.length
              + " statement(s)"
              + (qs.length > 0 ? " starting with " + qs[0].getClass().getSimpleName() : "")
              + ": "
              + sql);
    }
    // Counted in the text rather than on the parsed query: the parser turns some functions into
    // jOOQ's own (date_trunc('quarter', ..) into TRUNC(.., QUARTER)), which jOOQ 3.19 cannot
    // traverse again for PostgreSQL.
    int parsedBinds = placeholders(sql);
    if (parsedBinds != placeholders) {
      throw new IllegalStateException(
          "composer self-check failed: the SQL has "
              + parsedBinds
              + " placeholders for "
              + placeholders
              + " bind values: "
              + sql);
    }
  }

  /** The {@code ?} placeholders outside quoted literals and identifiers. */
  static int placeholders(String sql) {
    return (int) SqlText.blankQuoted(sql).chars().filter(c -> c == '?').count();
  }
}
