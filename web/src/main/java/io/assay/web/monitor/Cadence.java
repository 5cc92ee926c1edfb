package io.assay.web.monitor;

import io.assay.pick.TimeGrain;
import io.temporal.client.schedules.ScheduleIntervalSpec;
import io.temporal.client.schedules.ScheduleSpec;
import java.time.Duration;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.springframework.scheduling.support.CronExpression;

/**
 * When a monitor runs: a cron expression (five fields, in the monitor's time zone) or an interval
 * in words ("1 month", "every 2 weeks"). Calendar intervals (days and longer) run at 06:00 in the
 * time zone, once the night's data is in; minutes and hours are plain intervals.
 *
 * @param kind {@code cron} or {@code every}
 * @param text the expression as given
 * @param cron the cron expression Temporal runs (for calendar intervals too); null for a plain one
 * @param interval the plain interval; null for a calendar one
 */
record Cadence(String kind, String text, ZoneId zone, String cron, Duration interval) {
  private static final Pattern EVERY =
      Pattern.compile("(?:every\\s+)?(\\d{1,4})?\\s*(minute|hour|day|week|month|quarter|year)s?");
  private static final String AT = "0 6 ";

  /** Parses an interval in words or a cron expression; exactly one of them is given. */
  static Cadence of(String every, String cron, String timeZone) {
    ZoneId zone = zone(timeZone);
    boolean hasEvery = every != null && !every.isBlank();
    boolean hasCron = cron != null && !cron.isBlank();
    if (hasEvery == hasCron) {
      throw new CadenceException(
          hasEvery ? "cron" : "every",
          "give either 'every' (e.g. \"1 month\") or 'cron' (e.g. \"0 6 1 * *\"), not "
              + (hasEvery ? "both" : "neither"));
    }
    return hasEvery ? every(every.strip(), zone) : cron(cron.strip(), zone);
  }

  private static ZoneId zone(String timeZone) {
    if (timeZone == null || timeZone.isBlank()) {
      return ZoneId.of("UTC");
    }
    try {
      return ZoneId.of(timeZone.strip());
    } catch (java.time.DateTimeException e) {
      throw new CadenceException(
          "timeZone",
          "unknown time zone '" + timeZone + "'; use an IANA name such as Europe/Prague");
    }
  }

  private static Cadence every(String text, ZoneId zone) {
    Matcher m = EVERY.matcher(text.toLowerCase(Locale.ROOT));
    if (!m.matches()) {
      throw new CadenceException(
          "every",
          "'"
              + text
              + "' is not an interval; write a number and a unit: minutes, hours, days, weeks,"
              + " months, quarters or years (e.g. \"1 month\")");
    }
    int n = m.group(1) == null ? 1 : Integer.parseInt(m.group(1));
    if (n < 1) {
      throw new CadenceException("every", "the interval must be at least 1");
    }
    String unit = m.group(2);
    return switch (unit) {
      case "minute" -> plain(text, zone, Duration.ofMinutes(n));
      case "hour" -> plain(text, zone, Duration.ofHours(n));
      case "day" -> calendar(text, zone, n == 1 ? AT + "* * *" : AT + "*/" + n + " * *", n <= 31);
      case "week" ->
          n == 1
              ? calendar(text, zone, AT + "* * 1", true)
              : plain(text, zone, Duration.ofDays(7L * n));
      case "month" -> calendar(text, zone, AT + "1 " + (n == 1 ? "*" : "*/" + n) + " *", n <= 12);
      case "quarter" -> calendar(text, zone, AT + "1 */" + (3 * n) + " *", n <= 4);
      default -> calendar(text, zone, AT + "1 1 *", n == 1);
    };
  }

  private static Cadence plain(String text, ZoneId zone, Duration every) {
    return new Cadence("every", text, zone, null, every);
  }

  private static Cadence calendar(String text, ZoneId zone, String cron, boolean expressible) {
    if (!expressible) {
      throw new CadenceException(
          "every",
          "'" + text + "' cannot be written as a calendar schedule; give a cron expression");
    }
    return new Cadence("every", text, zone, cron, null);
  }

