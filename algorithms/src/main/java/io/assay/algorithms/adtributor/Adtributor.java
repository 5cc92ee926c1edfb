package io.assay.algorithms.adtributor;

import io.assay.algorithms.text.PyFormat;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.ToDoubleFunction;

/**
 * Adtributor root-cause analysis over per-dimension tables, exactly as the reference (OpenChatBI)
 * computes it: see {@code shared/specs/algorithms.md} Part B. It assumes one dimension explains the
 * change; {@code io.assay.algorithms.rca.RootCauseSearch} finds combinations across dimensions.
 *
 * <p>Usage from an analysis with a baseline and an actual breakdown per dimension:
 *
 * <pre>{@code
 * Map<String, DimensionTable> tables = new LinkedHashMap<>();
 * tables.put("province", DimensionTable.fromBaselineActual(baselineByProvince, actualByProvince));
 * tables.put("device", DimensionTable.fromBaselineActual(baselineByDevice, actualByDevice));
 * AdtributorOutput out = Adtributor.analyse(tables, AdtributorParams.defaults(false).withK(2));
 * }</pre>
 */
public final class Adtributor {
  private static final double DIRECTION_TOLERANCE = 0.001;
  private static final double CHECK_THRESHOLD = 0.98;

  /**
   * How the reason of a dimension starts whose root cause would be nearly the whole total (spec
   * B2.8), for callers that say it in words.
   */
  public static final String NEARLY_EVERYTHING = "skip: root cause items ";

  private static final MetricColumn[] CHECK_COLUMNS = {
    MetricColumn.PROPORTION, MetricColumn.BASE_PROPORTION
  };

  private Adtributor() {}

  /**
   * Runs Adtributor over the dimensions in map order.
   *
   * @throws IllegalArgumentException when a table lacks the metric columns {@code params.derived()}
   *     needs, or a dimension name is null
   */
  public static AdtributorOutput analyse(
      Map<String, DimensionTable> tables, AdtributorParams params) {
    Objects.requireNonNull(tables, "tables");
    Objects.requireNonNull(params, "params");
    List<Candidate> candidates = new ArrayList<>();
    for (Map.Entry<String, DimensionTable> entry : tables.entrySet()) {
      String dimension = entry.getKey();
      DimensionTable table = entry.getValue();
      if (dimension == null) {
        throw new IllegalArgumentException("dimension name is null");
      }
      if (table == null) {
        throw new IllegalArgumentException("table of dimension '" + dimension + "' is null");
      }
      requireColumns(dimension, table, params.derived());
      if (table.size() > 0) {
        candidates.add(analyseDimension(dimension, table, params));
      }
    }
    return rank(candidates, params);
  }

  private static void requireColumns(String dimension, DimensionTable table, boolean derived) {
    List<MetricColumn> needed =
        derived
            ? List.of(
                MetricColumn.PREDICT_NUMERATOR,
                MetricColumn.PREDICT_DENOMINATOR,
                MetricColumn.REAL_NUMERATOR,
                MetricColumn.REAL_DENOMINATOR)
            : List.of(MetricColumn.PREDICT, MetricColumn.REAL);
    List<String> missing = new ArrayList<>();
    for (MetricColumn c : needed) {
      if (!table.has(c)) {
        missing.add(c.wireName());
      }
    }
    if (!missing.isEmpty()) {
      throw new IllegalArgumentException(
          "dimension '"
              + dimension
              + "' lacks the columns a "
              + (derived ? "derived (ratio)" : "absolute")
              + " metric needs: "
              + missing);
    }
  }

