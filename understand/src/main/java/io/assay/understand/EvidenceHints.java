package io.assay.understand;

import io.assay.pick.ColumnRef;
import io.assay.recon.ColumnInfo;
import io.assay.recon.Recon;
import io.assay.recon.TableInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the hint text that may come with a question (BIRD's {@code evidence}) into extra lexicon
 * phrases for that question only: "Male means that gender = 'M'" makes "male" name client.gender
 * 'M'; "A11 refers to average salary" makes "average salary" name district.a11; "'POPLATEK TYDNE'
 * stands for weekly issuance" makes "weekly issuance" name that frequency. A clause is used only
 * when its column exists and its value is a stored value of that column; formulas and anything else
 * are ignored, so a hint can sharpen a reading but never invent data.
 */
final class EvidenceHints {

  private EvidenceHints() {}

  private static final Pattern LINK =
      Pattern.compile(
          "(?i)^(.+?)\\s+(?:means?(?:\\s+that)?|refers?\\s+to|stands?\\s+for|represents?|pertains?\\s+to"
              + "|indicates?|can\\s+be\\s+(?:presented|represented)\\s+as|appears?\\s+in(?:\\s+the)?"
              + "(?:\\s+column)?|can\\s+be\\s+found\\s+in|contains?(?:\\s+information\\s+about)?"
              + "|is\\s+stored\\s+in|is|are)\\s+(.+)$");

  /** "when the account type = 'OWNER', it's eligible for loans": a condition, then its name. */
  private static final Pattern CONDITION_NAMED =
      Pattern.compile(
          "(?i)^(?:when|if|where)\\s+(.+?)\\s*,\\s*(?:it|they|this|that)\\s*(?:'s|’s|\\s+is|\\s+are)"
              + "\\s+(?:called\\s+|considered\\s+)?(.+)$");

  /** "the account type = 'OWNER'": a value some words describe the column of. */
  private static final Pattern DESCRIBED_EQ_VALUE =
      Pattern.compile("(?i)^[a-z][\\w\\s]*?\\s*=\\s*'([^']*)'$");

  private static final Pattern COLUMN_EQ_VALUE =
      Pattern.compile("(?i)^(?:column\\s+)?(?:([a-z_]\\w*)\\.)?([a-z_]\\w*)\\s*=\\s*'([^']*)'$");
  private static final Pattern VALUE_IN_COLUMN =
      Pattern.compile(
          "(?i)^'([^']*)'(?:\\s+in\\s+(?:the\\s+)?(?:column\\s+)?(?:([a-z_]\\w*)\\.)?([a-z_]\\w*))?$");
  private static final Pattern COLUMN =
      Pattern.compile("(?i)^(?:the\\s+)?(?:column\\s+)?(?:([a-z_]\\w*)\\.)?([a-z_]\\w*)$");

  /** The hint phrases of {@code hint}; empty for a blank hint. */
  static List<Lexicon.Entry> read(String hint, Recon recon, Lexicon lexicon) {
    List<Lexicon.Entry> out = new ArrayList<>();
    if (hint == null || hint.isBlank()) {
      return out;
    }
    for (String clause : hint.split("[;\\n]|\\.\\s+")) {
      String c = clause.strip().replaceAll("[.]+$", "");
      Matcher named = CONDITION_NAMED.matcher(c);
      if (named.matches()) {
        conditionValue(named.group(1).strip(), recon)
            .ifPresent(
                t ->
                    phrases(named.group(2).strip()).forEach(p -> out.add(Lexicon.hintEntry(p, t))));
        continue;
      }
      Matcher m = LINK.matcher(c);
      if (!m.matches()) {
        continue;
      }
      String left = m.group(1).strip();
      String right = m.group(2).strip();
      Optional<Target> leftRef = reference(left, recon);
      Optional<Target> rightRef = reference(right, recon);
      if (rightRef.isPresent() && leftRef.isEmpty()) {
        phrases(left).forEach(p -> out.add(Lexicon.hintEntry(p, rightRef.get())));
      } else if (leftRef.isPresent() && rightRef.isEmpty()) {
        phrases(right).forEach(p -> out.add(Lexicon.hintEntry(p, leftRef.get())));
      } else if (leftRef.isEmpty()) {
        // "Customers refer to clients": a word for a table.
        tableNamed(right, recon)
            .ifPresent(t -> phrases(left).forEach(p -> out.add(Lexicon.hintEntry(p, t))));
      }
    }
    out.removeIf(e -> e.stems().isEmpty());
    return out;
  }

  /**
   * The value a condition sets: "type = 'OWNER'" by its column, or "the account type = 'OWNER'"
   * when words describe the column and exactly one column stores the value.
   */
  private static Optional<Target> conditionValue(String text, Recon recon) {
    Optional<Target> exact = reference(text, recon);
    if (exact.isPresent()) {
      return exact.filter(t -> t instanceof Target.Value);
    }
    Matcher m = DESCRIBED_EQ_VALUE.matcher(text);
    if (!m.matches()) {
      return Optional.empty();
    }
    return storedOnceIn(m.group(1), recon);
  }

  /** The value as a target when exactly one indexed column stores it. */
  private static Optional<Target> storedOnceIn(String value, Recon recon) {
    List<ColumnRef> holding =
        recon.values().columns().stream()
            .filter(col -> recon.values().values(col).contains(value))
            .toList();
    return holding.size() == 1
        ? Optional.of(new Target.Value(holding.get(0), value, false))
        : Optional.empty();
  }

  /** "running contract, ok so far" names two phrases. */
  private static List<String> phrases(String text) {
    List<String> out = new ArrayList<>();
    for (String p : text.split("\\s*,\\s*|\\s+or\\s+")) {
      String s = p.strip().replaceAll("(?i)^(the|a|an)\\s+", "");
      if (!s.isEmpty() && !s.contains("=") && !s.contains("'") && s.length() <= 60) {
        out.add(s);
      }
    }
    return out;
  }

  private static Optional<Target> reference(String text, Recon recon) {
    Matcher m = COLUMN_EQ_VALUE.matcher(text);
    if (m.matches()) {
      String value = m.group(3);
      return column(m.group(1), m.group(2), value, recon)
          .map(col -> new Target.Value(col, value, false));
    }
    m = VALUE_IN_COLUMN.matcher(text);
    if (m.matches()) {
      String value = m.group(1);
      if (m.group(3) != null) {
        return column(m.group(2), m.group(3), value, recon)
            .map(col -> new Target.Value(col, value, false));
      }
      return storedOnceIn(value, recon);
    }
    m = COLUMN.matcher(text);
    if (m.matches()) {
      return column(m.group(1), m.group(2), null, recon).map(Target.Column::new);
    }
    return Optional.empty();
  }

  /**
   * The column a hint names, by "table.column" or by a column name that exactly one table has (or,
   * with a value, exactly one table has with that stored value).
   */
  private static Optional<ColumnRef> column(
      String table, String column, String value, Recon recon) {
    String col = column.toLowerCase(Locale.ROOT);
    List<ColumnRef> found = new ArrayList<>();
    for (TableInfo t : recon.tables()) {
      if (table != null && !t.name().equalsIgnoreCase(table)) {
        continue;
      }
      for (ColumnInfo c : t.columns()) {
        if (c.name().equals(col)) {
          found.add(c.ref());
        }
      }
    }
    if (value != null) {
      found.removeIf(ref -> !recon.values().values(ref).contains(value));
    }
    return found.size() == 1 ? Optional.of(found.get(0)) : Optional.empty();
  }

  private static Optional<Target> tableNamed(String text, Recon recon) {
    String n = io.assay.recon.text.TextNormalizer.normalize(text);
    for (TableInfo t : recon.tables()) {
      if (t.name().equals(n)) {
        return Optional.of(new Target.Table(t.name()));
      }
      for (String s : t.synonyms()) {
        if (io.assay.recon.text.TextNormalizer.normalize(s).equals(n)) {
          return Optional.of(new Target.Table(t.name()));
        }
      }
    }
    return Optional.empty();
  }
}
