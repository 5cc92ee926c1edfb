package io.assay.algorithms.forecast;

import java.util.regex.Pattern;

/**
 * Python's {@code float(x)} restricted to what the reference accepts for a metric value (spec A1):
 * numbers, numeric strings and booleans inside a row. NaN and infinity are rejected, as the spec
 * recommends, so that no non-finite value ever reaches the scoring.
 */
public final class PyFloat {
  private static final Pattern NUMERIC =
      Pattern.compile("[+-]?(\\d+(_\\d+)*(\\.(\\d+(_\\d+)*)?)?|\\.\\d+(_\\d+)*)([eE][+-]?\\d+)?");

  private PyFloat() {}

  /**
   * The finite double that Python's {@code float(value)} gives, or {@code null} when Python would
   * raise or the result is NaN/infinite.
   */
  public static Double parse(Object value) {
    double parsed;
    if (value instanceof Boolean b) {
      parsed = b ? 1.0 : 0.0;
    } else if (value instanceof Number n) {
      parsed = n.doubleValue();
    } else if (value instanceof String s) {
      String text = s.strip();
      if (!NUMERIC.matcher(text).matches()) {
        return null;
      }
      parsed = Double.parseDouble(text.replace("_", ""));
    } else {
      return null;
    }
    return Double.isFinite(parsed) ? parsed : null;
  }
}
