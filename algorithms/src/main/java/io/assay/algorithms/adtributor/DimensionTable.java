package io.assay.algorithms.adtributor;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * One dimension's elements with their baseline ({@code predict}) and actual ({@code real}) values
 * for the anomaly window (spec B1). Immutable: every array is copied on the way in and out, so the
 * algorithm can never change the caller's data (spec B1 [BUG?]).
 *
 * <p>A missing cell is {@code NaN} and is ignored by sums, as in the reference. A column that is
 * absent altogether differs from a column of missing cells only for the proportion columns: the
 * additional check skips an absent column but reads an all-missing one as 0% (vector 19).
 *
 * <p>Element labels keep their type ({@link String}, {@link Long} or {@link Double}). Rows whose
 * labels are equal (Python equality: {@code 1 == 1.0}) are summed into one row, keeping the first
 * row's label and position (spec B6 [BUG?]: the reference crashes or double-counts instead).
 */
public final class DimensionTable {
  private final List<Object> elements;
  private final Map<MetricColumn, double[]> columns;

  private DimensionTable(List<Object> elements, Map<MetricColumn, double[]> columns) {
    this.elements = elements;
    this.columns = columns;
  }

  /** Absolute metric: baseline and actual per element. */
  public static DimensionTable absolute(List<?> elements, double[] predict, double[] real) {
    return builder(elements)
        .column(MetricColumn.PREDICT, predict)
        .column(MetricColumn.REAL, real)
        .build();
  }

  /** Ratio metric: numerator and denominator of baseline and actual per element. */
  public static DimensionTable ratio(
      List<?> elements,
      double[] predictNumerator,
      double[] predictDenominator,
      double[] realNumerator,
      double[] realDenominator) {
    return builder(elements)
        .column(MetricColumn.PREDICT_NUMERATOR, predictNumerator)
        .column(MetricColumn.PREDICT_DENOMINATOR, predictDenominator)
        .column(MetricColumn.REAL_NUMERATOR, realNumerator)
        .column(MetricColumn.REAL_DENOMINATOR, realDenominator)
        .build();
  }

  /**
   * Joins a baseline-period and an actual-period breakdown of one dimension (element -> value), as
   * an analysis gets them from two grouped queries. An element seen in only one period has 0 in the
   * other. Order: baseline elements first, then elements new in the actual period.
   */
  public static DimensionTable fromBaselineActual(
      Map<?, ? extends Number> baseline, Map<?, ? extends Number> actual) {
    List<Object> keys = unionKeys(baseline, actual);
    double[] predict = new double[keys.size()];
    double[] real = new double[keys.size()];
    for (int i = 0; i < keys.size(); i++) {
      predict[i] = valueOrZero(baseline.get(keys.get(i)));
      real[i] = valueOrZero(actual.get(keys.get(i)));
    }
    return absolute(keys, predict, real);
  }

  /** As {@link #fromBaselineActual} for a ratio metric (numerators and denominators). */
  public static DimensionTable fromBaselineActualRatio(
      Map<?, Ratio> baseline, Map<?, Ratio> actual) {
    List<Object> keys = unionKeys(baseline, actual);
    int n = keys.size();
    double[] pn = new double[n];
    double[] pd = new double[n];
    double[] rn = new double[n];
    double[] rd = new double[n];
    for (int i = 0; i < n; i++) {
      Ratio b = baseline.get(keys.get(i));
      Ratio a = actual.get(keys.get(i));
      pn[i] = b == null ? 0 : b.numerator();
      pd[i] = b == null ? 0 : b.denominator();
      rn[i] = a == null ? 0 : a.numerator();
      rd[i] = a == null ? 0 : a.denominator();
    }
    return ratio(keys, pn, pd, rn, rd);
  }

  private static List<Object> unionKeys(Map<?, ?> baseline, Map<?, ?> actual) {
    Objects.requireNonNull(baseline, "baseline");
    Objects.requireNonNull(actual, "actual");
    Set<Object> keys = new LinkedHashSet<>(baseline.keySet());
    keys.addAll(actual.keySet());
    return new ArrayList<>(keys);
  }

