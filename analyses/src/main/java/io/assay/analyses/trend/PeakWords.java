package io.assay.analyses.trend;

import io.assay.analyses.support.Figures;
import io.assay.analyses.support.Periods;
import io.assay.analyses.support.Series;
import io.assay.contract.finding.Derivation;
import io.assay.contract.finding.DisplayFormat;
import io.assay.contract.finding.Finding;
import io.assay.contract.finding.Operation;

/**
 * What both trend detectors say about the top interval: its span in words, the peak period's
 * actual, baseline and change figures, and the sentence quoting them. Only the baseline's name
 * differs (a forecast baseline, or a one-step baseline).
 */
final class PeakWords {
  private PeakWords() {}

  /**
   * The window in date placeholders: "{date:1997}" when it is one ISO period, else "{date:from} to
   * {date:to}" (its first day alone would misstate a longer window).
   */
  static String window(Periods.Range window) {
    String iso = window.isoPeriod();
    return iso != null
        ? "{date:" + iso + "}"
        : "{date:" + window.from() + "} to {date:" + window.to() + "}";
  }

  /** "{date:p}" for one period, else "the interval {date:a} to {date:b}" (absolute indices). */
  static String span(Series series, int start, int end, int peak) {
    return start == end
        ? "{date:" + series.iso(peak) + "}"
        : "the interval {date:" + series.iso(start) + "} to {date:" + series.iso(end) + "}";
  }

  /**
   * The peak figures ({@code peak_actual}, {@code peak_baseline}, {@code peak_change} and, when the
   * baseline is not zero, {@code peak_change_pct}) and the sentence quoting them.
   *
   * @param baselineTitle the baseline figure's label
   * @param baselineWords the baseline in the sentence, after "against a"
   */
  static void peak(
      Finding.Builder f,
      String iso,
      String title,
      String unit,
      DisplayFormat vf,
      Derivation actual,
      Derivation baseline,
      double baselineValue,
      String baselineTitle,
      String baselineWords) {
    f.figure(Figures.of("peak_actual", title + " in " + iso, unit, vf, actual));
    f.figure(Figures.of("peak_baseline", baselineTitle, unit, vf, baseline));
    f.figure(
        Figures.of(
            "peak_change",
            "Actual minus baseline in " + iso,
            unit,
            vf,
            Figures.combine(Operation.DIFFERENCE, actual, baseline)));
    boolean pct = baselineValue != 0;
    if (pct) {
      f.figure(
          Figures.of(
              "peak_change_pct",
              "Change against the baseline in " + iso,
              "",
              DisplayFormat.percent(1),
              Figures.combine(Operation.GROWTH, baseline, actual)));
    }
    f.statement(
        "In {date:"
            + iso
            + "} it was {fig:peak_actual} against a "
            + baselineWords
            + " of {fig:peak_baseline}, a difference of {fig:peak_change}"
            + (pct ? " ({fig:peak_change_pct})." : "."));
  }
}
