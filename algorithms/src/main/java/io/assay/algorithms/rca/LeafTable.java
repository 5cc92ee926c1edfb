package io.assay.algorithms.rca;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The leaves of a KPI at the anomalous moment: one row per full combination of attribute values,
 * with the observed ({@code real}) and forecast ({@code predict}) values. A {@link Measure#DERIVED}
 * table carries numerator and denominator sums instead, the KPI being their ratio.
 *
 * <p>Stored column-wise with attribute values dictionary-encoded, so 50,000 leaves cost a few
 * hundred kilobytes and grouping by any cuboid is integer arithmetic.
 */
public final class LeafTable {
  private final Measure measure;
  private final List<String> attributes;
  private final List<List<String>> dictionaries;
  private final int[][] codes;
  private final double[] real;
  private final double[] predict;
  private final double[] realDen;
  private final double[] predictDen;

  private LeafTable(Builder b) {
    this.measure = b.measure;
    this.attributes = List.copyOf(b.attributes);
    this.dictionaries = b.dictionaries.stream().map(List::copyOf).toList();
    this.codes = new int[attributes.size()][];
    for (int a = 0; a < codes.length; a++) {
      codes[a] = Arrays.copyOf(b.codes[a], b.size);
    }
    this.real = Arrays.copyOf(b.real, b.size);
    this.predict = Arrays.copyOf(b.predict, b.size);
    this.realDen = measure == Measure.DERIVED ? Arrays.copyOf(b.realDen, b.size) : null;
    this.predictDen = measure == Measure.DERIVED ? Arrays.copyOf(b.predictDen, b.size) : null;
  }

  /** Leaves of a sum KPI. */
  public static Builder fundamental(List<String> attributes) {
    return new Builder(Measure.FUNDAMENTAL, attributes);
  }

  /** Leaves of a ratio KPI (numerator sum / denominator sum). */
  public static Builder derived(List<String> attributes) {
    return new Builder(Measure.DERIVED, attributes);
  }

  public Measure measure() {
    return measure;
  }

  public List<String> attributes() {
    return attributes;
  }

  public int size() {
    return real.length;
  }

  /** Value of attribute {@code a} at leaf {@code i}. */
  public String value(int a, int i) {
    return dictionaries.get(a).get(codes[a][i]);
  }

  int code(int a, int i) {
    return codes[a][i];
  }

  int cardinality(int a) {
    return dictionaries.get(a).size();
  }

  String label(int a, int code) {
    return dictionaries.get(a).get(code);
  }

  /** Observed value (fundamental) or observed numerator (derived). */
  public double real(int i) {
    return real[i];
  }

  /** Forecast value (fundamental) or forecast numerator (derived). */
  public double predict(int i) {
    return predict[i];
  }

  /** Observed denominator; derived tables only. */
  public double realDenominator(int i) {
    requireDerived();
    return realDen[i];
  }

  /** Forecast denominator; derived tables only. */
  public double predictDenominator(int i) {
    requireDerived();
    return predictDen[i];
  }

  private void requireDerived() {
    if (measure != Measure.DERIVED) {
      throw new IllegalStateException("a fundamental table has no denominators");
    }
  }

  /** Accumulates leaves; rejects non-finite values and malformed rows with clear messages. */
  public static final class Builder {
    private final Measure measure;
    private final List<String> attributes;
    private final List<List<String>> dictionaries = new ArrayList<>();
    private final List<Map<String, Integer>> lookup = new ArrayList<>();
    private int[][] codes;
    private double[] real = new double[16];
    private double[] predict = new double[16];
    private double[] realDen = new double[16];
    private double[] predictDen = new double[16];
    private int size;

    private Builder(Measure measure, List<String> attributes) {
      Objects.requireNonNull(attributes, "attributes");
      if (attributes.isEmpty()) {
        throw new IllegalArgumentException("a leaf table needs at least one attribute");
      }
      if (attributes.stream().distinct().count() != attributes.size()) {
        throw new IllegalArgumentException("attribute names repeat: " + attributes);
      }
      for (String a : attributes) {
        if (a == null || a.isBlank() || a.contains("=") || a.contains("&") || a.contains(";")) {
          throw new IllegalArgumentException(
              "attribute name must be non-blank without '=', '&' or ';': '" + a + "'");
        }
      }
      this.measure = measure;
      this.attributes = List.copyOf(attributes);
      this.codes = new int[attributes.size()][16];
      for (int a = 0; a < attributes.size(); a++) {
        dictionaries.add(new ArrayList<>());
        lookup.add(new HashMap<>());
      }
    }

    /** Adds a leaf of a fundamental table; {@code values} in attribute order. */
    public Builder add(List<String> values, double real, double predict) {
      if (measure != Measure.FUNDAMENTAL) {
        throw new IllegalStateException("use addRatio for a derived table");
      }
      return put(values, real, predict, 0, 0);
    }

    /** Adds a leaf given as attribute -> value. */
    public Builder add(Map<String, String> values, double real, double predict) {
      return add(ordered(values), real, predict);
    }

    /** Adds a leaf of a derived table: numerator and denominator, observed and forecast. */
    public Builder addRatio(
        List<String> values,
        double realNumerator,
        double predictNumerator,
        double realDenominator,
        double predictDenominator) {
      if (measure != Measure.DERIVED) {
        throw new IllegalStateException("use add for a fundamental table");
      }
      return put(values, realNumerator, predictNumerator, realDenominator, predictDenominator);
    }

    private List<String> ordered(Map<String, String> values) {
      List<String> out = new ArrayList<>(attributes.size());
      for (String a : attributes) {
        out.add(values.get(a));
      }
      if (values.size() != attributes.size()) {
        throw new IllegalArgumentException(
            "leaf " + values + " does not have exactly the attributes " + attributes);
      }
      return out;
    }

    private Builder put(List<String> values, double r, double p, double rd, double pd) {
      if (values.size() != attributes.size()) {
        throw new IllegalArgumentException(
            "leaf "
                + size
                + " has "
                + values.size()
                + " values for "
                + attributes.size()
                + " attributes");
      }
      for (double v : new double[] {r, p, rd, pd}) {
        if (!Double.isFinite(v)) {
          throw new IllegalArgumentException(
              "leaf " + size + " " + values + " has a non-finite measure value: " + v);
        }
      }
      if (size == real.length) {
        int cap = size * 2;
        real = Arrays.copyOf(real, cap);
        predict = Arrays.copyOf(predict, cap);
        realDen = Arrays.copyOf(realDen, cap);
        predictDen = Arrays.copyOf(predictDen, cap);
        for (int a = 0; a < codes.length; a++) {
          codes[a] = Arrays.copyOf(codes[a], cap);
        }
      }
      for (int a = 0; a < attributes.size(); a++) {
        String v = values.get(a);
        if (v == null) {
          throw new IllegalArgumentException(
              "leaf " + size + " has no value for attribute '" + attributes.get(a) + "'");
        }
        List<String> dict = dictionaries.get(a);
        Integer code = lookup.get(a).get(v);
        if (code == null) {
          code = dict.size();
          dict.add(v);
          lookup.get(a).put(v, code);
        }
        codes[a][size] = code;
      }
      real[size] = r;
      predict[size] = p;
      realDen[size] = rd;
      predictDen[size] = pd;
      size++;
      return this;
    }

    public int size() {
      return size;
    }

    public LeafTable build() {
      return new LeafTable(this);
    }
  }
}