  private static Cadence cron(String text, ZoneId zone) {
    if (text.length() > 200 || text.chars().anyMatch(Character::isISOControl)) {
      throw new CadenceException("cron", "a cron expression is at most 200 plain characters");
    }
    String[] fields = text.split("\\s+");
    if (!text.startsWith("@") && fields.length != 5) {
      throw new CadenceException(
          "cron",
          "'"
              + text
              + "' has "
              + fields.length
              + " fields; a cron expression has five: minute hour day-of-month month day-of-week");
    }
    try {
      CronExpression.parse(text.startsWith("@") ? text : "0 " + text);
    } catch (IllegalArgumentException e) {
      throw new CadenceException(
          "cron", "invalid cron expression '" + text + "': " + e.getMessage());
    }
    return new Cadence("cron", text, zone, text, null);
  }

  /** The Temporal schedule spec of this cadence. */
  ScheduleSpec spec() {
    ScheduleSpec.Builder b = ScheduleSpec.newBuilder().setTimeZoneName(zone.getId());
    if (cron != null) {
      b.setCronExpressions(List.of(cron));
    } else {
      b.setIntervals(List.of(new ScheduleIntervalSpec(interval)));
    }
    return b.build();
  }

  /** How many runs fall in {@code [from, to]}, counting at most {@code max}. */
  int count(java.time.Instant from, java.time.Instant to, int max) {
    if (interval != null) {
      long n = Duration.between(from, to).toSeconds() / Math.max(1, interval.toSeconds()) + 1;
      return (int) Math.min(n, max);
    }
    CronExpression expr = CronExpression.parse(cron.startsWith("@") ? cron : "0 " + cron);
    int n = 0;
    ZonedDateTime t = expr.next(from.atZone(zone).minusSeconds(1));
    while (t != null && !t.toInstant().isAfter(to) && n < max) {
      n++;
      t = expr.next(t);
    }
    return n;
  }

  /** The shortest time between two runs over the next year or so. */
  Duration shortestGap(ZonedDateTime from) {
    if (interval != null) {
      return interval;
    }
    CronExpression expr = CronExpression.parse(cron.startsWith("@") ? cron : "0 " + cron);
    Duration shortest = null;
    ZonedDateTime t = expr.next(from.withZoneSameInstant(zone));
    for (int i = 0; i < 60 && t != null; i++) {
      ZonedDateTime next = expr.next(t);
      if (next == null) {
        break;
      }
      Duration gap = Duration.between(t, next);
      shortest = shortest == null || gap.compareTo(shortest) < 0 ? gap : shortest;
      t = next;
    }
    if (shortest == null) {
      throw new CadenceException("cron", "'" + text + "' never runs");
    }
    return shortest;
  }

  /**
   * Refuses a cadence finer than the plan's periods: a run more often than a period ends would find
   * no new complete period.
   */
  void requireAtLeast(TimeGrain grain, ZonedDateTime now) {
    Duration gap = shortestGap(now);
    Duration period =
        switch (grain) {
          case DAY -> Duration.ofHours(23);
          case WEEK -> Duration.ofDays(7).minusHours(1);
          case MONTH -> Duration.ofDays(28).minusHours(1);
          case QUARTER -> Duration.ofDays(89).minusHours(1);
          case YEAR -> Duration.ofDays(365).minusHours(1);
        };
    if (gap.compareTo(period) < 0) {
      String word = grain.name().toLowerCase(Locale.ROOT);
      throw new CadenceException(
          kind,
          "'"
              + text
              + "' runs more often than the plan's "
              + grain.adjective()
              + " periods (runs can be "
              + words(gap)
              + " apart), so most runs would find no new complete "
              + word
              + "; run at most once a "
              + word);
    }
  }

  private static String words(Duration d) {
    if (d.toDays() >= 1) {
      return d.toDays() + " day(s)";
    }
    if (d.toHours() >= 1) {
      return d.toHours() + " hour(s)";
    }
    return d.toMinutes() + " minute(s)";
  }

  /** A cadence that cannot be used; {@code field} names the request field at fault. */
  static final class CadenceException extends IllegalArgumentException {
    private final String field;

    CadenceException(String field, String message) {
      super(message);
      this.field = field;
    }

    String field() {
      return field;
    }
  }
}
