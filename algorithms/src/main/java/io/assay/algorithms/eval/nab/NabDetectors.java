package io.assay.algorithms.eval.nab;

import io.assay.algorithms.anomaly.stream.PatternNovelty;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The detectors {@code assay eval nab --detector NAME} can run. Each has its default settings and
 * the few variants its cross-validation chooses among ({@code --cv}); the variants are every value
 * of a tunable setting that was tried on the dev split, so the cross-validated figure pays for that
 * tuning.
 */
public final class NabDetectors {
  /** A named detector, its default, and its cross-validation variants. */
  public record Entry(
      String name, String label, RowDetector detector, List<NabCrossValidation.Variant> variants) {}

  /** The default of {@code assay eval nab}: it has the better cross-validated figure. */
  public static final String DEFAULT = "pattern";

  private NabDetectors() {}

  public static List<Entry> all() {
    return List.of(pattern(), holtWinters());
  }

  public static Optional<Entry> named(String name) {
    return all().stream().filter(e -> e.name().equals(name)).findFirst();
  }

  public static List<String> names() {
    return all().stream().map(Entry::name).toList();
  }

  /** Runs a pattern-novelty setting with NAB's probation as its warm-up. */
  public static RowDetector pattern(PatternNovelty.Settings settings) {
    PatternNovelty detector = new PatternNovelty(settings);
    return file -> detector.score(file.values(), file.probationLength());
  }

  /**
   * Pattern novelty. Tuned: blocks in the warm-up (50, or ARTime's 104), the calibration quantile
   * (0.95, 0.99), the escalation needed to report again (1, 1.5) and one or two scales. Fixed by
   * principle: a pattern of 8 blocks (ARTime's window), suppression over one pattern length, the 5
   * % range-breach margin of NAB's Numenta detector, a breach at least one mean absolute step
   * beyond the old extreme, and the point jump measured against the median of one block of rows.
   */
  static Entry pattern() {
    List<NabCrossValidation.Variant> variants = new ArrayList<>();
    for (double blocks : new double[] {50, 104}) {
      for (double quantile : new double[] {0.95, 0.99}) {
        for (double escalation : new double[] {1, 1.5}) {
          for (int scales = 1; scales <= 2; scales++) {
            PatternNovelty.Settings s =
                new PatternNovelty.Settings(blocks, 8, quantile, escalation, scales, 0.05);
            variants.add(
                new NabCrossValidation.Variant(
                    "blocks "
                        + (int) blocks
                        + ", q "
                        + quantile
                        + ", escalation "
                        + escalation
                        + ", scales "
                        + scales,
                    pattern(s)));
          }
        }
      }
    }
    return new Entry(
        "pattern",
        "assay pattern novelty (discords, point jumps, range breach)",
        pattern(PatternNovelty.DEFAULT),
        variants);
  }

  /**
   * The earlier detector (Holt-Winters residuals, window score, anomaly likelihood). Its variants:
   * window score length (3, 10) and range-breach margin (off, 5 %, 10 %).
   */
  static Entry holtWinters() {
    List<NabCrossValidation.Variant> variants = new ArrayList<>();
    for (int window : new int[] {3, 10}) {
      for (double tolerance : new double[] {0, 0.05, 0.1}) {
        NabDetector.Settings d = NabDetector.DEFAULT;
        variants.add(
            new NabCrossValidation.Variant(
                "window " + window + ", margin " + tolerance,
                new NabDetector(
                    new NabDetector.Settings(
                        window,
                        d.refitEvery(),
                        d.fitRows(),
                        d.averagingWindow(),
                        tolerance,
                        d.useLikelihood()))));
      }
    }
    return new Entry(
        "holt-winters",
        "assay (Holt-Winters + window score + likelihood)",
        new NabDetector(),
        variants);
  }
}
