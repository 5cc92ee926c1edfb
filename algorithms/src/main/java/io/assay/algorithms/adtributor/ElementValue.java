package io.assay.algorithms.adtributor;

import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * Element labels keep the type the caller gave (spec B5: a string, an integer or a float), because
 * narratives print {@code 1} and {@code 1.0} differently. This class normalises the Java types to
 * {@link String}, {@link Long} or {@link Double} and defines label equality the way Python does
 * ({@code 1 == 1.0}).
 */
final class ElementValue {
  private ElementValue() {}

  static Object normalise(Object value, String where) {
    if (value == null) {
      throw new IllegalArgumentException(where + ": element value is null");
    }
    if (value instanceof String) {
      return value;
    }
    if (value instanceof Boolean b) {
      return b ? 1L : 0L; // pydantic turns a boolean into an integer (spec B5)
    }
    if (value instanceof Long
        || value instanceof Integer
        || value instanceof Short
        || value instanceof Byte) {
      return ((Number) value).longValue();
    }
    if (value instanceof BigInteger big && big.bitLength() < 64) {
      return big.longValue();
    }
    if (value instanceof Double || value instanceof Float || value instanceof BigDecimal) {
      double d = ((Number) value).doubleValue();
      if (!Double.isFinite(d)) {
        throw new IllegalArgumentException(where + ": element value must be finite, got " + d);
      }
      return d;
    }
    throw new IllegalArgumentException(
        where
            + ": element value must be a string, an integer or a float, got "
            + value.getClass().getSimpleName());
  }

  /** Lookup key under which Python would consider two labels equal. */
  static Object key(Object normalised) {
    if (normalised instanceof Long l) {
      return (double) l == l ? (Object) (double) l : l;
    }
    if (normalised instanceof Double d) {
      return d == 0.0 ? 0.0 : d; // -0.0 == 0.0 in Python
    }
    return normalised;
  }
}
