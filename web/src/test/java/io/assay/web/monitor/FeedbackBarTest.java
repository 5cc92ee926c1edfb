package io.assay.web.monitor;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.contract.monitor.Verdict;
import io.assay.store.FeedbackRecord;
import java.time.OffsetDateTime;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * "Not an incident" withholds alerts of the marked kind only: the cases an operator would try. The
 * scan's threshold is 4.0 throughout; scores are in typical errors.
 */
class FeedbackBarTest {
  private static final double THRESHOLD = 4.0;

  private static FeedbackBar.Mark mark(
      Verdict v, String metric, YearMonth month, Double score, String direction) {
    return mark(v, metric, month, month, score, direction);
  }

  /** A verdict on the interval {@code first} to {@code last}. */
  private static FeedbackBar.Mark mark(
      Verdict v, String metric, YearMonth first, YearMonth last, Double score, String direction) {
    return new FeedbackBar.Mark(
        new FeedbackRecord(
            1,
            "job-1",
            "mon-1",
            "job-1:0:trend_anomaly",
            metric,
            first.atDay(1),
            last.atEndOfMonth(),
            score,
            v,
            "a note",
            "alice",
            OffsetDateTime.of(2026, 12, 1, 9, 0, 0, 0, ZoneOffset.UTC)),
        direction,
        first.equals(last));
  }

  private static FeedbackBar.Mark notIncident(YearMonth month, double score, String direction) {
    return mark(Verdict.NOT_INCIDENT, "cash", month, score, direction);
  }

  /** The decision on a single-period interval flagged in {@code month}. */
  private static FeedbackBar.Decision latest(
      String metric, YearMonth month, String direction, double score, FeedbackBar.Mark... marks) {
    return since(month, metric, month, direction, score, marks);
  }

  /** The decision on an interval {@code first} to {@code month} flagged in {@code month}. */
  private static FeedbackBar.Decision since(
      YearMonth first,
      String metric,
      YearMonth month,
      String direction,
      double score,
      FeedbackBar.Mark... marks) {
    return FeedbackBar.decide(
        new FeedbackBar.Flagged(
            metric,
            first.toString(),
            month.toString(),
            direction,
            first.equals(month),
            score,
            first.atDay(1),
            month.atEndOfMonth(),
            THRESHOLD),
        List.of(marks));
  }

  private static final YearMonth MARKED = YearMonth.of(1997, 3);

  @Test
  void aFalseAlarmWeakerThanTheRealIncidentsWithholdsOnlyItsKind() {
    FeedbackBar.Mark m = notIncident(MARKED, 5.0, "rise");
    YearMonth later = YearMonth.of(1997, 8);
    // As weak as the marked one or weaker: withheld, and the reason names who marked what.
    FeedbackBar.Decision weak = latest("cash", later, "rise", 5.05, m);
    assertThat(weak.alert()).isFalse();
    assertThat(weak.withheldBy()).isSameAs(m);
    assertThat(weak.reason())
        .contains("August 1997", "alice marked March 1997 (rise, score 5.0) not an incident")
        .contains("single-period rises of cash alert from a score of 5.1 until March 1998")
        .contains("weaker");
    assertThat(latest("cash", later, "rise", 4.2, m).alert()).isFalse();
    // Stronger real incidents, the other direction, another metric: all alert.
    FeedbackBar.Decision strong = latest("cash", later, "rise", 7.3, m);
    assertThat(strong.alert()).isTrue();
    assertThat(strong.reason()).contains("score 7.3", "stronger than the 5.1");
    assertThat(latest("cash", later, "rise", 5.2, m).alert()).isTrue();
    assertThat(latest("cash", later, "drop", 4.5, m).alert()).isTrue();
    assertThat(latest("loans", later, "rise", 4.5, m).alert()).isTrue();
  }

