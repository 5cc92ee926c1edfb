package io.assay.web.monitor;

import io.assay.analyses.support.Periods;
import io.assay.analyses.trend.TrendAnomaly;
import io.assay.contract.monitor.MonitorRun.AppliedFeedback;
import io.assay.contract.monitor.Verdict;
import io.assay.contract.plan.PlanStep;
import io.assay.store.FeedbackRecord;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A monitor's run adapting to what people said about its earlier alerts, within bounds. For the
 * metric a trend_anomaly step scans:
 *
 * <ul>
 *   <li>"expected": the intervals' periods go to {@code expected_periods}, which keeps them out of
 *       every baseline and unflagged (robust detector only: the other one refuses the argument);
 *   <li>"not an incident": the scan itself is left as approved (its threshold also sets the
 *       detector's baselines and how a run of unusual periods is confirmed, so raising it changes
 *       the scores of real incidents too); the alert decision withholds deviations of the marked
 *       kind instead ({@link FeedbackBar}). This run's report says what each such mark does.
 * </ul>
 *
 * Each piece of feedback that counts for the run is reported as an {@link AppliedFeedback}.
 */
final class FeedbackTuning {
  static final String EXPECTED_PERIODS = TrendAnomaly.EXPECTED_PERIODS;

  private final List<FeedbackBar.Mark> marks;
  private final boolean expectedPeriodsSupported;
  private final LocalDate windowTo;
  private final List<AppliedFeedback> applied = new ArrayList<>();

  /**
   * @param marks the verdict that counts per interval (the latest one), with its direction
   * @param expectedPeriodsSupported whether trend_anomaly takes {@code expected_periods}
   * @param windowTo the last day of the run's window: the period its alert is decided on
   */
  FeedbackTuning(
      List<FeedbackBar.Mark> marks, boolean expectedPeriodsSupported, LocalDate windowTo) {
    this.marks = List.copyOf(marks);
    this.expectedPeriodsSupported = expectedPeriodsSupported;
    this.windowTo = windowTo;
  }

  List<AppliedFeedback> applied() {
    return List.copyOf(applied);
  }

  /** The step with its expected periods tuned; other steps unchanged. */
  PlanStep tune(PlanStep step) {
    if (step == null || !step.analysis().equals(TrendAnomaly.NAME)) {
      return step;
    }
    String metric = String.valueOf(step.args().get("metric"));
    List<FeedbackBar.Mark> mine =
        marks.stream().filter(m -> m.feedback().metric().equals(metric)).toList();
    if (mine.isEmpty()) {
      return step;
    }
    double threshold = number(step.args().get("threshold"), defaultThreshold());
    for (FeedbackBar.Mark m : mine) {
      if (m.feedback().verdict() == Verdict.NOT_INCIDENT
          && (windowTo == null || m.reaches(windowTo))) {
        applied.add(
            new AppliedFeedback(
                m.feedback().givenBy(),
                m.feedback().givenAt().toInstant().toString(),
                FeedbackBar.describe(m, threshold, mine)));
      }
    }
    if (!expectedPeriodsSupported || !robust(step)) {
      return step;
    }
    Map<String, Object> args = new LinkedHashMap<>(step.args());
    List<String> expected = new ArrayList<>();
    if (args.get(EXPECTED_PERIODS) instanceof List<?> given) {
      given.forEach(p -> expected.add(String.valueOf(p)));
    }
    for (FeedbackBar.Mark m : mine) {
      FeedbackRecord f = m.feedback();
      if (f.verdict() != Verdict.EXPECTED) {
        continue;
      }
      // trend_anomaly names each expected period by its first day at the step's grain.
      for (LocalDate first :
          Periods.buckets(RollingPlan.grain(step), f.intervalFrom(), f.intervalTo())) {
        if (!expected.contains(first.toString())) {
          expected.add(first.toString());
        }
      }
      applied.add(
          new AppliedFeedback(
              f.givenBy(),
              f.givenAt().toInstant().toString(),
              "Feedback applied: "
                  + FeedbackBar.period(f.intervalFrom(), f.intervalTo())
                  + " was marked expected"
                  + FeedbackBar.note(f)
                  + " by "
                  + f.givenBy()
                  + ", so it is never flagged and is kept out of the baselines of "
                  + metric
                  + "."));
    }
    if (expected.isEmpty()) {
      return step;
    }
    args.put(EXPECTED_PERIODS, expected);
    return step.withArgs(args);
  }

  /** Whether the step runs the robust detector, the one that takes expected periods. */
  private static boolean robust(PlanStep step) {
    Object detector = step.args().get("detector");
    return detector == null
        || String.valueOf(detector).strip().toLowerCase(Locale.ROOT).equals("robust");
  }

  private static double defaultThreshold() {
    return io.assay.algorithms.anomaly.robust.RobustParams.ENTER;
  }

  private static double number(Object value, double otherwise) {
    if (value instanceof Number n) {
      return n.doubleValue();
    }
    if (value != null) {
      try {
        return Double.parseDouble(value.toString());
      } catch (NumberFormatException e) {
        return otherwise;
      }
    }
    return otherwise;
  }
}
