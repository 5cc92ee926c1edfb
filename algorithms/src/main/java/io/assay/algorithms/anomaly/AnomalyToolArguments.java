package io.assay.algorithms.anomaly;

import io.assay.algorithms.forecast.SeriesValues;
import io.assay.algorithms.text.PyFormat;
import java.util.ArrayList;
import java.util.List;

/**
 * Arguments of the {@code anomaly_detection} tool (spec A9). {@code detectionRange} null selects
 * single-window mode. Constraints: detection_range null or >= 2, stride null or 1..200, weights in
 * [0, 3].
 */
public record AnomalyToolArguments(
    String reasoning,
    List<?> inputData,
    Integer detectionRange,
    String frequency,
    Integer stride,
    String targetColumn,
    Integer inputLength,
    double dropWeight,
    double riseWeight) {

  public AnomalyToolArguments {
    if (frequency == null) {
      frequency = "hourly";
    }
    if (targetColumn == null) {
      targetColumn = SeriesValues.DEFAULT_TARGET_COLUMN;
    }
  }

  /** Arguments with the tool defaults: hourly, column {@code value}, weights 1.0. */
  public static AnomalyToolArguments of(List<?> inputData, Integer detectionRange) {
    return new AnomalyToolArguments(
        "", inputData, detectionRange, "hourly", null, null, null, 1.0, 1.0);
  }

  /** The argument-validation problems, empty when the arguments are acceptable. */
  public List<String> problems() {
    List<String> out = new ArrayList<>();
    if (inputData == null) {
      out.add("input_data is required.");
    }
    if (detectionRange != null && detectionRange < 2) {
      out.add("detection_range (" + detectionRange + ") must be at least 2.");
    }
    if (stride != null && (stride < 1 || stride > 200)) {
      out.add("stride (" + stride + ") must be between 1 and 200.");
    }
    if (!(dropWeight >= 0 && dropWeight <= 3)) {
      out.add("drop_weight (" + PyFormat.str(dropWeight) + ") must be between 0 and 3.");
    }
    if (!(riseWeight >= 0 && riseWeight <= 3)) {
      out.add("rise_weight (" + PyFormat.str(riseWeight) + ") must be between 0 and 3.");
    }
    return out;
  }
}
