package io.assay.algorithms.eval.nab;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * NAB scoring as its {@code sweeper.py} does it: each row gets a sweep score (scaled sigmoid of its
 * position relative to the labelled windows, weighted by the profile), rows are swept from the
 * highest anomaly score down, and the raw score at each threshold is the sum of the false-positive
 * terms plus, per window, the best (earliest) detection or {@code -fnWeight}. A row is a detection
 * when its anomaly score is at or above the threshold.
 */
public final class NabScorer {
  /** Marker: the row lies in the probation period and is never scored. */
  static final int PROBATION = -2;

  /** Marker: the row lies outside every window. */
  static final int OUTSIDE = -1;

  private NabScorer() {}

  /** One scorable row: anomaly score, sweep score, and its window id or a marker. */
  record Row(double anomalyScore, double sweepScore, int window) {}

  /** Raw score and row counts at one threshold. */
  public record ThresholdScore(double threshold, double score, int tp, int tn, int fp, int fn) {}

  /** NAB's scaled sigmoid: 2*sigmoid(-5x) - 1, and exactly -1 from x = 3 on. */
  static double scaledSigmoid(double x) {
    if (x >= 3.0) {
      return -1.0;
    }
    return 2 * (1 / (1 + Math.exp(5 * x))) - 1.0;
  }

  /**
   * Sweep rows of one file. Window ids are {@code windowIdBase + index in file}, so rows of many
   * files can be pooled for a corpus-wide sweep.
   */
  static List<Row> sweepRows(NabFile file, double[] anomalyScores, NabProfile profile, int idBase) {
    if (anomalyScores.length != file.size()) {
      throw new IllegalArgumentException(
          file.name() + ": " + anomalyScores.length + " scores for " + file.size() + " rows");
    }
    double maxTp = scaledSigmoid(-1.0);
    int probation = file.probationLength();
    List<Row> rows = new ArrayList<>(file.size());
    List<NabFile.Window> windows = file.windows();
    int next = 0;
    int current = -1;
    int previousRight = -1;
    int previousWidth = 0;
    for (int i = 0; i < file.size(); i++) {
      if (current < 0 && next < windows.size() && i == windows.get(next).start()) {
        current = next++;
      }
      double sweep;
      if (current >= 0) {
        NabFile.Window w = windows.get(current);
        double position = -(w.end() - i + 1) / (double) w.width();
        sweep = scaledSigmoid(position) * profile.tpWeight() / maxTp;
      } else {
        double position =
            previousRight < 0 || previousWidth <= 1
                ? 3.0
                : Math.abs(previousRight - i) / (double) (previousWidth - 1);
        sweep = scaledSigmoid(position) * profile.fpWeight();
      }
      double score = anomalyScores[i];
      if (!Double.isFinite(score)) {
        throw new IllegalArgumentException(
            file.name() + ": anomaly score at row " + i + " is " + score);
      }
      int window = i < probation ? PROBATION : current >= 0 ? idBase + current : OUTSIDE;
      rows.add(new Row(score, sweep, window));
      if (current >= 0 && i == windows.get(current).end()) {
        previousRight = i;
        previousWidth = windows.get(current).width();
        current = -1;
      }
    }
    return rows;
  }

