package io.assay.understand;

import io.assay.pick.TimeGrain;
import io.assay.understand.TimeExpression.Relation;
import java.time.DateTimeException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds time expressions in a question: dates (1976/1/29, 1/1/1995, 1995-01-01, January 29 1976),
 * months (January 1996), quarters (Q3 1997, the third quarter of 1997), years (in 1997), ranges
 * (between … and …, from … to …), open bounds (before 1950, since March 1997) and expressions
 * relative to the data's latest date (last quarter, the last 3 months, this year).
 *
 * <p>Slash dates with the year last are read month first (US, as BIRD writes them), unless the
 * first number cannot be a month. A four-digit number counts as a year only between 1800 and 2199
 * and when it is not part of a larger number ("250,000", "1995.5").
 */
public final class TimeExpressionParser {

  private static final Map<String, Integer> MONTHS =
      Map.ofEntries(
          Map.entry("january", 1),
          Map.entry("jan", 1),
          Map.entry("february", 2),
          Map.entry("feb", 2),
          Map.entry("march", 3),
          Map.entry("mar", 3),
          Map.entry("april", 4),
          Map.entry("apr", 4),
          Map.entry("may", 5),
          Map.entry("june", 6),
          Map.entry("jun", 6),
          Map.entry("july", 7),
          Map.entry("jul", 7),
          Map.entry("august", 8),
          Map.entry("aug", 8),
          Map.entry("september", 9),
          Map.entry("sep", 9),
          Map.entry("sept", 9),
          Map.entry("october", 10),
          Map.entry("oct", 10),
          Map.entry("november", 11),
          Map.entry("nov", 11),
          Map.entry("december", 12),
          Map.entry("dec", 12));

  private static final String MONTH =
      "(january|february|march|april|may|june|july|august|september|october|november|december"
          + "|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)\\.?";
  private static final String YEAR = "(1[89]\\d\\d|2[01]\\d\\d)";
  private static final String ORDINAL_QUARTER = "(first|second|third|fourth|1st|2nd|3rd|4th)";
  private static final String ORDINAL_PART =
      "(first|second|third|fourth|1st|2nd|3rd|4th|last|final)";

  /** One alternative per atom shape; the group layout of each is read by {@link #atom}. */
  private enum Shape {
    ISO_DAY("(?<![\\d/.-])" + YEAR + "-(\\d{1,2})-(\\d{1,2})(?![\\d/-])"),
    YMD_SLASH("(?<![\\d/.-])" + YEAR + "/(\\d{1,2})/(\\d{1,2})(?![\\d/])"),
    MDY_SLASH("(?<![\\d/.-])(\\d{1,2})/(\\d{1,2})/" + YEAR + "(?![\\d/])"),
    MONTH_DAY_YEAR("\\b" + MONTH + "\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+" + YEAR + "\\b"),
    DAY_MONTH_YEAR(
        "\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?" + MONTH + ",?\\s+" + YEAR + "\\b"),
    // "the second week of March 1997", "the last week of May 2022": seven days of the month
    WEEK_OF_MONTH(
        "\\b(?:the\\s+)?"
            + ORDINAL_PART
            + "\\s+week\\s+(?:of\\s+)?"
            + MONTH
            + ",?\\s+(?:of\\s+)?"
            + YEAR
            + "\\b"),
    // "the first half of 1998", "the second half of 1997"
    HALF_YEAR(
        "\\b(?:the\\s+)?(first|second|1st|2nd|last)\\s+half\\s+(?:of\\s+)?(?:the\\s+year\\s+)?"
            + YEAR
            + "\\b"),
    // "the 1980s", "the 1990's": ten years from the one ending in 0
    DECADE("\\b(?:the\\s+)?(1[89]\\d0|20[0-9]0)'?s\\b"),
    MONTH_YEAR("\\b" + MONTH + ",?\\s+(?:of\\s+)?" + YEAR + "\\b"),
    ISO_MONTH("(?<![\\d/.-])" + YEAR + "-(\\d{2})(?![\\d/-])"),
    QUARTER_Q("\\bq([1-4])\\s*(?:of\\s+)?" + YEAR + "\\b"),
    YEAR_Q("\\b" + YEAR + "\\s*-?\\s*q([1-4])\\b"),
    ORDINAL_Q("\\b(?:the\\s+)?" + ORDINAL_QUARTER + "\\s+quarter\\s+(?:of\\s+)?" + YEAR + "\\b"),
    YEAR_ONLY("(?<![\\d,.$/-])(?:(?:the\\s+)?year\\s+)?" + YEAR + "(?![\\d/]|[.,]\\d|-\\d)");

