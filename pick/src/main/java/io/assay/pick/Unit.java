package io.assay.pick;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A unit a quantity is given in, or a column's values are kept in (the dataset YAML's {@code unit:}
 * on a column). Units of one dimension convert exactly: "two hours" on a column in minutes is 120.
 * Calendar months and years form their own dimension, since a month has no fixed number of days.
 * JSON names are the lower-case plurals; singulars are read too.
 */
public enum Unit {
  SECONDS(Dimension.DURATION, 1),
  MINUTES(Dimension.DURATION, 60),
  HOURS(Dimension.DURATION, 3_600),
  DAYS(Dimension.DURATION, 86_400),
  WEEKS(Dimension.DURATION, 604_800),
  MONTHS(Dimension.CALENDAR, 1),
  YEARS(Dimension.CALENDAR, 12);

  /** What a unit measures; only units of one dimension convert into each other. */
  public enum Dimension {
    DURATION,
    CALENDAR
  }

  private final Dimension dimension;
  private final long base;

  Unit(Dimension dimension, long base) {
    this.dimension = dimension;
    this.base = base;
  }

  public Dimension dimension() {
    return dimension;
  }

  @JsonValue
  public String jsonName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The unit named {@code name} (plural or singular, any case), or an error listing the units. */
  @JsonCreator
  public static Unit parse(String name) {
    String n = name == null ? "" : name.strip().toLowerCase(Locale.ROOT);
    for (Unit u : values()) {
      String plural = u.jsonName();
      if (n.equals(plural) || n.equals(plural.substring(0, plural.length() - 1))) {
        return u;
      }
    }
    throw new PickValidationError("unknown unit '" + name + "'; known units: " + names());
  }

  /** {@code amount} of this unit expressed in {@code target}, exactly when it divides evenly. */
  public BigDecimal convert(BigDecimal amount, Unit target) {
    if (target.dimension != dimension) {
      throw new PickValidationError(
          "a quantity in " + jsonName() + " cannot be converted to " + target.jsonName());
    }
    BigDecimal scaled = amount.multiply(BigDecimal.valueOf(base));
    BigDecimal divisor = BigDecimal.valueOf(target.base);
    try {
      return scaled.divide(divisor).stripTrailingZeros();
    } catch (ArithmeticException e) {
      return scaled.divide(divisor, 6, java.math.RoundingMode.HALF_EVEN).stripTrailingZeros();
    }
  }

  public static List<String> names() {
    List<String> out = new ArrayList<>();
    for (Unit u : values()) {
      out.add(u.jsonName());
    }
    return out;
  }
}
