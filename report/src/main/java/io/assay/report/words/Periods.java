package io.assay.report.words;

import io.assay.contract.finding.IsoPeriod;
import java.time.Instant;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.TextStyle;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Locale;

/**
 * Periods as people write them: "1997", "June 1997", "Q2 1997", "week of 2 June 1997", "2 June
 * 1997", "1 December 2026, 21:50 UTC". A series stores each period as the ISO date its period
 * starts on ({@code 1997-06-01} for June), so the grain says how much of that date to show. The
 * same ISO value and grain always give the same text, which is what the report's audits check.
 */
public final class Periods {
  private static final DateTimeFormatter INSTANT =
      DateTimeFormatter.ofPattern("d MMMM uuuu, HH:mm 'UTC'", Locale.ENGLISH)
          .withZone(ZoneOffset.UTC);

  private Periods() {}

  /** How long one period of a series is. */
  public enum Grain {
    DAY,
    WEEK,
    MONTH,
    QUARTER,
    YEAR;

    public String word() {
      return name().toLowerCase(Locale.ROOT);
    }

    /** The grain named {@code word} (day, week, month, quarter, year), or null. */
    public static Grain of(String word) {
      if (word == null) {
        return null;
      }
      for (Grain g : values()) {
        if (g.word().equalsIgnoreCase(word.strip())) {
          return g;
        }
      }
      return null;
    }
  }

  /**
   * The grain of a Finding's periods: that of its first time series, when it has one, else that of
   * the first table column whose every label is a period (an answer by month).
   */
  public static Grain grainOf(io.assay.contract.finding.Finding f) {
    for (io.assay.contract.finding.ChartData chart : f.charts()) {
      if (chart instanceof io.assay.contract.finding.TimeSeriesChart ts) {
        return grainOf(
            ts.points().stream()
                .map(io.assay.contract.finding.TimeSeriesChart.Point::period)
                .toList());
      }
    }
    for (io.assay.contract.finding.ChartData chart : f.charts()) {
      if (chart instanceof io.assay.contract.finding.TableData t) {
        for (int c = 0; c < t.labelColumns().size(); c++) {
          int col = c;
          List<String> values = t.rows().stream().map(r -> r.labels().get(col)).toList();
          if (!values.isEmpty() && values.stream().allMatch(IsoPeriod::valid)) {
            // Rows may be ordered by their measure; the spacing of periods is read in time order.
            return grainOf(values.stream().distinct().sorted().toList());
          }
        }
      }
    }
    return null;
  }

  /** An ISO month or day, or a range of two joined by ".." or " to ", standing alone in a text. */
  private static final java.util.regex.Pattern IN_TEXT =
      java.util.regex.Pattern.compile(
          "(?<![\\w.-])(\\d{4}-\\d{2}(?:-\\d{2})?)(?:(?:\\.\\.| to )(\\d{4}-\\d{2}(?:-\\d{2})?))?(?![\\w-]|\\.\\d)");