  private static Candidate analyseDimension(
      String dimension, DimensionTable table, AdtributorParams params) {
    int n = table.size();
    double[] predict;
    double[] real;
    if (params.derived()) {
      predict = divide(table, MetricColumn.PREDICT_NUMERATOR, MetricColumn.PREDICT_DENOMINATOR);
      real = divide(table, MetricColumn.REAL_NUMERATOR, MetricColumn.REAL_DENOMINATOR);
    } else {
      predict = table.columnView(MetricColumn.PREDICT);
      real = table.columnView(MetricColumn.REAL);
    }

    int[] rows = directionFilter(predict, real, n, params.issueType());
    if (rows.length == 0) {
      return Candidate.skipped(
          dimension, "Skip: no attributes match the issue_type " + params.issueType());
    }

    double[] ep =
        params.derived()
            ? ExplanatoryPower.ratio(
                table.columnView(MetricColumn.PREDICT_NUMERATOR),
                table.columnView(MetricColumn.PREDICT_DENOMINATOR),
                table.columnView(MetricColumn.REAL_NUMERATOR),
                table.columnView(MetricColumn.REAL_DENOMINATOR),
                rows)
            : ExplanatoryPower.absolute(predict, real, rows);
    double[] surprise =
        params.derived()
            ? Surprise.ratio(
                table.columnView(MetricColumn.PREDICT_NUMERATOR),
                table.columnView(MetricColumn.PREDICT_DENOMINATOR),
                table.columnView(MetricColumn.REAL_NUMERATOR),
                table.columnView(MetricColumn.REAL_DENOMINATOR),
                rows)
            : Surprise.absolute(predict, real, rows);

    // Stable descending sort: ties keep input order (spec B2.6).
    List<Integer> order = new ArrayList<>(rows.length);
    for (int i = 0; i < rows.length; i++) {
      order.add(i);
    }
    order.sort(descending(i -> surprise[i]));

    List<Integer> kept = new ArrayList<>();
    List<Double> cumulative = new ArrayList<>();
    double running = 0.0;
    for (int i : order) {
      if (ep[i] > params.teep()) {
        running += ep[i];
        kept.add(i);
        cumulative.add(running);
      }
    }
    double maxCumulative = cumulative.isEmpty() ? 0.0 : Collections.max(cumulative);
    double weight = params.weight(dimension);
    double[] sortedSurprise = new double[rows.length];
    for (int i = 0; i < rows.length; i++) {
      sortedSurprise[i] = surprise[order.get(i)];
    }
    double totalSurprise = PairwiseSum.of(sortedSurprise) * weight;

    int cut = -1;
    for (int j = 0; j < cumulative.size(); j++) {
      if (cumulative.get(j) > params.tep()) {
        cut = j;
        break;
      }
    }
    if (cut < 0) {
      String reason =
          "skip: cumulative_ep("
              + PyFormat.fixed(maxCumulative, 4)
              + ") < tep("
              + PyFormat.str(params.tep())
              + ")";
      return Candidate.failed(dimension, maxCumulative, totalSurprise, reason);
    }

    List<Integer> chosen = kept.subList(0, cut + 1);
    List<Object> labels = new ArrayList<>(chosen.size());
    double[] chosenSurprise = new double[chosen.size()];
    boolean[] inRootCause = new boolean[rows.length];
    for (int j = 0; j < chosen.size(); j++) {
      int i = chosen.get(j);
      labels.add(table.elements().get(rows[i]));
      chosenSurprise[j] = surprise[i];
      inRootCause[i] = true;
    }
    CheckOutcome check = additionalCheck(table, rows, inRootCause, labels);
    if (!check.passed()) {
      return Candidate.failed(dimension, maxCumulative, totalSurprise, check.reason());
    }
    return new Candidate(
        dimension,
        false,
        cumulative.get(cut),
        totalSurprise,
        Collections.unmodifiableList(labels),
        PairwiseSum.of(chosenSurprise) * weight,
        check.reason().isEmpty() ? "Passed all thresholds." : check.reason(),
        false);
  }

  /** Ratio merge (spec B2.1): NaN and infinite quotients become 0. */
  private static double[] divide(DimensionTable table, MetricColumn num, MetricColumn den) {
    double[] a = table.columnView(num);
    double[] b = table.columnView(den);
    double[] out = new double[a.length];
    for (int i = 0; i < a.length; i++) {
      double q = a[i] / b[i];
      out[i] = Double.isFinite(q) ? q : 0.0;
    }
    return out;
  }

  private static int[] directionFilter(double[] predict, double[] real, int n, String issueType) {
    int[] keep = new int[n];
    int m = 0;
    for (int i = 0; i < n; i++) {
      boolean match =
          switch (issueType) {
            case AdtributorParams.DROP -> predict[i] > real[i] + DIRECTION_TOLERANCE;
            case AdtributorParams.RISE -> predict[i] + DIRECTION_TOLERANCE < real[i];
            default -> true;
          };
      if (match) {
        keep[m++] = i;
      }
    }
    return java.util.Arrays.copyOf(keep, m);
  }

