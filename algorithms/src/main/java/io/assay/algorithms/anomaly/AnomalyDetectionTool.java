package io.assay.algorithms.anomaly;

import java.util.List;

/**
 * The {@code anomaly_detection} tool (spec A9): with a detection range, a range scan with the
 * default interval rules and the report of it; without, single-window scoring with the frequency's
 * window and smoothing 0.5. The result is the report text only. Invalid arguments give a one-line
 * error report instead of an exception, since the caller is usually a language model.
 */
public final class AnomalyDetectionTool {
  private final AnomalyDetector detector;

  public AnomalyDetectionTool(AnomalyDetector detector) {
    this.detector = detector;
  }

  /** Runs the tool and returns its report. */
  public String run(AnomalyToolArguments args) {
    List<String> problems = args.problems();
    if (!problems.isEmpty()) {
      return "Anomaly Detection Error: Invalid arguments: " + String.join(" ", problems);
    }
    ScoringWeights weights = new ScoringWeights(args.dropWeight(), args.riseWeight(), 0.5);
    if (args.detectionRange() != null) {
      RangeParams params =
          RangeParams.of(args.detectionRange(), args.frequency())
              .withStride(args.stride())
              .withTargetColumn(args.targetColumn())
              .withInputLength(args.inputLength())
              .withWeights(weights);
      return AnomalyReport.format(detector.scanRange(args.inputData(), params));
    }
    EvaluationParams params =
        EvaluationParams.forFrequency(args.frequency())
            .withTargetColumn(args.targetColumn())
            .withInputLength(args.inputLength())
            .withWeights(weights);
    return AnomalyReport.format(detector.evaluate(args.inputData(), params));
  }
}