    final Pattern pattern;

    Shape(String regex) {
      this.pattern = Pattern.compile(regex, Pattern.CASE_INSENSITIVE);
    }
  }

  private static final Pattern RELATIVE_COUNT =
      Pattern.compile(
          "\\b(?:the\\s+)?(?:last|past|previous|recent|latest)\\s+(\\d{1,3}|two|three|four|five|six"
              + "|seven|eight|nine|ten|eleven|twelve)\\s+(day|week|month|quarter|year)s?\\b",
          Pattern.CASE_INSENSITIVE);
  private static final Pattern RELATIVE_ONE =
      Pattern.compile(
          "\\b(?:the\\s+)?(last|past|previous|prior|this|current|latest|most\\s+recent)\\s+"
              // "the last week of May 2022" is a week of that month, not the data's last week
              + "(day|week|month|quarter|year)\\b(?!\\s+of\\s+(?:the\\s+year\\s+)?\\w*\\d|\\s+of\\s+"
              + MONTH
              + ")",
          Pattern.CASE_INSENSITIVE);
  private static final Pattern YEAR_TO_DATE =
      Pattern.compile("\\b(?:year\\s+to\\s+date|ytd)\\b", Pattern.CASE_INSENSITIVE);

  private static final Pattern PAIR_JOIN =
      Pattern.compile("^\\s*(?:and|to|through|thru|until|till|-|–)\\s*$", Pattern.CASE_INSENSITIVE);
  private static final Pattern PAIR_OPEN =
      Pattern.compile("\\b(between|from)\\s*$", Pattern.CASE_INSENSITIVE);

  /** "between 1000 and", "from 500 to": a range whose first end is a number, not a date. */
  private static final Pattern NUMBER_RANGE_OPEN =
      Pattern.compile(
          "\\b(?:between|from)\\s+\\$?\\d[\\d.,]*\\s*(?:and|to|-|–)\\s*$",
          Pattern.CASE_INSENSITIVE);

  private static final Pattern BOUND =
      Pattern.compile(
          "\\b(before|prior\\s+to|earlier\\s+than|after|later\\s+than|since|starting(?:\\s+from|\\s+in)?"
              + "|from|until|till|through|up\\s+to|by|in|on|during|of|for)\\s*$",
          Pattern.CASE_INSENSITIVE);

  private record Atom(int start, int end, Period period) {}

  private TimeExpressionParser() {}

  /**
   * The time expressions of {@code text}, in order, not overlapping.
   *
   * @param latest the data's latest date, for relative expressions; when null they are not
   *     recognised (a caller without data cannot resolve "last quarter")
   * @throws IllegalArgumentException for a date that does not exist ("2/30/1997"), with a message
   *     that names it
   */
  public static List<TimeExpression> parse(String text, LocalDate latest) {
    List<Atom> atoms = atoms(text);
    List<TimeExpression> out = new ArrayList<>();
    if (latest != null) {
      relative(text, latest, out);
    }
    for (int i = 0; i < atoms.size(); i++) {
      Atom a = atoms.get(i);
      if (overlapsAny(out, a.start, a.end)) {
        continue;
      }
      if (i + 1 < atoms.size()) {
        Atom b = atoms.get(i + 1);
        Matcher open = PAIR_OPEN.matcher(text.substring(0, a.start));
        if (PAIR_JOIN.matcher(text.substring(a.end, b.start)).matches() && open.find()) {
          out.add(
              new TimeExpression(
                  open.start(),
                  b.end,
                  Relation.BETWEEN,
                  a.period,
                  b.period,
                  text.substring(open.start(), b.end)));
          i++;
          continue;
        }
      }
      if (NUMBER_RANGE_OPEN.matcher(text.substring(0, a.start)).find()) {
        continue; // "an amount between 1000 and 2000": the end of a range of numbers, no year
      }
      int start = a.start;
      Relation relation = Relation.WITHIN;
      Matcher bound = BOUND.matcher(text.substring(0, a.start));
      if (bound.find()) {
        relation = relation(bound.group(1));
        start = bound.start();
      }
      out.add(
          new TimeExpression(start, a.end, relation, a.period, null, text.substring(start, a.end)));
    }
    out.sort(Comparator.comparingInt(TimeExpression::start));
    return List.copyOf(out);
  }

