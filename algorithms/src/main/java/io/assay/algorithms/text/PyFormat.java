package io.assay.algorithms.text;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.Collection;
import java.util.StringJoiner;

/**
 * Python-compatible text for numbers and lists, so that reports and narratives match the reference
 * implementation byte for byte (spec section 0.2). {@code String.format} does not round the way
 * Python does, hence this class.
 */
public final class PyFormat {
  private PyFormat() {}

  /** Python's {@code format(x, '.kf')}: the exact binary value rounded half-to-even. */
  public static String fixed(double x, int decimals) {
    if (Double.isNaN(x)) {
      return "nan";
    }
    if (Double.isInfinite(x)) {
      return x > 0 ? "inf" : "-inf";
    }
    String text = new BigDecimal(x).setScale(decimals, RoundingMode.HALF_EVEN).toPlainString();
    boolean negative = x < 0 || (x == 0 && 1 / x < 0);
    if (negative && !text.startsWith("-")) {
      text = "-" + text;
    }
    return text;
  }

  /** {@code x*100} with fixed decimals, then a percent sign. */
  public static String percent(double x, int decimals) {
    return fixed(x * 100, decimals) + "%";
  }

  /**
   * Python's {@code str(float)}: shortest round-trip digits, scientific below 1e-4 or from 1e16.
   */
  public static String str(double x) {
    if (Double.isNaN(x)) {
      return "nan";
    }
    if (Double.isInfinite(x)) {
      return x > 0 ? "inf" : "-inf";
    }
    if (x == 0) {
      return (1 / x < 0) ? "-0.0" : "0.0";
    }
    BigDecimal shortest = new BigDecimal(Double.toString(x)).stripTrailingZeros();
    String digits = shortest.unscaledValue().abs().toString();
    int exponent = digits.length() - 1 - shortest.scale();
    String sign = x < 0 ? "-" : "";
    if (exponent < -4 || exponent >= 16) {
      String mantissa =
          digits.length() == 1 ? digits : digits.charAt(0) + "." + digits.substring(1);
      String exp =
          (exponent < 0 ? "-" : "+") + (Math.abs(exponent) < 10 ? "0" : "") + Math.abs(exponent);
      return sign + mantissa + "e" + exp;
    }
    String plain = shortest.abs().toPlainString();
    return sign + (plain.contains(".") ? plain : plain + ".0");
  }

  /** Python's {@code str} of any value the reference prints: floats, ints, booleans, strings. */
  public static String str(Object value) {
    if (value == null) {
      return "None";
    }
    if (value instanceof Double || value instanceof Float) {
      return str(((Number) value).doubleValue());
    }
    if (value instanceof Boolean b) {
      return b ? "True" : "False";
    }
    if (value instanceof Collection<?> list) {
      return repr(list);
    }
    return value.toString();
  }

  /** Python's list repr: {@code [a, 'b']}, strings quoted as Python quotes them. */
  public static String repr(Collection<?> items) {
    StringJoiner joined = new StringJoiner(", ", "[", "]");
    for (Object item : items) {
      joined.add(item instanceof String s ? quote(s) : str(item));
    }
    return joined.toString();
  }

  private static String quote(String s) {
    if (s.contains("'") && !s.contains("\"")) {
      return "\"" + s + "\"";
    }
    return "'" + s.replace("\\", "\\\\").replace("'", "\\'") + "'";
  }
}
