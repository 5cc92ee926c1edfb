package io.assay.recon;

import io.assay.pick.ColumnRef;
import io.assay.pick.Unit;
import io.assay.pick.Value;
import io.assay.recon.schema.ColumnType;
import java.math.BigDecimal;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A column as recon knows it: introspected name, type and nullability merged with its YAML
 * description and synonyms (empty when the YAML says nothing about it).
 *
 * @param computed how the column is derived from others of its row; null for a stored column
 * @param unit the unit the YAML says the column's numbers are in ({@code unit: minutes}); null when
 *     it says none
 */
public record ColumnInfo(
    String table,
    String name,
    ColumnType type,
    String sqlType,
    boolean nullable,
    String description,
    List<String> synonyms,
    ComputedColumn computed,
    Unit unit) {

  /** Names of columns that record when a row was edited, not when the business event happened. */
  private static final Pattern EDIT_TIME =
      Pattern.compile("(?i)(last_?)?(update|updated|modified|changed)(_?(at|on|date|time))?");

  public ColumnInfo {
    synonyms = synonyms == null ? List.of() : List.copyOf(synonyms);
  }

  /** A stored column. */
  public ColumnInfo(
      String table,
      String name,
      ColumnType type,
      String sqlType,
      boolean nullable,
      String description,
      List<String> synonyms) {
    this(table, name, type, sqlType, nullable, description, synonyms, null, null);
  }

  /** A computed column, or a stored one when {@code computed} is null, without a unit. */
  public ColumnInfo(
      String table,
      String name,
      ColumnType type,
      String sqlType,
      boolean nullable,
      String description,
      List<String> synonyms,
      ComputedColumn computed) {
    this(table, name, type, sqlType, nullable, description, synonyms, computed, null);
  }

  public ColumnRef ref() {
    return new ColumnRef(table, name);
  }

  /**
   * Whether a column of this name records when its row was last edited ({@code last_update}, {@code
   * modified_at}): never the date a question's time window means unless it is named.
   */
  public static boolean editTime(String name) {
    return EDIT_TIME.matcher(name).matches();
  }

  /**
   * A stored value written as text (a code list's key, a value index entry) as a filter value of
   * this column's type: code lists of a 0/1 or true/false flag key their codes as text too.
   */
  public Value valueOf(String stored) {
    String s = stored.strip();
    if (type.isNumeric()) {
      try {
        return Value.number(new BigDecimal(s));
      } catch (NumberFormatException e) {
        return Value.text(stored);
      }
    }
    if (type == ColumnType.BOOLEAN && (s.equalsIgnoreCase("true") || s.equalsIgnoreCase("false"))) {
      return new Value.Bool(Boolean.parseBoolean(s));
    }
    return Value.text(stored);
  }

  /** Whether each row holds a list of values (a PostgreSQL array). */
  public boolean array() {
    return ColumnType.arrayElement(sqlType) != null;
  }
}
