package io.assay.datasets.financial;

import java.nio.file.Path;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.util.List;
import java.util.regex.Pattern;

/**
 * One data row of a PKDD'99 file, with typed accessors that report a bad value by file, line and
 * column. '?' is the data set's marker for a missing value.
 */
final class CsvRow {

  private static final String MISSING = "?";
  private static final Pattern INTEGER = Pattern.compile("-?\\d{1,10}");
  private static final Pattern DECIMAL = Pattern.compile("-?\\d{1,12}(\\.\\d+)?");
  private static final Pattern YYMMDD = Pattern.compile("\\d{6}");
  private static final Pattern MIDNIGHT = Pattern.compile("\\d{6} \\d{2}:\\d{2}:\\d{2}");

  private final Path file;
  private final int line;
  private final List<String> columns;
  private final List<String> fields;

  CsvRow(Path file, int line, List<String> columns, List<String> fields) {
    this.file = file;
    this.line = line;
    this.columns = columns;
    this.fields = fields;
  }

  int line() {
    return line;
  }

  FinancialDataException error(String problem) {
    return new FinancialDataException(file, line, problem);
  }

  private String raw(int column) {
    String value = fields.get(column);
    for (int i = 0; i < value.length(); i++) {
      // PostgreSQL text cannot hold NUL; other control characters have no place in this data.
      if (Character.isISOControl(value.charAt(i))) {
        throw error(
            columns.get(column)
                + " contains control character U+"
                + String.format("%04X", (int) value.charAt(i)));
      }
    }
    return value;
  }

  private FinancialDataException bad(int column, String expected) {
    return error(columns.get(column) + " '" + raw(column) + "' is not " + expected);
  }

  String text(int column) {
    String value = raw(column);
    if (value.isEmpty() || value.equals(MISSING)) {
      throw error(columns.get(column) + " is missing");
    }
    return value;
  }

  /** Text that may be missing ('?' or empty); a blank of spaces is a value, as in k_symbol. */
  String optionalText(int column) {
    String value = raw(column);
    return value.isEmpty() || value.equals(MISSING) ? null : value;
  }

  String oneOf(int column, List<String> allowed) {
    String value = text(column);
    if (!allowed.contains(value)) {
      throw bad(column, "one of " + allowed);
    }
    return value;
  }

  int integer(int column) {
    Integer value = optionalInteger(column);
    if (value == null) {
      throw error(columns.get(column) + " is missing");
    }
    return value;
  }

  Integer optionalInteger(int column) {
    String value = raw(column);
    if (value.equals(MISSING) || value.isEmpty()) {
      return null;
    }
    if (!INTEGER.matcher(value).matches()) {
      throw bad(column, "an integer");
    }
    try {
      return Integer.valueOf(value);
    } catch (NumberFormatException e) {
      throw bad(column, "an integer in range");
    }
  }

  double decimal(int column) {
    Double value = optionalDecimal(column);
    if (value == null) {
      throw error(columns.get(column) + " is missing");
    }
    return value;
  }

  Double optionalDecimal(int column) {
    String value = raw(column);
    if (value.equals(MISSING) || value.isEmpty()) {
      return null;
    }
    if (!DECIMAL.matcher(value).matches()) {
      throw bad(column, "a decimal number");
    }
    return Double.valueOf(value);
  }

  /** A YYMMDD date of the 1900s. */
  LocalDate yymmdd(int column) {
    String value = raw(column);
    if (!YYMMDD.matcher(value).matches()) {
      throw bad(column, "a YYMMDD date");
    }
    return date(column, value, 0);
  }

  /** A card's issue stamp, 'YYMMDD 00:00:00'; the time of day carries nothing. */
  LocalDate yymmddMidnight(int column) {
    String value = raw(column);
    if (!MIDNIGHT.matcher(value).matches() && !YYMMDD.matcher(value).matches()) {
      throw bad(column, "a 'YYMMDD hh:mm:ss' timestamp");
    }
    return date(column, value.substring(0, 6), 0);
  }

  /** A birth number: YYMMDD with 50 added to the month for women. */
  Client birthNumber(int clientId, int column, int districtId) {
    String value = raw(column);
    if (!YYMMDD.matcher(value).matches()) {
      throw bad(column, "a YYMMDD birth number");
    }
    int month = Integer.parseInt(value.substring(2, 4));
    boolean female = month > 50;
    LocalDate birth = date(column, value, female ? 50 : 0);
    return new Client(clientId, female ? "F" : "M", birth, districtId);
  }

  private LocalDate date(int column, String yymmdd, int monthOffset) {
    try {
      return LocalDate.of(
          1900 + Integer.parseInt(yymmdd.substring(0, 2)),
          Integer.parseInt(yymmdd.substring(2, 4)) - monthOffset,
          Integer.parseInt(yymmdd.substring(4, 6)));
    } catch (DateTimeException e) {
      throw bad(column, "a valid date (" + e.getMessage() + ")");
    }
  }
}
