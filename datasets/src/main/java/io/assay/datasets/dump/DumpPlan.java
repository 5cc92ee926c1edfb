package io.assay.datasets.dump;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The statements of a plain-format dump (one or more files, applied in order) rewritten into a
 * target schema and ordered as pg_restore would: definitions first, then the data, then what makes
 * loading slow or fails on data in dump order (foreign keys, indexes, triggers, rules). Session
 * settings, ownership, privileges and schema-level statements of the dump are dropped: the loader
 * sets its own and grants only what Assay's reader needs.
 *
 * @param definitions tables, types, functions, views, primary keys …, in dump order
 * @param data COPY blocks and sequence positions, in dump order
 * @param constraints foreign keys, indexes, triggers, rules, in dump order
 */
public record DumpPlan(
    List<DumpStatement> definitions, List<DumpStatement> data, List<DumpStatement> constraints) {

  private static final Pattern DROPPED =
      Pattern.compile(
          "(?is)^(SET\\s|SELECT\\s+pg_catalog\\.set_config\\s*\\(\\s*'search_path'|GRANT\\s|REVOKE\\s"
              + "|ALTER\\s+SCHEMA\\s|CREATE\\s+SCHEMA\\s|COMMENT\\s+ON\\s+SCHEMA\\s"
              + "|CREATE\\s+EXTENSION\\s|COMMENT\\s+ON\\s+EXTENSION\\s|ALTER\\s.*\\sOWNER\\s+TO\\s).*");

  private static final Pattern AFTER_DATA =
      Pattern.compile(
          "(?is)^(ALTER\\s+TABLE\\s.*\\sADD\\s+CONSTRAINT\\s.*\\sFOREIGN\\s+KEY\\s"
              + "|CREATE\\s+(UNIQUE\\s+)?INDEX\\s|ALTER\\s+INDEX\\s.*\\sATTACH\\s+PARTITION\\s"
              + "|CREATE\\s+(OR\\s+REPLACE\\s+)?(CONSTRAINT\\s+)?TRIGGER\\s"
              + "|CREATE\\s+(OR\\s+REPLACE\\s+)?RULE\\s).*");

  private static final Pattern IDENTIFIER = Pattern.compile("[a-z_][a-z0-9_]{0,62}");

  public DumpPlan {
    definitions = List.copyOf(definitions);
    data = List.copyOf(data);
    constraints = List.copyOf(constraints);
  }

  /**
   * Reads the dump files and plans their statements into {@code targetSchema}.
   *
   * @param dumpSchema the schema the dump was taken from (its qualifier, e.g. {@code public})
   * @throws DumpFormatException unreadable file, unterminated quote or COPY block
   */
  public static DumpPlan read(List<Path> files, String dumpSchema, String targetSchema) {
    List<DumpStatement> all = new ArrayList<>();
    for (Path f : files) {
      String text;
      try {
        text = Files.readString(f, StandardCharsets.UTF_8);
      } catch (IOException e) {
        throw new DumpFormatException("cannot read dump file " + f + ": " + e.getMessage(), e);
      }
      all.addAll(DumpScanner.scan(text, f.getFileName().toString()));
    }
    return of(all, dumpSchema, targetSchema);
  }

  /** Plans already scanned statements (the order of {@code statements} is the dump's order). */
  public static DumpPlan of(List<DumpStatement> statements, String dumpSchema, String target) {
    for (String name : List.of(dumpSchema, target)) {
      if (!IDENTIFIER.matcher(name).matches()) {
        throw new IllegalArgumentException(
            "schema names must be lower-case identifiers, was '" + name + "'");
      }
    }
    Pattern qualifier = Pattern.compile("(?<![\\w$.\"])" + Pattern.quote(dumpSchema) + "\\.");
    String replacement = Matcher.quoteReplacement(target + ".");
    List<DumpStatement> definitions = new ArrayList<>();
    List<DumpStatement> data = new ArrayList<>();
    List<DumpStatement> constraints = new ArrayList<>();
    boolean dataSeen = false;
    for (DumpStatement s : statements) {
      if (s instanceof DumpStatement.Copy c) {
        dataSeen = true;
        data.add(
            new DumpStatement.Copy(
                qualifier.matcher(c.header()).replaceAll(replacement), c.data(), c.origin()));
        continue;
      }
      DumpStatement.Sql q = (DumpStatement.Sql) s;
      if (DROPPED.matcher(q.sql()).matches()) {
        continue;
      }
      DumpStatement.Sql rewritten =
          new DumpStatement.Sql(qualifier.matcher(q.sql()).replaceAll(replacement), q.origin());
      if (AFTER_DATA.matcher(q.sql()).matches()) {
        constraints.add(rewritten);
      } else if (dataSeen || isSequencePosition(q.sql())) {
        data.add(rewritten);
      } else {
        definitions.add(rewritten);
      }
    }
    return new DumpPlan(definitions, data, constraints);
  }

  private static boolean isSequencePosition(String sql) {
    return sql.regionMatches(true, 0, "SELECT pg_catalog.setval(", 0, 25);
  }

  /** Every statement in the order to apply them. */
  public List<DumpStatement> ordered() {
    List<DumpStatement> out = new ArrayList<>(definitions);
    out.addAll(data);
    out.addAll(constraints);
    return out;
  }
}
