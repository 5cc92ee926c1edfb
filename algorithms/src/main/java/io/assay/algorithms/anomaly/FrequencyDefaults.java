package io.assay.algorithms.anomaly;

import java.util.Locale;

/**
 * Evaluation window and stride implied by a frequency string (spec A7). The tests are substring
 * tests on the lower-cased string, in a fixed order; codes like {@code H} or {@code D} fall through
 * to the last row, as in the reference.
 */
public record FrequencyDefaults(int evaluationWindow, int stride) {

  /** Defaults for a frequency string; null counts as empty. */
  public static FrequencyDefaults of(String frequency) {
    String f = frequency == null ? "" : frequency.toLowerCase(Locale.ROOT);
    int window = f.contains("min") ? 6 : 3;
    int stride;
    if (f.contains("min") || f.contains("hour")) {
      stride = 12;
    } else if (f.contains("day") || f.equals("daily")) {
      stride = 7;
    } else if (f.contains("week") || f.contains("month")) {
      stride = 4;
    } else {
      stride = 10;
    }
    return new FrequencyDefaults(window, stride);
  }
}