  @Test
  void theMarkedPeriodItselfIsNeverAlertedOnAgainWhateverItsScore() {
    FeedbackBar.Mark m = notIncident(MARKED, 5.0, "rise");
    FeedbackBar.Decision again = latest("cash", MARKED, "rise", 15.0, m);
    assertThat(again.alert()).isFalse();
    assertThat(again.reason()).contains("not alerted on again");
    // Not on another metric's run of that month.
    assertThat(latest("loans", MARKED, "rise", 15.0, m).alert()).isTrue();
  }

  @Test
  void aFalseAlarmStrongerThanTheRealIncidentsIsBounded() {
    // Marked at 12: the bar stops at twice the threshold, so anything from 8.0 still alerts.
    FeedbackBar.Mark big = notIncident(MARKED, 12.0, "drop");
    YearMonth later = YearMonth.of(1997, 6);
    assertThat(latest("cash", later, "drop", 8.0, big).alert()).isTrue();
    assertThat(latest("cash", later, "drop", 7.9, big).alert()).isFalse();
    assertThat(FeedbackBar.bar("cash", "drop", true, later.atEndOfMonth(), THRESHOLD, List.of(big)))
        .get()
        .satisfies(b -> assertThat(b.limit()).contains("twice the threshold, 8.0"));
    // A drop people marked a real incident at 6.0 bounds it further: 6.0 alerts again.
    FeedbackBar.Mark real =
        mark(Verdict.REAL_INCIDENT, "cash", YearMonth.of(1996, 11), 6.0, "drop");
    assertThat(latest("cash", later, "drop", 6.0, big, real).alert()).isTrue();
    assertThat(latest("cash", later, "drop", 5.9, big, real).alert()).isFalse();
    // A real rise does not bound drops.
    FeedbackBar.Mark realRise =
        mark(Verdict.REAL_INCIDENT, "cash", YearMonth.of(1996, 11), 5.0, "rise");
    assertThat(latest("cash", later, "drop", 7.0, big, realRise).alert()).isFalse();
    // The ceiling holds for a high approved threshold too.
    assertThat(
            FeedbackBar.bar(
                "cash",
                "drop",
                true,
                later.atEndOfMonth(),
                15.0,
                List.of(notIncident(MARKED, 30, "drop"))))
        .get()
        .satisfies(b -> assertThat(b.bar()).isEqualTo(FeedbackBar.CEILING));
  }

  @Test
  void severalMarksDoNotAddUpTheStrongestWithinReachSetsTheBar() {
    FeedbackBar.Mark a = notIncident(YearMonth.of(1997, 2), 4.6, "rise");
    FeedbackBar.Mark b = notIncident(YearMonth.of(1997, 4), 5.5, "rise");
    FeedbackBar.Mark c = notIncident(YearMonth.of(1997, 5), 5.0, "rise");
    YearMonth later = YearMonth.of(1997, 9);
    FeedbackBar.Decision d = latest("cash", later, "rise", 5.55, a, b, c);
    assertThat(d.alert()).isFalse();
    assertThat(d.withheldBy()).isSameAs(b);
    assertThat(latest("cash", later, "rise", 5.6, a, b, c).alert()).isTrue();
  }

  @Test
  void aMarkExpiresAYearOfDataAfterItsIntervalAndReachesAYearBefore() {
    FeedbackBar.Mark m = notIncident(MARKED, 6.0, "rise");
    assertThat(latest("cash", YearMonth.of(1998, 3), "rise", 5.0, m).alert()).isFalse();
    assertThat(latest("cash", YearMonth.of(1998, 4), "rise", 5.0, m).alert()).isTrue();
    // A backfill of earlier months: within a year before, withheld; before that, alerted.
    assertThat(latest("cash", YearMonth.of(1996, 4), "rise", 5.0, m).alert()).isFalse();
    assertThat(latest("cash", YearMonth.of(1996, 2), "rise", 5.0, m).alert()).isTrue();
  }

