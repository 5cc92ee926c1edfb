package io.assay.algorithms.anomaly;

import static io.assay.algorithms.text.PyFormat.fixed;

import io.assay.algorithms.text.PyFormat;
import java.util.ArrayList;
import java.util.List;

/**
 * The reference's text reports (spec A8), byte for byte: numbers rounded like Python's {@code
 * format(x, '.kf')}.
 */
public final class AnomalyReport {
  private static final String ERROR_PREFIX = "Anomaly Detection Error: ";

  private AnomalyReport() {}

  /** Report of single-window scoring. */
  public static String format(EvaluationOutcome outcome) {
    if (outcome instanceof EvaluationOutcome.Failed failed) {
      return ERROR_PREFIX + failed.error();
    }
    WindowScore w = ((EvaluationOutcome.Scored) outcome).window();
    List<String> lines = new ArrayList<>();
    lines.add("🚨 Anomaly Detection Report");
    lines.add(scoreLine(w.score()));
    lines.add("");
    lines.add("Evaluation Summary:");
    lines.add("  • Window Size: " + w.windowSize() + " points");
    lines.add("  • Noise Scale (sigma): " + fixed(w.noiseScale(), 4));
    lines.add("  • Historical Anomaly Frequency: " + fixed(w.historicalAnomalyFrequency(), 4));
    lines.add("  • Frequency Dampener: x" + fixed(w.frequencyDampener(), 4));
    lines.add("  • Consecutive Anomalies: " + w.consecutiveAnomalies());
    lines.add("  • Duration Boost Applied: +" + fixed(w.durationBoost(), 4));
    lines.add("");
    lines.add("Detailed Point Evaluation (Oldest to Newest):");
    int number = 1;
    for (PointScore p : w.points()) {
      lines.add("  Point " + number++ + " (Weight: " + fixed(p.weight(), 2) + "):");
      lines.add(
          "    - Actual: "
              + fixed(p.actual(), 2)
              + " | Predicted: "
              + fixed(p.predicted(), 2)
              + " ("
              + p.direction().label()
              + ")");
      lines.add(
          "    - Z-Score: "
              + fixed(p.zScore(), 2)
              + " | Significance: "
              + fixed(p.significance(), 4));
      lines.add("    - Volume Factor: x" + fixed(p.volumeFactor(), 4));
      lines.add(
          "    - Point Severity: "
              + fixed(p.severity(), 4)
              + " | Contribution: "
              + fixed(p.contribution(), 4));
    }
    lines.add("");
    lines.add(
        w.score() > 0.6
            ? "💡 Insight: Significant anomaly detected. The actual values deviate substantially"
                + " from the expected pattern."
            : "💡 Insight: No significant anomaly detected. The data follows the expected pattern"
                + " closely.");
    return String.join("\n", lines);
  }

  /** Report of a range scan. */
  public static String format(RangeOutcome outcome) {
    if (outcome instanceof RangeOutcome.Failed failed) {
      return ERROR_PREFIX + failed.error();
    }
    RangeOutcome.Scanned scan = (RangeOutcome.Scanned) outcome;
    List<String> lines = new ArrayList<>();
    lines.add("🚨 Anomaly Range Detection Report");
    lines.add(scoreLine(scan.score()));
    lines.add("");
    lines.add("Scan Summary:");
    lines.add(
        "  • Detection Range: "
            + scan.detectionRange()
            + " points ("
            + PyFormat.str(scan.frequency())
            + ")");
    lines.add(
        "  • Stride (forecast horizon): "
            + scan.stride()
            + " | Evaluation Window: "
            + scan.evaluationWindow()
            + " | Forecast Calls: "
            + scan.forecastCalls());
    lines.add("  • Anomalous Intervals Found: " + scan.intervals().size());
    if (!scan.failedBlocks().isEmpty()) {
      lines.add(
          "  • ⚠️ Degraded: "
              + scan.failedBlocks().size()
              + " forecast block(s) failed and were skipped (those points were not scored).");
    }
    lines.add("");
    if (scan.intervals().isEmpty()) {
      lines.add("💡 Insight: No significant anomalous interval detected across the scanned range.");
      return String.join("\n", lines);
    }
    int number = 1;
    for (AnomalyInterval interval : scan.intervals()) {
      String span =
          interval.startTimestamp() != null && interval.endTimestamp() != null
              ? PyFormat.str(interval.startTimestamp())
                  + " → "
                  + PyFormat.str(interval.endTimestamp())
              : "index " + interval.startIndex() + ".." + interval.endIndex();
      lines.add("Interval " + number++ + " [" + span + "] (" + interval.direction().label() + "):");
      lines.add(
          "    - Length: "
              + interval.length()
              + " points | Peak: "
              + fixed(interval.peak(), 4)
              + " (Severity: "
              + SeverityBand.of(interval.peak()).label()
              + ") | Mean: "
              + fixed(interval.mean(), 4)
              + " | Area: "
              + fixed(interval.area(), 4));
    }
    lines.add("");
    lines.add(
        "💡 Insight: "
            + scan.intervals().size()
            + " anomalous interval(s) detected. The most severe peaks to a score of "
            + fixed(scan.score(), 4)
            + ".");
    return String.join("\n", lines);
  }

  private static String scoreLine(double score) {
    return "Overall Anomaly Score: "
        + fixed(score, 4)
        + " (Severity: "
        + SeverityBand.of(score).label()
        + ")";
  }
}
