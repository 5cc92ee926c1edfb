package io.assay.contract.finding;

import java.math.BigDecimal;
import java.util.OptionalDouble;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How a figure is written in a report. Formatting follows Python's rounding (spec 0.2) so that
 * narratives match the reference; parsing lets a checker read a number back out of text and decide
 * whether it equals its figure "within display rounding".
 *
 * @param style NUMBER: fixed decimals ({@code 1234.50}); GROUPED: fixed decimals with thousands
 *     separators ({@code 1,234.50}); PERCENT: the value is a ratio, written ×100 with a percent
 *     sign ({@code 0.4012} → {@code 40.1%})
 * @param decimals digits after the decimal point, 0..6
 */
public record DisplayFormat(Style style, int decimals) {
  public enum Style {
    NUMBER,
    GROUPED,
    PERCENT
  }

  /**
   * A number as it may appear in text: optional sign, digits with optional grouping, optional %.
   */
  public static final Pattern NUMBER_TEXT =
      Pattern.compile("[-+]?(?:\\d{1,3}(?:,\\d{3})+|\\d+)(?:\\.(\\d+))?%?");

  public DisplayFormat {
    if (style == null) {
      throw new IllegalArgumentException("display format needs a style");
    }
    if (decimals < 0 || decimals > 6) {
      throw new IllegalArgumentException("display decimals must be 0..6, got " + decimals);
    }
  }

  public static DisplayFormat number(int decimals) {
    return new DisplayFormat(Style.NUMBER, decimals);
  }

  public static DisplayFormat grouped(int decimals) {
    return new DisplayFormat(Style.GROUPED, decimals);
  }

  public static DisplayFormat percent(int decimals) {
    return new DisplayFormat(Style.PERCENT, decimals);
  }

  /** The text of {@code value} in this format. */
  public String format(double value) {
    if (!Double.isFinite(value)) {
      throw new IllegalArgumentException("cannot display a non-finite value: " + value);
    }
    return switch (style) {
      case NUMBER -> fixed(value, decimals);
      case PERCENT -> fixed(value * 100, decimals) + "%";
      case GROUPED -> group(fixed(value, decimals));
    };
  }

  /**
   * Reads a number written in this format's style back into value units (a percent becomes a
   * ratio). Grouping separators are accepted in every style; a percent sign is required for PERCENT
   * and refused otherwise, so "40.1" can never pass for 40.1%.
   */
  public OptionalDouble parse(String shown) {
    String text = shown.strip();
    if (!NUMBER_TEXT.matcher(text).matches()) {
      return OptionalDouble.empty();
    }
    boolean percentSign = text.endsWith("%");
    if (percentSign != (style == Style.PERCENT)) {
      return OptionalDouble.empty();
    }
    String digits = text.replace(",", "").replace("%", "");
    double parsed = new BigDecimal(digits).doubleValue();
    return OptionalDouble.of(percentSign ? parsed / 100 : parsed);
  }

  /**
   * True when {@code shown} is {@code value} rounded to the precision the text itself shows: half a
   * unit in its last written digit (so "40%" accepts 0.4049 and "40.1%" accepts 0.40149), plus a
   * hair for binary representation.
   */
  public boolean matches(String shown, double value) {
    OptionalDouble parsed = parse(shown);
    if (parsed.isEmpty()) {
      return false;
    }
    Matcher m = NUMBER_TEXT.matcher(shown.strip());
    m.matches();
    int shownDecimals = m.group(1) == null ? 0 : m.group(1).length();
    double halfUnit = 0.5 * Math.pow(10, -shownDecimals);
    if (style == Style.PERCENT) {
      halfUnit /= 100;
    }
    double slack = 1e-9 * Math.max(Math.abs(value), Math.abs(parsed.getAsDouble())) + 1e-12;
    return Math.abs(parsed.getAsDouble() - value) <= halfUnit + slack;
  }

  /**
   * Python's fixed-point formatting of a finite value: the exact binary value rounded half-even,
   * keeping the sign of negative zero. The contract cannot depend on algorithms' {@code PyFormat},
   * which does the same for the scorer's reports; the vectors test both.
   */
  private static String fixed(double value, int decimals) {
    String text =
        new java.math.BigDecimal(value)
            .setScale(decimals, java.math.RoundingMode.HALF_EVEN)
            .toPlainString();
    boolean negative = value < 0 || (value == 0 && 1 / value < 0);
    return negative && !text.startsWith("-") ? "-" + text : text;
  }

  private static String group(String fixed) {
    boolean negative = fixed.startsWith("-");
    String body = negative ? fixed.substring(1) : fixed;
    int dot = body.indexOf('.');
    String whole = dot < 0 ? body : body.substring(0, dot);
    String fraction = dot < 0 ? "" : body.substring(dot);
    StringBuilder grouped = new StringBuilder();
    for (int i = 0; i < whole.length(); i++) {
      if (i > 0 && (whole.length() - i) % 3 == 0) {
        grouped.append(',');
      }
      grouped.append(whole.charAt(i));
    }
    return (negative ? "-" : "") + grouped + fraction;
  }
}
