package io.assay.web.monitor;

import io.assay.analyses.trend.TrendAnomaly;
import io.assay.contract.monitor.MonitorRun.AppliedFeedback;
import io.assay.contract.monitor.Verdict;
import io.assay.contract.plan.PlanStep;
import io.assay.store.FeedbackRecord;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A monitor adapting to what people said about its earlier alerts, within bounds. For the metric a
 * trend_anomaly step scans:
 *
 * <ul>
 *   <li>"not an incident": the step's {@code threshold} rises just above the highest score among
 *       those intervals, so they would not have alerted; it never rises above {@link #CEILING}, nor
 *       above twice the approved threshold, nor to a score people marked "real incident";
 *   <li>"expected": the intervals' periods go to {@code expected_periods}, which keeps them out of
 *       the baselines of later periods.
 * </ul>
 *
 * Each change is reported as an {@link AppliedFeedback}, so the report says which feedback it used.
 */
final class FeedbackTuning {
  /** trend_anomaly's own upper bound for {@code threshold}. */
  static final double CEILING = 20;

  /** The threshold rises at most to this multiple of the approved one. */
  static final double MAX_FACTOR = 2;

  /** How far above a "not an incident" score the threshold goes. */
  static final double MARGIN = 0.1;

  static final String EXPECTED_PERIODS = "expected_periods";

  private final List<FeedbackRecord> feedback;
  private final boolean expectedPeriodsSupported;
  private final List<AppliedFeedback> applied = new ArrayList<>();

  /**
   * @param feedback the verdict that counts per interval (the latest one)
   * @param expectedPeriodsSupported whether trend_anomaly takes {@code expected_periods}
   */
  FeedbackTuning(List<FeedbackRecord> feedback, boolean expectedPeriodsSupported) {
    this.feedback = List.copyOf(feedback);
    this.expectedPeriodsSupported = expectedPeriodsSupported;
  }

  List<AppliedFeedback> applied() {
    return List.copyOf(applied);
  }

  /** The step with its threshold and expected periods tuned; other steps unchanged. */
  PlanStep tune(PlanStep step) {
    if (step == null || !step.analysis().equals(TrendAnomaly.NAME)) {
      return step;
    }
    String metric = String.valueOf(step.args().get("metric"));
    List<FeedbackRecord> mine = feedback.stream().filter(f -> f.metric().equals(metric)).toList();
    if (mine.isEmpty()) {
      return step;
    }
    Map<String, Object> args = new LinkedHashMap<>(step.args());
    double base = number(args.get("threshold"), defaultThreshold());
    double raised = raisedThreshold(base, mine);
    if (raised > base) {
      args.put("threshold", raised);
    }
    if (expectedPeriodsSupported) {
      List<String> expected = new ArrayList<>();
      if (args.get(EXPECTED_PERIODS) instanceof List<?> given) {
        given.forEach(p -> expected.add(String.valueOf(p)));
      }
      for (FeedbackRecord f : mine) {
        if (f.verdict() == Verdict.EXPECTED) {
          // trend_anomaly names each expected period by its first day at the step's grain.
          for (java.time.LocalDate first :
              io.assay.analyses.support.Periods.buckets(
                  RollingPlan.grain(step), f.intervalFrom(), f.intervalTo())) {
            if (!expected.contains(first.toString())) {
              expected.add(first.toString());
            }
          }
          applied.add(
              new AppliedFeedback(
                  f.givenBy(),
                  f.givenAt().toInstant().toString(),
                  "Feedback applied: "
                      + describe(f)
                      + " was marked expected"
                      + note(f)
                      + ", so it is kept out of the baselines of "
                      + metric
                      + "."));
        }
      }
      if (!expected.isEmpty()) {
        args.put(EXPECTED_PERIODS, expected);
      }
    }
    return step.withArgs(args);
  }

  private double raisedThreshold(double base, List<FeedbackRecord> mine) {
    double cap = Math.min(CEILING, base * MAX_FACTOR);
    Double lowestReal = null;
    for (FeedbackRecord f : mine) {
      if (f.verdict() == Verdict.REAL_INCIDENT && f.score() != null) {
        lowestReal = lowestReal == null ? f.score() : Math.min(lowestReal, f.score());
      }
    }
    double threshold = base;
    for (FeedbackRecord f : mine) {
      if (f.verdict() != Verdict.NOT_INCIDENT || f.score() == null || f.score() < base) {
        continue;
      }
      double wanted = Math.ceil((f.score() + MARGIN) * 10) / 10;
      double bound = cap;
      String limit = "the ceiling of " + fmt(cap);
      if (lowestReal != null && lowestReal < bound) {
        bound = lowestReal;
        limit = "the score " + fmt(lowestReal) + " of an interval marked a real incident";
      }
      double next = Math.min(wanted, bound);
      boolean silenced = wanted <= bound;
      if (next > threshold) {
        threshold = next;
      }
      applied.add(
          new AppliedFeedback(
              f.givenBy(),
              f.givenAt().toInstant().toString(),
              "Feedback applied: "
                  + describe(f)
                  + " (score "
                  + fmt(f.score())
                  + ") was marked not an incident"
                  + note(f)
                  + (silenced
                      ? ", so the alert threshold of " + f.metric() + " rose to " + fmt(next) + "."
                      : ", but the alert threshold of "
                          + f.metric()
                          + " may rise only to "
                          + limit
                          + ", so it is "
                          + fmt(Math.max(threshold, base))
                          + " and such an interval can still alert.")));
    }
    return threshold;
  }

  private static String describe(FeedbackRecord f) {
    return f.intervalFrom().equals(f.intervalTo())
        ? f.intervalFrom().toString()
        : "the interval " + f.intervalFrom() + " to " + f.intervalTo();
  }

  private static String note(FeedbackRecord f) {
    return f.note() == null || f.note().isBlank() ? "" : " (\"" + f.note().strip() + "\")";
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

  static String fmt(double d) {
    return String.format(Locale.ROOT, "%.1f", d);
  }
}
