package io.assay.contract.finding;

import java.time.Instant;
import java.time.LocalDate;
import java.time.Year;
import java.time.YearMonth;
import java.time.format.DateTimeParseException;

/**
 * The date forms a report may print: a year ({@code 1997}), a month ({@code 1997-03}), a day
 * ({@code 1997-03-31}) or an instant ({@code 2025-01-05T10:15:30Z}). Dates are printed exactly as
 * written here, marked as dates, and are never read as figures.
 */
public final class IsoPeriod {
  private IsoPeriod() {}

  public static boolean valid(String text) {
    if (text == null) {
      return false;
    }
    try {
      if (text.matches("\\d{4}")) {
        Year.parse(text);
      } else if (text.matches("\\d{4}-\\d{2}")) {
        YearMonth.parse(text);
      } else if (text.matches("\\d{4}-\\d{2}-\\d{2}")) {
        LocalDate.parse(text);
      } else if (text.matches("\\d{4}-\\d{2}-\\d{2}T.+Z")) {
        Instant.parse(text);
      } else {
        return false;
      }
      return true;
    } catch (DateTimeParseException e) {
      return false;
    }
  }

  public static String require(String text, String what) {
    if (!valid(text)) {
      throw new IllegalArgumentException(
          what
              + " must be an ISO year, month, date or instant (1997, 1997-03, 1997-03-31, "
              + "2025-01-05T10:15:30Z), got "
              + text);
    }
    return text;
  }
}
