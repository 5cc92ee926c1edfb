package io.assay.web.monitor;

import io.assay.contract.monitor.Verdict;
import io.assay.report.words.Periods;
import io.assay.store.FeedbackRecord;
import java.time.LocalDate;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * What "not an incident" marks do to a monitor's alerts. They are applied when the alert is
 * decided, after the scan: the detector runs with the threshold people approved, so its baselines
 * and scores are the same with or without feedback. A mark withholds alerts of <em>its kind</em>
 * only: the same metric, the same direction, the same shape (a single period, or a run of several),
 * scoring less than the marked interval did plus {@link #MARGIN}, within {@link #REACH_YEARS} of
 * data time either side of it. A stronger deviation, one in the other direction or of the other
 * shape, on another metric or long after the mark still alerts. The marked period itself (the last
 * of the marked interval, the one its run alerted on) is never alerted on again, however it scores
 * in a later window; the interval's earlier periods had runs of their own and are judged by kind
 * and strength.
 *
 * <p>Bounds: the bar a mark sets never exceeds {@link #MAX_FACTOR} times the scan's threshold nor
 * {@link #CEILING}, and never reaches the score of an interval people marked a real incident (same
 * metric and direction): a score that was real once always alerts. Several marks do not add up: the
 * strongest one within reach sets the bar.
 */
final class FeedbackBar {
  /** How far above a marked score a deviation must go to alert again (scores show one decimal). */
  static final double MARGIN = 0.1;

  /** The bar rises at most to this multiple of the scan's threshold. */
  static final double MAX_FACTOR = 2;

  /** trend_anomaly's own upper bound for its threshold. */
  static final double CEILING = 20;

  /** How long, in data time either side of the marked interval, a mark withholds its kind. */
  static final int REACH_YEARS = 1;

  private static final DateTimeFormatter MONTH =
      DateTimeFormatter.ofPattern("MMMM yyyy", Locale.ENGLISH);

  private FeedbackBar() {}

  /**
   * A verdict with the direction of the interval it was given on.
   *
   * @param direction "rise" or "drop"; null when the marked scan cannot be read any more (such a
   *     mark then counts for both directions)
   * @param single whether the marked interval is a single period; null when unknown (both shapes)
   */
  record Mark(FeedbackRecord feedback, String direction, Boolean single) {
    boolean sameKind(String metric, String dir, Boolean one) {
      return feedback.metric().equals(metric)
          && (direction == null || dir == null || direction.equals(dir))
          && (single == null || one == null || single.equals(one));
    }

    /** Whether a flagged interval ending {@code to} ends in the marked period itself. */
    boolean marks(LocalDate to) {
      return to.equals(feedback.intervalTo());
    }

    /** Whether the mark still counts for a period ending {@code to}. */
    boolean reaches(LocalDate to) {
      return !to.isAfter(feedback.intervalTo().plusYears(REACH_YEARS))
          && !to.isBefore(feedback.intervalFrom().minusYears(REACH_YEARS));
    }

    /** The last day of data for which it counts. */
    LocalDate lastDay() {
      return feedback.intervalTo().plusYears(REACH_YEARS);
    }
  }

  /**
   * The interval a scan flagged in its latest period.
   *
   * @param first the interval's first period, ISO ("1997-03")
   * @param latest the latest period, ISO ("1997-07"): the interval's last
   * @param direction "rise" or "drop"
   * @param single whether the interval is a single period
   * @param score |score| in typical errors
   * @param threshold the scan's threshold: the score from which a period counts as unusual
   */
  record Flagged(
      String metric,
      String first,
      String latest,
      String direction,
      boolean single,
      double score,
      LocalDate from,
      LocalDate to,
      double threshold) {}

  /**
   * The score from which deviations of one metric and direction alert, and the mark that set it.
   *
   * @param limit what stopped the bar below the mark's score plus the margin, or null
   */
  record Bar(double bar, Mark setBy, String limit) {}

  /**
   * Whether a flagged latest period alerts, and why in words; {@code withheldBy} null if it does.
   */
  record Decision(boolean alert, Mark withheldBy, String reason) {}

  /** Whether a flagged latest period alerts, given the monitor's marks. */
  static Decision decide(Flagged f, List<Mark> marks) {
    String flagged =
        "trend_anomaly flagged the latest period, "
            + Periods.show(f.latest(), null)
            + " ("
            + (f.single() ? "" : "since " + Periods.show(f.first(), null) + ", ")
            + f.direction()
            + ", score "
            + fmt(f.score())
            + ")";
    for (Mark m : marks) {
      if (m.feedback().verdict() == Verdict.NOT_INCIDENT
          && m.feedback().metric().equals(f.metric())
          && m.marks(f.to())) {
        return new Decision(
            false,
            m,
            flagged
                + ", but "
                + m.feedback().givenBy()
                + " marked "
                + period(m.feedback().intervalFrom(), m.feedback().intervalTo())
                + " not an incident"
                + note(m.feedback())
                + ", so it is not alerted on again");
      }
    }
    Optional<Bar> bar = bar(f.metric(), f.direction(), f.single(), f.to(), f.threshold(), marks);
    if (bar.isEmpty()) {
      return new Decision(true, null, flagged);
    }
    Bar b = bar.get();
    if (f.score() < b.bar()) {
      return new Decision(
          false,
          b.setBy(),
          flagged
              + ", but "
              + marked(b.setBy())
              + ", so "
              + kind(f.direction(), f.single())
              + " of "
              + f.metric()
              + " alert from a score of "
              + fmt(b.bar())
              + " until "
              + b.setBy().lastDay().format(MONTH)
              + "; this one is weaker");
    }
    return new Decision(
        true,
        null,
        flagged
            + ", stronger than the "
            + fmt(b.bar())
            + " from which "
            + kind(f.direction(), f.single())
            + " of "
            + f.metric()
            + " alert since "
            + marked(b.setBy()));
  }

  /**
   * The bar the "not an incident" marks within reach of {@code to} put on one metric and direction;
   * empty when none rises above {@code threshold}.
   */
  static Optional<Bar> bar(
      String metric,
      String direction,
      Boolean single,
      LocalDate to,
      double threshold,
      List<Mark> marks) {
    double cap = Math.min(CEILING, threshold * MAX_FACTOR);
    String limit =
        cap == CEILING ? "the ceiling of " + fmt(CEILING) : "twice the threshold, " + fmt(cap);
    Double lowestReal = null;
    for (Mark m : marks) {
      FeedbackRecord f = m.feedback();
      if (f.verdict() == Verdict.REAL_INCIDENT
          && f.score() != null
          && m.sameKind(metric, direction, single)) {
        lowestReal = lowestReal == null ? f.score() : Math.min(lowestReal, f.score());
      }
    }
    if (lowestReal != null && lowestReal < cap) {
      cap = lowestReal;
      limit = "the score " + fmt(lowestReal) + " of an interval marked a real incident";
    }
    Bar best = null;
    for (Mark m : marks) {
      FeedbackRecord f = m.feedback();
      if (f.verdict() != Verdict.NOT_INCIDENT
          || f.score() == null
          || !m.sameKind(metric, direction, single)
          || !m.reaches(to)) {
        continue;
      }
      double wanted = f.score() + MARGIN;
      double bar = Math.min(wanted, cap);
      if (bar > threshold && (best == null || bar > best.bar())) {
        best = new Bar(bar, m, wanted > cap ? limit : null);
      }
    }
    return Optional.ofNullable(best);
  }

  /** What a "not an incident" mark does to a run, in words for its report. */
  static String describe(Mark m, double threshold, List<Mark> marks) {
    FeedbackRecord f = m.feedback();
    StringBuilder s =
        new StringBuilder("Feedback applied: ")
            .append(marked(m))
            .append(", so that period is not alerted on again");
    Optional<Bar> bar =
        f.score() == null
            ? Optional.empty()
            : bar(
                f.metric(),
                m.direction(),
                m.single(),
                f.intervalTo(),
                threshold,
                withRealOnes(m, marks));
    if (bar.isPresent()) {
      String kind = kind(m.direction(), m.single());
      s.append(", and ")
          .append(kind)
          .append(" of ")
          .append(f.metric())
          .append(" scoring under ")
          .append(fmt(bar.get().bar()))
          .append(" are not alerted on until ")
          .append(m.lastDay().format(MONTH));
      if (bar.get().limit() != null) {
        s.append(" (the bar stops at ").append(bar.get().limit()).append(")");
      }
      s.append("; stronger ones")
          .append(m.direction() == null ? "" : ", " + kind(opposite(m.direction()), null))
          .append(m.single() == null ? "" : " and " + kind(null, !m.single()))
          .append(" still alert");
    }
    return s.append('.').toString();
  }

  /** The mark itself and the real-incident marks that bound it. */
  private static List<Mark> withRealOnes(Mark m, List<Mark> marks) {
    return java.util.stream.Stream.concat(
            java.util.stream.Stream.of(m),
            marks.stream().filter(x -> x.feedback().verdict() == Verdict.REAL_INCIDENT))
        .toList();
  }

  /** "alice marked June 1997 (rise, score 5.2) not an incident ("a bonus month")". */
  private static String marked(Mark m) {
    FeedbackRecord f = m.feedback();
    String what =
        f.score() == null
            ? ""
            : " ("
                + (m.direction() == null ? "" : m.direction() + ", ")
                + "score "
                + fmt(f.score())
                + ")";
    return f.givenBy()
        + " marked "
        + period(f.intervalFrom(), f.intervalTo())
        + what
        + " not an incident"
        + note(f);
  }

  /** "rises", "single-period drops", "deviations over several periods". */
  private static String kind(String direction, Boolean single) {
    String what =
        direction == null
            ? "deviations"
            : switch (direction) {
              case "rise" -> "rises";
              case "drop" -> "drops";
              default -> "deviations";
            };
    if (single == null) {
      return what;
    }
    return single ? "single-period " + what : what + " over several periods";
  }

  private static String opposite(String direction) {
    return direction.equals("rise") ? "drop" : "rise";
  }

  /** Days as people write periods: "June 1997", "March 1997 to June 1997", "3 March 1997". */
  static String period(LocalDate from, LocalDate to) {
    return Periods.inText(from.equals(to) ? from.toString() : from + ".." + to);
  }

  static String note(FeedbackRecord f) {
    return f.note() == null || f.note().isBlank() ? "" : " (\"" + f.note().strip() + "\")";
  }

  static String fmt(double d) {
    return String.format(Locale.ROOT, "%.1f", d);
  }
}