  /**
   * A text's ISO months and days as people write them ("1997-11" → "November 1997",
   * "1994-01..1997-12" → "January 1994 to December 1997"), for texts shown as they were written by
   * an analysis (a step's summary, a figure's label). A range of whole months reads as months.
   */
  public static String inText(String text) {
    if (text == null || text.isEmpty()) {
      return text;
    }
    java.util.regex.Matcher m = IN_TEXT.matcher(text);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      String from = m.group(1);
      String to = m.group(2);
      String shown;
      if (!IsoPeriod.valid(from) || (to != null && !IsoPeriod.valid(to))) {
        shown = m.group();
      } else if (to == null) {
        shown = show(from, null);
      } else {
        shown = range(from, to);
      }
      m.appendReplacement(out, java.util.regex.Matcher.quoteReplacement(shown));
    }
    m.appendTail(out);
    return out.toString();
  }

  /**
   * A range of days or months as people write it: a whole year "1997", whole months "June 1997",
   * "March to June 1997" or "December 1995 to November 1996", else days.
   */
  public static String range(String from, String to) {
    if (!IsoPeriod.valid(from) || !IsoPeriod.valid(to)) {
      return from + " to " + to;
    }
    String a = from.length() == 7 ? from + "-01" : from;
    String b = to.length() == 7 ? YearMonth.parse(to).atEndOfMonth().toString() : to;
    if (a.length() != 10 || b.length() != 10) {
      return show(from, null) + " to " + show(to, null);
    }
    if (!wholeMonths(a, b)) {
      return a.equals(b) ? show(a, null) : show(a, null) + " to " + show(b, null);
    }
    LocalDate first = LocalDate.parse(a);
    LocalDate last = LocalDate.parse(b);
    if (first.getMonthValue() == 1
        && last.getMonthValue() == 12
        && first.getYear() == last.getYear()) {
      return Integer.toString(first.getYear());
    }
    YearMonth m1 = YearMonth.from(first);
    YearMonth m2 = YearMonth.from(last);
    if (m1.equals(m2)) {
      return month(m1);
    }
    if (m1.getYear() == m2.getYear()) {
      return m1.getMonth().getDisplayName(TextStyle.FULL, Locale.ENGLISH) + " to " + month(m2);
    }
    return month(m1) + " to " + month(m2);
  }

  /** "1997-09-01".."1997-09-30": from a month's first day to a month's last. */
  private static boolean wholeMonths(String from, String to) {
    if (from.length() != 10 || to.length() != 10) {
      return false;
    }
    LocalDate a = LocalDate.parse(from);
    LocalDate b = LocalDate.parse(to);
    return a.getDayOfMonth() == 1 && b.getDayOfMonth() == b.lengthOfMonth();
  }

  /** {@code iso} written for people at {@code grain} (null: as precise as the ISO text is). */
  public static String show(String iso, Grain grain) {
    if (!IsoPeriod.valid(iso)) {
      return iso;
    }
    if (iso.length() == 4) {
      return iso;
    }
    if (iso.length() == 7) {
      YearMonth m = YearMonth.parse(iso);
      return grain == Grain.YEAR ? Integer.toString(m.getYear()) : month(m);
    }
    if (iso.length() == 10) {
      LocalDate d = LocalDate.parse(iso);
      if (grain == null || !fits(d, grain)) {
        return day(d);
      }
      return switch (grain) {
        case DAY -> day(d);
        case WEEK -> "week of " + day(d);
        case MONTH -> month(YearMonth.from(d));
        case QUARTER -> "Q" + ((d.getMonthValue() - 1) / 3 + 1) + " " + d.getYear();
        case YEAR -> Integer.toString(d.getYear());
      };
    }
    return INSTANT.format(Instant.parse(iso).truncatedTo(ChronoUnit.MINUTES));
  }

  /**
   * "2 June 1997", "2 Jun 1997", "June 1997", "jun 1997": month names in any case, in full or
   * short.
   */
  private static final DateTimeFormatter DAY_WRITTEN =
      new java.time.format.DateTimeFormatterBuilder()
          .parseCaseInsensitive()
          .appendPattern("d [MMMM][MMM] uuuu")
          .toFormatter(Locale.ENGLISH)
          .withResolverStyle(java.time.format.ResolverStyle.STRICT);

  private static final DateTimeFormatter MONTH_WRITTEN =
      new java.time.format.DateTimeFormatterBuilder()
          .parseCaseInsensitive()
          .appendPattern("[MMMM][MMM] uuuu")
          .toFormatter(Locale.ENGLISH)
          .withResolverStyle(java.time.format.ResolverStyle.STRICT);

  private static final java.util.regex.Pattern QUARTER_WRITTEN =
      java.util.regex.Pattern.compile("(?i)q([1-4])\\s+(\\d{4})");

  /**
   * The first day of a period written as {@link #show} writes it ("June 1997", "Q2 1997", "week of
   * 2 June 1997", "2 June 1997", "1997") or as an ISO date or month; null when the text is none.
   */
  public static LocalDate read(String text) {
    if (text == null) {
      return null;
    }
    String t = text.strip().replaceFirst("(?i)^week of\\s+", "").replaceAll("\\s+", " ");
    try {
      if (t.matches("\\d{4}-\\d{2}-\\d{2}")) {
        return LocalDate.parse(t);
      }
      if (t.matches("\\d{4}-\\d{2}")) {
        return YearMonth.parse(t).atDay(1);
      }
      if (t.matches("\\d{4}")) {
        return LocalDate.of(Integer.parseInt(t), 1, 1);
      }
      java.util.regex.Matcher q = QUARTER_WRITTEN.matcher(t);
      if (q.matches()) {
        return LocalDate.of(
            Integer.parseInt(q.group(2)), (Integer.parseInt(q.group(1)) - 1) * 3 + 1, 1);
      }
      if (Character.isDigit(t.isEmpty() ? 'x' : t.charAt(0))) {
        return LocalDate.parse(t, DAY_WRITTEN);
      }
      return YearMonth.parse(t, MONTH_WRITTEN).atDay(1);
    } catch (java.time.DateTimeException | NumberFormatException e) {
      return null;
    }
  }

  /** Whether {@code grain} applies to {@code iso}: a month grain only to a month's first day, … */
  public static boolean fits(String iso, Grain grain) {
    if (grain == null || !IsoPeriod.valid(iso)) {
      return grain == null;
    }
    return iso.length() != 10 || fits(LocalDate.parse(iso), grain);
  }

  /**
   * The grain of a series from the spacing of its periods: consecutive month starts are months,
   * seven days apart weeks, and so on; null when the periods say nothing (one period, or uneven).
   */
  public static Grain grainOf(List<String> periods) {
    if (periods.size() < 2
        || !periods.stream().allMatch(p -> p.length() == 10 && IsoPeriod.valid(p))) {
      return periods.size() == 1 && periods.get(0).length() == 7 ? Grain.MONTH : null;
    }
    LocalDate first = LocalDate.parse(periods.get(0));
    LocalDate second = LocalDate.parse(periods.get(1));
    long days = ChronoUnit.DAYS.between(first, second);
    long months = ChronoUnit.MONTHS.between(first, second);
    Grain g;
    if (days == 1) {
      g = Grain.DAY;
    } else if (days == 7) {
      g = Grain.WEEK;
    } else if (months == 1 && first.getDayOfMonth() == 1) {
      g = Grain.MONTH;
    } else if (months == 3 && first.getDayOfMonth() == 1) {
      g = Grain.QUARTER;
    } else if (months == 12 && first.getDayOfYear() == 1) {
      g = Grain.YEAR;
    } else {
      return null;
    }
    for (String p : periods) {
      if (!fits(LocalDate.parse(p), g)) {
        return null;
      }
    }
    return g;
  }

  private static boolean fits(LocalDate d, Grain grain) {
    return switch (grain) {
      case DAY, WEEK -> true;
      case MONTH -> d.getDayOfMonth() == 1;
      case QUARTER -> d.getDayOfMonth() == 1 && (d.getMonthValue() - 1) % 3 == 0;
      case YEAR -> d.getDayOfYear() == 1;
    };
  }

  private static String month(YearMonth m) {
    return m.getMonth().getDisplayName(TextStyle.FULL, Locale.ENGLISH) + " " + m.getYear();
  }

  private static String day(LocalDate d) {
    return d.getDayOfMonth()
        + " "
        + d.getMonth().getDisplayName(TextStyle.FULL, Locale.ENGLISH)
        + " "
        + d.getYear();
  }
}