  private static Relation relation(String word) {
    String w = word.toLowerCase(Locale.ROOT).replaceAll("\\s+", " ");
    if (w.equals("before") || w.equals("prior to") || w.equals("earlier than")) {
      return Relation.BEFORE;
    }
    if (w.equals("after") || w.equals("later than")) {
      return Relation.AFTER;
    }
    if (w.startsWith("since") || w.startsWith("starting") || w.equals("from")) {
      return Relation.SINCE;
    }
    if (w.equals("until")
        || w.equals("till")
        || w.equals("through")
        || w.equals("up to")
        || w.equals("by")) {
      return Relation.UNTIL;
    }
    return Relation.WITHIN;
  }

  private static List<Atom> atoms(String text) {
    List<Atom> atoms = new ArrayList<>();
    for (Shape shape : Shape.values()) {
      Matcher m = shape.pattern.matcher(text);
      while (m.find()) {
        if (overlapsAtom(atoms, m.start(), m.end())) {
          continue;
        }
        Period p = atom(shape, m);
        if (p != null) {
          atoms.add(new Atom(m.start(), m.end(), p));
        }
      }
    }
    atoms.sort(Comparator.comparingInt(Atom::start));
    borrowYears(text, atoms);
    return atoms;
  }

  // "from June to July 2022", "between March and May 1997", "June vs July 2005", "June and July
  // 2005": the first month has no year of its own
  private static final Pattern BARE_MONTH_OPENING_PAIR =
      Pattern.compile(
          "(?i)(?:\\b(?:between|from)\\s+([a-z]+)\\.?\\s*(?:and|to|through|thru|until|till|-|–)"
              + "|\\b([a-z]+)\\.?\\s*(?:vs\\.?|versus|against|compared to|compared with|and|or))"
              + "\\s*$");

  /**
   * A month named without a year at the start of a pair whose second end is a month of a year takes
   * that year (the year before when the month comes later in the calendar).
   */
  private static void borrowYears(String text, List<Atom> atoms) {
    List<Atom> borrowed = new ArrayList<>();
    for (Atom b : atoms) {
      if (b.period().grain() != io.assay.pick.TimeGrain.MONTH) {
        continue;
      }
      Matcher m = BARE_MONTH_OPENING_PAIR.matcher(text.substring(0, b.start()));
      int g = !m.find() ? 0 : m.group(1) != null ? 1 : 2;
      Integer month = g == 0 ? null : MONTHS.get(m.group(g).toLowerCase(Locale.ROOT));
      if (month == null || overlapsAtom(atoms, m.start(g), m.end(g))) {
        continue;
      }
      int year = b.period().from().getYear();
      int later = b.period().from().getMonthValue();
      borrowed.add(
          new Atom(m.start(g), m.end(g), Period.month(month <= later ? year : year - 1, month)));
    }
    if (!borrowed.isEmpty()) {
      atoms.addAll(borrowed);
      atoms.sort(Comparator.comparingInt(Atom::start));
    }
  }

  private static Period atom(Shape shape, Matcher m) {
    try {
      return switch (shape) {
        case ISO_DAY, YMD_SLASH -> Period.day(date(m.group(), int1(m, 1), int1(m, 2), int1(m, 3)));
        case MDY_SLASH -> {
          int a = int1(m, 1);
          int b = int1(m, 2);
          int y = int1(m, 3);
          // Month first as in US usage, unless the first number cannot be a month.
          yield a > 12
              ? Period.day(date(m.group(), y, b, a))
              : Period.day(date(m.group(), y, a, b));
        }
        case MONTH_DAY_YEAR ->
            Period.day(date(m.group(), int1(m, 3), month(m.group(1)), int1(m, 2)));
        case DAY_MONTH_YEAR ->
            Period.day(date(m.group(), int1(m, 3), month(m.group(2)), int1(m, 1)));
        case MONTH_YEAR -> {
          // "may 1997" is a month, but "may" alone is a verb: it only matches with a year here.
          yield Period.month(int1(m, 2), month(m.group(1)));
        }
        case WEEK_OF_MONTH -> weekOfMonth(ordinalOrLast(m.group(1)), month(m.group(2)), int1(m, 3));
        case HALF_YEAR -> {
          int y = int1(m, 2);
          yield ordinalOrLast(m.group(1)) == 1
              ? new Period(LocalDate.of(y, 1, 1), LocalDate.of(y, 6, 30), TimeGrain.MONTH)
              : new Period(LocalDate.of(y, 7, 1), LocalDate.of(y, 12, 31), TimeGrain.MONTH);
        }
        case ISO_MONTH -> {
          int month = int1(m, 2);
          yield month >= 1 && month <= 12 ? Period.month(int1(m, 1), month) : null;
        }
        case QUARTER_Q -> Period.quarter(int1(m, 2), int1(m, 1));
        case YEAR_Q -> Period.quarter(int1(m, 1), int1(m, 2));
        case ORDINAL_Q -> Period.quarter(int1(m, 2), ordinal(m.group(1)));
        case YEAR_ONLY -> Period.year(int1(m, 1));
        case DECADE -> {
          int y = int1(m, 1);
          yield new Period(LocalDate.of(y, 1, 1), LocalDate.of(y + 9, 12, 31), TimeGrain.YEAR);
        }
      };
    } catch (DateTimeException e) {
      throw new IllegalArgumentException(
          "'" + m.group() + "' is not a valid date: " + e.getMessage());
    }
  }

