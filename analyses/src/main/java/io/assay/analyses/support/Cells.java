package io.assay.analyses.support;

import java.math.BigDecimal;
import java.sql.Timestamp;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZonedDateTime;

/** Reads result-set cells the executor hands back as whatever JDBC produced. */
public final class Cells {
  private Cells() {}

  /** A number cell as a double; null for SQL NULL; an error for text that is not a number. */
  public static Double number(Object cell) {
    if (cell == null) {
      return null;
    }
    if (cell instanceof Number n) {
      double v = n.doubleValue();
      return Double.isFinite(v) ? v : null;
    }
    if (cell instanceof String s) {
      try {
        return new BigDecimal(s.strip()).doubleValue();
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("expected a number, got '" + s + "'");
      }
    }
    throw new IllegalArgumentException("expected a number, got " + cell.getClass().getSimpleName());
  }

  /** A date-like cell (date, timestamp, ISO text) as a date. */
  public static LocalDate date(Object cell) {
    if (cell == null) {
      return null;
    }
    if (cell instanceof LocalDate d) {
      return d;
    }
    if (cell instanceof java.sql.Date d) {
      return d.toLocalDate();
    }
    if (cell instanceof Timestamp t) {
      return t.toLocalDateTime().toLocalDate();
    }
    if (cell instanceof LocalDateTime t) {
      return t.toLocalDate();
    }
    if (cell instanceof OffsetDateTime t) {
      return t.toLocalDate();
    }
    if (cell instanceof ZonedDateTime t) {
      return t.toLocalDate();
    }
    String s = cell.toString().strip();
    return LocalDate.parse(s.length() >= 10 ? s.substring(0, 10) : s);
  }

  /** A label cell as text; "(none)" for SQL NULL, so a missing code is still a named group. */
  public static String label(Object cell) {
    if (cell == null) {
      return NULL_LABEL;
    }
    if (cell instanceof BigDecimal b) {
      return b.stripTrailingZeros().toPlainString();
    }
    String s = cell.toString();
    return s.isBlank() ? BLANK_LABEL : s;
  }

  public static final String NULL_LABEL = "(none)";
  public static final String BLANK_LABEL = "(blank)";
}