  @Test
  void aMarkBelowTheThresholdOrWithoutScoreOrOtherVerdictsWithholdNothing() {
    YearMonth later = YearMonth.of(1997, 6);
    assertThat(latest("cash", later, "rise", 4.1, notIncident(MARKED, 3.0, "rise")).alert())
        .isTrue();
    assertThat(
            latest(
                    "cash",
                    later,
                    "rise",
                    4.1,
                    mark(Verdict.NOT_INCIDENT, "cash", MARKED, null, "rise"),
                    mark(Verdict.EXPECTED, "cash", MARKED, 9.0, "rise"),
                    mark(Verdict.REAL_INCIDENT, "cash", MARKED, 9.0, "rise"))
                .alert())
        .isTrue();
    assertThat(latest("cash", later, "rise", 4.1).reason())
        .isEqualTo("trend_anomaly flagged the latest period, June 1997 (rise, score 4.1)");
  }

  @Test
  void aMarkWhoseDirectionIsUnknownCountsForBoth() {
    FeedbackBar.Mark m =
        new FeedbackBar.Mark(notIncident(MARKED, 5.0, "rise").feedback(), null, null);
    YearMonth later = YearMonth.of(1997, 6);
    assertThat(latest("cash", later, "rise", 4.5, m).alert()).isFalse();
    assertThat(latest("cash", later, "drop", 4.5, m).alert()).isFalse();
    assertThat(latest("cash", later, "drop", 5.5, m).alert()).isTrue();
  }

  @Test
  void aMarkOnASustainedRiseWithholdsItsLastPeriodAndWeakerSustainedRisesNotSpikes() {
    // Marked: a rise from March to June 1997, scoring 11.4 (the bar stops at 8.0).
    FeedbackBar.Mark shift =
        mark(Verdict.NOT_INCIDENT, "cash", MARKED, YearMonth.of(1997, 6), 11.4, "rise");
    YearMonth june = YearMonth.of(1997, 6);
    assertThat(since(MARKED, "cash", june, "rise", 11.4, shift).alert()).isFalse();
    // March alerted in a run of its own, as a one-month spike: another kind, still alerts.
    assertThat(latest("cash", MARKED, "rise", 5.1, shift).alert()).isTrue();
    // The rise going on into July: as strong as the bar allows alerts, weaker is withheld.
    assertThat(since(MARKED, "cash", YearMonth.of(1997, 7), "rise", 10.9, shift).alert()).isTrue();
    FeedbackBar.Decision weaker = since(MARKED, "cash", YearMonth.of(1997, 7), "rise", 6.0, shift);
    assertThat(weaker.alert()).isFalse();
    assertThat(weaker.reason())
        .contains("July 1997 (since March 1997, rise, score 6.0)")
        .contains("rises over several periods of cash alert from a score of 8.0");
    // A single-month spike in November weaker than the bar: still alerts.
    assertThat(latest("cash", YearMonth.of(1997, 11), "rise", 7.9, shift).alert()).isTrue();
  }

  @Test
  void theReportSaysWhatAMarkWithholdsAndWhatStillAlerts() {
    FeedbackBar.Mark m = notIncident(MARKED, 5.23, "rise");
    assertThat(FeedbackBar.describe(m, THRESHOLD, List.of(m)))
        .isEqualTo(
            "Feedback applied: alice marked March 1997 (rise, score 5.2) not an incident"
                + " (\"a note\"), so that period is not alerted on again, and single-period"
                + " rises of cash scoring under 5.3 are not alerted on until March 1998; stronger"
                + " ones, drops and deviations over several periods still alert.");
    FeedbackBar.Mark big = notIncident(MARKED, 12.0, "drop");
    assertThat(FeedbackBar.describe(big, THRESHOLD, List.of(big)))
        .contains("scoring under 8.0", "(the bar stops at twice the threshold, 8.0)");
    assertThat(FeedbackBar.describe(notIncident(MARKED, 3.0, "drop"), THRESHOLD, List.of()))
        .endsWith("so that period is not alerted on again.");
  }
}
