package io.assay.algorithms.anomaly.stream;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * A streaming detector for series with no labels: a row is unusual when the recent shape of the
 * series is far from everything the series did before, or when its value leaves the range seen so
 * far. One anomaly score in [0, 1) per row, each from the rows up to its own; deterministic.
 *
 * <ol>
 *   <li><b>Scale from the warm-up.</b> Rows are averaged in blocks of {@code warmUp /
 *       blocksInWarmUp} rows, so the warm-up holds that many blocks whatever the sampling rate: the
 *       detector looks at a series at the scale on which it can have learnt it. A second scale with
 *       blocks four times longer catches slow drifts (settings {@code scales}).
 *   <li><b>Pattern novelty.</b> At every block end, the pattern of the last {@code patternBlocks}
 *       block means is compared with every earlier pattern that does not overlap it; its novelty is
 *       the Euclidean distance to the nearest one (a causal discord, as in kNN-CAD, ARTime's
 *       new-category test and contextOSE's unseen contexts).
 *   <li><b>Calibration.</b> Novelty is divided by the {@code quantile} of all earlier novelties of
 *       that scale, so 1 means "as novel as the rare tail of this series so far". The ratio is
 *       unit-free, which lets one alarm threshold serve series of any level and noise.
 *   <li><b>Suppression.</b> A block's ratio is reported only if it exceeds {@code escalation} times
 *       the largest ratio of the previous {@code patternBlocks} blocks, so a sustained or growing
 *       anomaly raises one alarm, not one per block.
 *   <li><b>Point jump.</b> Block means dilute a single odd row, so each row is also compared with
 *       the median of the block of rows before it; its distance from that median, divided by the
 *       largest such distance so far, is a second ratio (above 1: a local jump larger than any
 *       before, such as a spike inside the range the series already covers). It needs no
 *       suppression: the next report must beat the new record.
 *   <li><b>Range breach.</b> A value beyond the range seen so far by more than {@code
 *       spatialTolerance} of that range scores the maximum, as NAB's Numenta detector does, if it
 *       also passes the old extreme by more than the mean absolute step between consecutive rows so
 *       far: a new extreme no larger than an ordinary move is what noise or a slow trend produces
 *       every so often, not a surprise.
 * </ol>
 *
 * The larger reported ratio {@code r} becomes the score {@code r / (1 + r)}; a range breach scores
 * 1. Rows of the warm-up score 0; novelties are calibrated from the middle of the warm-up on.
 */
public final class PatternNovelty {
  /**
   * @param blocksInWarmUp blocks the warm-up is cut into (sets the block length)
   * @param patternBlocks block means in one pattern, and the suppression horizon in blocks
   * @param quantile the quantile of earlier novelties a novelty is divided by
   * @param escalation how much a ratio must exceed the recent ones to be reported
   * @param scales 1: the base block length only; 2: also blocks four times longer
   * @param spatialTolerance range breach margin as a fraction of the range so far; 0 turns it off
   */
  public record Settings(
      double blocksInWarmUp,
      int patternBlocks,
      double quantile,
      double escalation,
      int scales,
      double spatialTolerance) {
    public Settings {
      if (!(blocksInWarmUp >= 1)
          || patternBlocks < 1
          || !(quantile > 0 && quantile <= 1)
          || !(escalation >= 1)
          || scales < 1
          || scales > 4
          || !(spatialTolerance >= 0)) {
        throw new IllegalArgumentException("invalid pattern-novelty settings");
      }
    }
  }

  /**
   * The variant of {@code NabDetectors}' list that the cross-validation's own rule (best raw score
   * at the best threshold) picks on the whole NAB dev split, so the cross-validated figure measures
   * the procedure that chose it.
   */
  public static final Settings DEFAULT = new Settings(50, 8, 0.95, 1.5, 2, 0.05);

  private static final int SCALE_FACTOR = 4;

  private final Settings settings;

  public PatternNovelty() {
    this(DEFAULT);
  }

  public PatternNovelty(Settings settings) {
    this.settings = settings;
  }

  public Settings settings() {
    return settings;
  }

  /**
   * Scores every row of a series.
   *
   * @param values the series, oldest first
   * @param warmUp rows the detector learns from before its scores count (they score 0)
   */
  public double[] score(double[] values, int warmUp) {
    int n = values.length;
    int base = Math.max(1, (int) Math.round(warmUp / settings.blocksInWarmUp()));
    double[] ratio = pointRatios(values, base);
    int block = base;
    for (int k = 0; k < settings.scales(); k++, block *= SCALE_FACTOR) {
      double[] r = reportedRatios(values, warmUp, block);
      for (int t = 0; t < n; t++) {
        ratio[t] = Math.max(ratio[t], r[t]);
      }
    }
    double[] out = new double[n];
    double min = Double.POSITIVE_INFINITY;
    double max = Double.NEGATIVE_INFINITY;
    double stepSum = 0; // of |values[i] - values[i - 1]| for the rows before t
    for (int t = 0; t < n; t++) {
      double margin = (max - min) * settings.spatialTolerance();
      double excess = Math.max(values[t] - max, min - values[t]);
      boolean breach =
          settings.spatialTolerance() > 0
              && t >= settings.patternBlocks()
              && max > min
              && excess > margin
              && excess > stepSum / (t - 1);
      if (t > 0) {
        stepSum += Math.abs(values[t] - values[t - 1]);
      }
      min = Math.min(min, values[t]);
      max = Math.max(max, values[t]);
      if (t >= warmUp) {
        out[t] = breach ? 1.0 : ratio[t] / (1 + ratio[t]);
      }
    }
    return out;
  }

  /**
   * Per row: its distance from the median of the {@code max(block, 3)} rows before it, divided by
   * the largest such distance of the rows before it (0 while that is 0).
   */
  static double[] pointRatios(double[] values, int block) {
    int n = values.length;
    int k = Math.max(3, block);
    double[] out = new double[n];
    if (n <= k) {
      return out;
    }
    double[] sorted = Arrays.copyOf(values, k); // the k rows before t, in order of value
    Arrays.sort(sorted);
    double record = 0;
    for (int t = k; t < n; t++) {
      double deviation = Math.abs(values[t] - sorted[k / 2]);
      out[t] = record > 0 ? deviation / record : 0;
      record = Math.max(record, deviation);
      slide(sorted, values[t - k], values[t]);
    }
    return out;
  }

  /** Replaces one occurrence of {@code leaving} by {@code entering}, keeping the array sorted. */
  private static void slide(double[] sorted, double leaving, double entering) {
    int i = Arrays.binarySearch(sorted, leaving);
    while (i > 0 && sorted[i - 1] == leaving) {
      i--;
    }
    // Shift neighbours over the freed slot until entering fits.
    while (i > 0 && sorted[i - 1] > entering) {
      sorted[i] = sorted[i - 1];
      i--;
    }
    while (i < sorted.length - 1 && sorted[i + 1] < entering) {
      sorted[i] = sorted[i + 1];
      i++;
    }
    sorted[i] = entering;
  }

  /** Per row: the calibrated novelty reported at the block ending there, else 0. */
  private double[] reportedRatios(double[] values, int warmUp, int block) {
    int n = values.length;
    int w = settings.patternBlocks();
    double[] means = new double[n / block];
    double[] blockRatio = new double[means.length];
    double[] out = new double[n];
    List<Double> earlier = new ArrayList<>();
    int calibrateFrom = warmUp / 2;
    for (int k = 0; k < means.length; k++) {
      int end = (k + 1) * block; // exclusive; the block's last row is end - 1
      double sum = 0;
      for (int i = end - block; i < end; i++) {
        sum += values[i];
      }
      means[k] = sum / block;
      if (k < 2 * w - 1) {
        continue; // no earlier pattern that does not overlap this one
      }
      double novelty = nearestDistance(means, k, w);
      double r = 0;
      if (end - 1 >= calibrateFrom && !earlier.isEmpty()) {
        double q = quantile(earlier, settings.quantile());
        r = q > 0 ? novelty / q : novelty > 0 ? Double.MAX_VALUE : 0;
      }
      if (end - 1 >= calibrateFrom) {
        // Novelties from before the library held half the warm-up are inflated (nothing like
        // them was seen yet) and would blunt the calibration for good.
        int at = Collections.binarySearch(earlier, novelty);
        earlier.add(at < 0 ? -at - 1 : at, novelty);
      }
      blockRatio[k] = r;
      double recent = 0;
      for (int j = Math.max(0, k - w); j < k; j++) {
        recent = Math.max(recent, blockRatio[j]);
      }
      if (r > recent * settings.escalation()) {
        out[end - 1] = r;
      }
    }
    return out;
  }

  /** Distance from the pattern ending at block k to the nearest earlier non-overlapping one. */
  static double nearestDistance(double[] means, int k, int w) {
    double best = Double.POSITIVE_INFINITY;
    for (int j = w - 1; j <= k - w; j++) {
      double sum = 0;
      for (int i = 0; i < w && sum < best; i++) {
        double d = means[k - i] - means[j - i];
        sum += d * d;
      }
      best = Math.min(best, sum);
    }
    return Math.sqrt(best);
  }

  private static double quantile(List<Double> sorted, double q) {
    int i = (int) Math.min(sorted.size() - 1, Math.floor(q * (sorted.size() - 1)));
    return sorted.get(i);
  }
}