  /**
   * Scores at every distinct anomaly-score threshold, highest first; the first entry (threshold
   * 1.1) is the score with no detection.
   */
  static List<ThresholdScore> scoresByThreshold(
      List<Row> allRows, NabProfile profile, int windowIds) {
    List<Row> rows = new ArrayList<>();
    for (Row r : allRows) {
      if (r.window() != PROBATION) {
        rows.add(r);
      }
    }
    rows.sort(Comparator.comparingDouble(Row::anomalyScore).reversed());
    double[] best = new double[windowIds];
    boolean[] present = new boolean[windowIds];
    int tn = 0;
    int fn = 0;
    double total = 0;
    for (Row r : rows) {
      if (r.window() == OUTSIDE) {
        tn++;
      } else {
        fn++;
        if (!present[r.window()]) {
          present[r.window()] = true;
          best[r.window()] = -profile.fnWeight();
          total -= profile.fnWeight();
        }
      }
    }
    int tp = 0;
    int fp = 0;
    double fpSum = 0;
    List<ThresholdScore> out = new ArrayList<>();
    double threshold = 1.1;
    for (Row r : rows) {
      if (r.anomalyScore() != threshold) {
        out.add(new ThresholdScore(threshold, total + fpSum, tp, tn, fp, fn));
        threshold = r.anomalyScore();
      }
      if (r.window() == OUTSIDE) {
        fp++;
        tn--;
        fpSum += r.sweepScore();
      } else {
        tp++;
        fn--;
        int w = r.window();
        if (r.sweepScore() > best[w]) {
          total += r.sweepScore() - best[w];
          best[w] = r.sweepScore();
        }
      }
    }
    out.add(new ThresholdScore(threshold, total + fpSum, tp, tn, fp, fn));
    return out;
  }

  /** The score of one file at a given threshold, as NAB's {@code scoreDataSet} reports it. */
  public static ThresholdScore scoreFile(
      NabFile file, double[] anomalyScores, NabProfile profile, double threshold) {
    List<ThresholdScore> byThreshold =
        scoresByThreshold(
            sweepRows(file, anomalyScores, profile, 0), profile, file.windows().size());
    ThresholdScore previous = null;
    for (ThresholdScore s : byThreshold) {
      if (s.threshold() == threshold) {
        return s;
      }
      if (s.threshold() < threshold) {
        return previous;
      }
      previous = s;
    }
    return previous;
  }

  /**
   * The corpus result at a threshold chosen elsewhere (cross-validation: chosen on one fold, scored
   * on another): the raw score counts every row at or above {@code threshold} as a detection.
   */
  public static CorpusResult atThreshold(
      List<NabFile> files, List<double[]> scores, NabProfile profile, double threshold) {
    List<Row> all = new ArrayList<>();
    int idBase = 0;
    for (int f = 0; f < files.size(); f++) {
      all.addAll(sweepRows(files.get(f), scores.get(f), profile, idBase));
      idBase += files.get(f).windows().size();
    }
    ThresholdScore at = null;
    for (ThresholdScore s : scoresByThreshold(all, profile, idBase)) {
      if (s.threshold() < threshold) {
        break;
      }
      at = s;
    }
    if (at == null) {
      throw new IllegalArgumentException("threshold " + threshold + " is above every score");
    }
    return new CorpusResult(
        profile, threshold, at.score(), -profile.fnWeight() * idBase, profile.tpWeight() * idBase);
  }

  /** Corpus-wide threshold optimisation and normalisation for one profile. */
  public record CorpusResult(
      NabProfile profile, double threshold, double raw, double nullRaw, double perfectRaw) {
    /** 100 * (raw - null) / (perfect - null). */
    public double normalised() {
      return 100 * (raw - nullRaw) / (perfectRaw - nullRaw);
    }
  }

  /**
   * Chooses the one threshold with the best raw score over all files (ties: the higher threshold,
   * as NAB's stable sort keeps), and normalises with the null and perfect detectors.
   */
  public static CorpusResult optimise(
      List<NabFile> files, List<double[]> scores, NabProfile profile) {
    List<Row> all = new ArrayList<>();
    int idBase = 0;
    for (int f = 0; f < files.size(); f++) {
      all.addAll(sweepRows(files.get(f), scores.get(f), profile, idBase));
      idBase += files.get(f).windows().size();
    }
    List<ThresholdScore> byThreshold = scoresByThreshold(all, profile, idBase);
    ThresholdScore best = byThreshold.get(0);
    for (ThresholdScore s : byThreshold) {
      if (s.score() > best.score()) {
        best = s;
      }
    }
    return new CorpusResult(
        profile,
        best.threshold(),
        best.score(),
        -profile.fnWeight() * idBase,
        profile.tpWeight() * idBase);
  }
}