  private record CheckOutcome(boolean passed, String reason) {}

  /** Guards against "the root cause is basically everything" (spec B2.8). */
  private static CheckOutcome additionalCheck(
      DimensionTable table, int[] rows, boolean[] inRootCause, List<Object> labels) {
    List<String> phrases = new ArrayList<>();
    for (MetricColumn column : CHECK_COLUMNS) {
      if (!table.has(column)) {
        continue;
      }
      double[] values = table.columnView(column);
      int count = 0;
      for (boolean b : inRootCause) {
        count += b ? 1 : 0;
      }
      double[] picked = new double[count];
      int j = 0;
      for (int i = 0; i < rows.length; i++) {
        if (inRootCause[i]) {
          picked[j++] = values[rows[i]];
        }
      }
      double share = PairwiseSum.of(picked);
      if (share >= CHECK_THRESHOLD) {
        return new CheckOutcome(
            false,
            NEARLY_EVERYTHING
                + PyFormat.repr(labels)
                + " "
                + column.wireName()
                + " is "
                + PyFormat.percent(share, 2)
                + " ~ 100%");
      }
      phrases.add(
          column.wireName()
              + " is "
              + PyFormat.percent(share, 2)
              + " < "
              + PyFormat.percent(CHECK_THRESHOLD, 2));
    }
    return new CheckOutcome(true, String.join(". ", phrases));
  }

  private static AdtributorOutput rank(List<Candidate> candidates, AdtributorParams params) {
    if (candidates.stream().allMatch(Candidate::skippedDirection)) {
      return new AdtributorOutput(
          Map.of(),
          List.of(),
          Map.of(),
          AdtributorStatus.NO_ANOMALY_DIRECTION,
          AdtributorOutput.NO_SPECIFIC_INV);
    }
    List<Candidate> ranked = new ArrayList<>();
    List<Candidate> withElements = new ArrayList<>();
    String reasonFlag = "";
    for (Candidate c : candidates) {
      if (!c.skippedDirection()) {
        ranked.add(c);
      }
      if (c.elements() != null) {
        withElements.add(c);
      }
      if (c.failed()) {
        reasonFlag = AdtributorOutput.ATTRS_NOT_FOUND;
      }
    }
    ranked.sort(descending(Candidate::totalSurprise));
    withElements.sort(descending(Candidate::surprise));
    List<String> rankedDimensions = ranked.stream().map(Candidate::dimension).toList();
    Map<String, List<Object>> rootCauses = new LinkedHashMap<>();
    for (Candidate c : withElements.subList(0, Math.min(params.k(), withElements.size()))) {
      rootCauses.put(c.dimension(), c.elements());
    }
    Map<String, DimensionResult> details = new LinkedHashMap<>();
    for (Candidate c : candidates) {
      details.put(
          c.dimension(),
          new DimensionResult(
              c.explanatoryPower(), c.totalSurprise(), c.elements(), c.surprise(), c.reason()));
    }
    return new AdtributorOutput(
        Collections.unmodifiableMap(rootCauses),
        rankedDimensions,
        Collections.unmodifiableMap(details),
        rootCauses.isEmpty() ? AdtributorStatus.NO_ROOT_CAUSE : AdtributorStatus.SUCCESS,
        reasonFlag);
  }

  /**
   * Descending by {@code <} as Python compares (so -0.0 ties with 0.0); stable when used in sort.
   */
  private static <T> Comparator<T> descending(ToDoubleFunction<T> key) {
    return (a, b) -> {
      double x = key.applyAsDouble(a);
      double y = key.applyAsDouble(b);
      return x > y ? -1 : (x < y ? 1 : 0);
    };
  }

  private record Candidate(
      String dimension,
      boolean skippedDirection,
      Double explanatoryPower,
      double totalSurprise,
      List<Object> elements,
      Double surprise,
      String reason,
      boolean failed) {

    static Candidate skipped(String dimension, String reason) {
      return new Candidate(dimension, true, null, 0.0, null, null, reason, false);
    }

    static Candidate failed(
        String dimension, double explanatoryPower, double totalSurprise, String reason) {
      return new Candidate(
          dimension, false, explanatoryPower, totalSurprise, null, null, reason, true);
    }
  }
}