  /** The n-th seven days of a month (the last: its final seven), read day by day. */
  private static Period weekOfMonth(int n, int month, int year) {
    java.time.YearMonth ym = java.time.YearMonth.of(year, month);
    LocalDate from = n < 0 ? ym.atEndOfMonth().minusDays(6) : ym.atDay(1).plusWeeks(n - 1L);
    return new Period(from, from.plusDays(6), TimeGrain.DAY);
  }

  /** 1 to 4 for an ordinal word, -1 for "last" or "final". */
  private static int ordinalOrLast(String word) {
    String w = word.toLowerCase(Locale.ROOT);
    return w.equals("last") || w.equals("final") ? -1 : ordinal(w);
  }

  private static LocalDate date(String written, int year, int month, int day) {
    try {
      return LocalDate.of(year, month, day);
    } catch (DateTimeException e) {
      throw new IllegalArgumentException("'" + written + "' is not a valid date");
    }
  }

  private static void relative(String text, LocalDate latest, List<TimeExpression> out) {
    Matcher m = RELATIVE_COUNT.matcher(text);
    while (m.find()) {
      int n = count(m.group(1));
      TimeGrain grain = grain(m.group(2));
      if (n < 1) {
        continue;
      }
      Period last = Period.containing(latest, grain);
      Period first = last.minus(n - 1);
      out.add(
          new TimeExpression(
              m.start(),
              m.end(),
              Relation.WITHIN,
              new Period(first.from(), last.to(), grain),
              null,
              m.group()));
    }
    m = RELATIVE_ONE.matcher(text);
    while (m.find()) {
      if (overlapsAny(out, m.start(), m.end())) {
        continue;
      }
      String which = m.group(1).toLowerCase(Locale.ROOT).replaceAll("\\s+", " ");
      TimeGrain grain = grain(m.group(2));
      Period current = Period.containing(latest, grain);
      Period p;
      if (which.equals("this")
          || which.equals("current")
          || which.equals("latest")
          || which.equals("most recent")) {
        p = current;
      } else {
        // "last quarter": the most recent complete quarter of the data. When the latest date
        // closes its period, that period is complete and is the one meant.
        p = latest.equals(current.to()) ? current : current.minus(1);
      }
      out.add(new TimeExpression(m.start(), m.end(), Relation.WITHIN, p, null, m.group()));
    }
    m = YEAR_TO_DATE.matcher(text);
    while (m.find()) {
      if (!overlapsAny(out, m.start(), m.end())) {
        Period p = new Period(LocalDate.of(latest.getYear(), 1, 1), latest, TimeGrain.DAY);
        out.add(new TimeExpression(m.start(), m.end(), Relation.WITHIN, p, null, m.group()));
      }
    }
  }

  private static boolean overlapsAny(List<TimeExpression> found, int start, int end) {
    return found.stream().anyMatch(t -> t.overlaps(start, end));
  }

  private static boolean overlapsAtom(List<Atom> found, int start, int end) {
    return found.stream().anyMatch(a -> start < a.end && end > a.start);
  }

  private static int int1(Matcher m, int group) {
    return Integer.parseInt(m.group(group));
  }

  private static int month(String name) {
    Integer month = MONTHS.get(name.toLowerCase(Locale.ROOT).replace(".", ""));
    if (month == null) {
      throw new IllegalArgumentException("unknown month '" + name + "'");
    }
    return month;
  }

  private static int ordinal(String word) {
    return switch (word.toLowerCase(Locale.ROOT)) {
      case "first", "1st" -> 1;
      case "second", "2nd" -> 2;
      case "third", "3rd" -> 3;
      default -> 4;
    };
  }

  private static int count(String word) {
    String w = word.toLowerCase(Locale.ROOT);
    // The patterns admit only "two".."twelve" or digits; Words knows every number word.
    Integer n = Words.NUMBER_WORDS.get(w);
    return n != null ? n : Integer.parseInt(w);
  }

  private static TimeGrain grain(String word) {
    return TimeGrain.valueOf(word.toUpperCase(Locale.ROOT));
  }
}