  private static double valueOrZero(Number n) {
    return n == null ? 0.0 : n.doubleValue();
  }

  /**
   * Adds the optional proportion columns read by the additional check (spec B2.8). Pass {@code
   * null} for a column that does not exist.
   */
  public DimensionTable withProportions(double[] proportion, double[] baseProportion) {
    Builder b = new Builder(elements);
    columns.forEach(
        (c, v) -> {
          if (c != MetricColumn.PROPORTION && c != MetricColumn.BASE_PROPORTION) {
            b.column(c, v);
          }
        });
    if (proportion != null) {
      b.column(MetricColumn.PROPORTION, proportion);
    }
    if (baseProportion != null) {
      b.column(MetricColumn.BASE_PROPORTION, baseProportion);
    }
    return b.build();
  }

  public static Builder builder(List<?> elements) {
    return new Builder(elements);
  }

  /** Number of (distinct) elements. */
  public int size() {
    return elements.size();
  }

  public List<Object> elements() {
    return elements;
  }

  public boolean has(MetricColumn column) {
    return columns.containsKey(column);
  }

  /** A copy of the column, or {@code null} when the table has no such column. */
  public double[] column(MetricColumn column) {
    double[] v = columns.get(column);
    return v == null ? null : v.clone();
  }

  /** Direct access for the algorithm; callers outside the package get copies. */
  double[] columnView(MetricColumn column) {
    return columns.get(column);
  }

  /** Builds a table column by column; labels and values are validated in {@link #build()}. */
  public static final class Builder {
    private final List<?> rawElements;
    private final Map<MetricColumn, double[]> raw = new EnumMap<>(MetricColumn.class);

    private Builder(List<?> elements) {
      this.rawElements = Objects.requireNonNull(elements, "elements");
    }

    public Builder column(MetricColumn column, double[] values) {
      Objects.requireNonNull(values, column.wireName());
      raw.put(column, values.clone());
      return this;
    }

    public DimensionTable build() {
      int n = rawElements.size();
      raw.forEach(
          (c, v) -> {
            if (v.length != n) {
              throw new IllegalArgumentException(
                  "column " + c.wireName() + " has " + v.length + " values for " + n + " elements");
            }
            for (int i = 0; i < n; i++) {
              double x = v[i];
              if (Double.isInfinite(x)) {
                throw new IllegalArgumentException(
                    c.wireName() + " of element " + rawElements.get(i) + " is infinite");
              }
              // Surprise compares share distributions; a negative volume has no share, and the
              // reference turns it into +/-infinite surprise terms (spec B6) - reject instead.
              if (c.isVolume() && x < 0) {
                throw new IllegalArgumentException(
                    c.wireName()
                        + " of element "
                        + rawElements.get(i)
                        + " is negative ("
                        + x
                        + "); Adtributor needs non-negative volumes");
              }
            }
          });
      // Merge rows whose labels are equal, summing each column (missing cells ignored).
      Map<Object, Integer> slot = new LinkedHashMap<>();
      List<Object> labels = new ArrayList<>();
      int[] target = new int[n];
      for (int i = 0; i < n; i++) {
        Object label = ElementValue.normalise(rawElements.get(i), "element " + i);
        Integer at = slot.putIfAbsent(ElementValue.key(label), labels.size());
        if (at == null) {
          target[i] = labels.size();
          labels.add(label);
        } else {
          target[i] = at;
        }
      }
      Map<MetricColumn, double[]> merged = new EnumMap<>(MetricColumn.class);
      raw.forEach((c, v) -> merged.put(c, labels.size() == n ? v : mergeColumn(v, target, labels)));
      return new DimensionTable(Collections.unmodifiableList(labels), merged);
    }

    private static double[] mergeColumn(double[] v, int[] target, List<Object> labels) {
      double[] out = new double[labels.size()];
      Arrays.fill(out, Double.NaN);
      for (int i = 0; i < v.length; i++) {
        if (!Double.isNaN(v[i])) {
          int t = target[i];
          out[t] = Double.isNaN(out[t]) ? v[i] : out[t] + v[i];
        }
      }
      return out;
    }
  }
}
