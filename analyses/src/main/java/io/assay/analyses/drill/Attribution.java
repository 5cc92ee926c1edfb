package io.assay.analyses.drill;

import io.assay.algorithms.adtributor.Adtributor;
import io.assay.algorithms.adtributor.AdtributorOutput;
import io.assay.algorithms.adtributor.AdtributorStatus;
import io.assay.algorithms.adtributor.DimensionResult;
import io.assay.algorithms.adtributor.DimensionTable;
import io.assay.algorithms.adtributor.MetricColumn;
import io.assay.analyses.MetricTraits;
import io.assay.analyses.StepQueries;
import io.assay.analyses.support.Breakdown;
import io.assay.analyses.support.Periods;
import io.assay.pick.Filter;
import io.assay.pick.TimeGrain;
import io.assay.recon.MetricDefinition;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a drill-down level attributes the change to: each element's expectation (its own one-step
 * baseline with an allowance for its ordinary noise, or a share of the expected total), the shares
 * of the change, the dimension to split by and the elements named, in order of share.
 */
final class Attribution {
  private Attribution() {}

  /**
   * One element of a level.
   *
   * @param allowance how far the element may move from {@code predict} by its own ordinary noise (3
   *     typical errors of its own baseline); 0 when its expectation is a share of the total
   */
  record Row(String element, Object raw, double predict, double real, double allowance) {
    Row(String element, Object raw, double predict, double real) {
      this(element, raw, predict, real, 0);
    }

    /** The part of the change beyond the element's ordinary noise, with its sign. */
    double excess() {
      double d = real - predict;
      return Math.signum(d) * Math.max(0, Math.abs(d) - allowance);
    }
  }

  /** Typical errors of its own baseline an element may move by before its change counts. */
  static final double ALLOWANCE = 3;

  /**
   * Each row's share of the change: of the part beyond the elements' ordinary noise when any
   * element moved beyond it (so a large element's ordinary wobble does not outweigh a small one's
   * collapse), else of the plain change.
   */
  static double[] shares(List<Row> rows) {
    double excess = 0;
    double change = 0;
    double scale = 0;
    for (Row r : rows) {
      excess += r.excess();
      change += r.real() - r.predict();
      scale += Math.abs(r.real()) + Math.abs(r.predict());
    }
    boolean beyond = Math.abs(excess) > 1e-9 * Math.max(1, scale);
    double[] out = new double[rows.size()];
    for (int i = 0; i < out.length; i++) {
      Row r = rows.get(i);
      out[i] = beyond ? r.excess() / excess : change == 0 ? 0 : (r.real() - r.predict()) / change;
    }
    return out;
  }

  /** Within this fraction of the largest, two dimensions' leading elements explain as much. */
  static final double SAME_SHARE = 0.1;

  /**
   * The root-cause dimension to split by: the one whose leading element carries the most change in
   * the direction of the dimension's change, beyond its own ordinary noise when the elements have
   * their own baselines (so one noisy element of a fine dimension does not outweigh a region that
   * moved far beyond its own), weighted by how specific the element is (1 − its share of what was
   * expected: an element holding nearly everything moves with any change and explains little);
   * among those within {@link #SAME_SHARE} of it, the finest (most elements), so a district is
   * named rather than the region holding it when both carry as much. Ties keep Adtributor's order.
   */
  static String finest(Map<String, List<Object>> causes, Map<String, List<Row>> rowsByDim) {
    Map<String, Double> lead = new LinkedHashMap<>();
    for (String dim : causes.keySet()) {
      List<Row> rows = rowsByDim.get(dim);
      if (rows == null) {
        continue;
      }
      double excess = rows.stream().mapToDouble(Row::excess).sum();
      double change = rows.stream().mapToDouble(r -> r.real() - r.predict()).sum();
      double sign = Math.signum(excess != 0 ? excess : change);
      double expected = rows.stream().mapToDouble(Row::predict).sum();
      double best = Double.NEGATIVE_INFINITY;
      for (Row r : rows) {
        double specific = expected > 0 ? 1 - Math.max(0, r.predict()) / expected : 1;
        best = Math.max(best, sign * r.excess() * specific);
      }
      lead.put(dim, best);
    }
    if (lead.isEmpty()) {
      return causes.keySet().iterator().next();
    }
    double max = lead.values().stream().mapToDouble(Double::doubleValue).max().orElseThrow();
    String chosen = null;
    for (Map.Entry<String, Double> e : lead.entrySet()) {
      if (e.getValue() >= max - SAME_SHARE * Math.abs(max)
          && (chosen == null || rowsByDim.get(e.getKey()).size() > rowsByDim.get(chosen).size())) {
        chosen = e.getKey();
      }
    }
    return chosen;
  }

  /**
   * The rows of one dimension with each element's own expectation: the sum over the period of its
   * one-step robust baselines fitted on its own history (so an element that is growing or shrinking
   * is judged against its own path, not a share of the total). Null when the history is too short.
   */
  static List<Row> ownRows(
      StepQueries q,
      SliceSeries.Cache slices,
      int number,
      MetricDefinition metric,
      TimeGrain grain,
      Periods.Range own,
      Baseline base,
      List<Filter> subset,
      String dim) {
    SliceSeries s =
        slices.covering(
            q, "level " + number + " series by " + dim, metric.name(), grain, own, subset, dim);
    int from = s.index(base.actual().from());
    int to = s.index(base.actual().to());
    Map<String, SliceSeries.Expectation> expected =
        from < 0 || to < 0 ? null : s.expected(from, to, MetricTraits.counts(metric));
    if (expected == null) {
      return null;
    }
    Map<String, Double> actual = s.actual(from, to);
    List<Row> rows = new ArrayList<>();
    for (Map.Entry<String, SliceSeries.Expectation> e : expected.entrySet()) {
      double real = Math.max(0, actual.get(e.getKey()));
      SliceSeries.Expectation x = e.getValue();
      if (x.expected() == 0 && real == 0) {
        continue;
      }
      rows.add(
          new Row(e.getKey(), s.raw().get(e.getKey()), x.expected(), real, ALLOWANCE * x.error()));
    }
    return rows;
  }

  /** Joined rows of one dimension, or null when the expected total cannot be split. */
  static List<Row> rows(Breakdown actual, Breakdown before, Double expectedTotal) {
    Map<String, Object> raw = new LinkedHashMap<>();
    Map<String, Double> real = new LinkedHashMap<>();
    Map<String, Double> prior = new LinkedHashMap<>();
    for (Breakdown.Entry e : before.entries().values()) {
      String k = String.join(" / ", e.labels());
      raw.putIfAbsent(k, e.raw().get(0));
      prior.put(k, Math.max(0, e.value()));
    }
    for (Breakdown.Entry e : actual.entries().values()) {
      String k = String.join(" / ", e.labels());
      raw.putIfAbsent(k, e.raw().get(0));
      real.put(k, Math.max(0, e.value()));
    }
    double priorTotal = prior.values().stream().mapToDouble(Double::doubleValue).sum();
    if (expectedTotal != null && priorTotal <= 0) {
      return null;
    }
    List<Row> rows = new ArrayList<>();
    for (String k : raw.keySet()) {
      double p = prior.getOrDefault(k, 0.0);
      double predict = expectedTotal == null ? p : expectedTotal * (p / priorTotal);
      rows.add(new Row(k, raw.get(k), predict, real.getOrDefault(k, 0.0)));
    }
    return rows;
  }

  /**
   * The root-cause elements of the chosen dimension in order of their share of the change, the
   * largest first, until together they explain {@code tep} of it (elements under {@code teep} are
   * left out): the element named first is always the one with the largest share.
   */
  static List<String> byShare(List<Row> rows, double tep, double teep) {
    double[] shares = shares(rows);
    List<Integer> order = new ArrayList<>();
    for (int i = 0; i < rows.size(); i++) {
      order.add(i);
    }
    order.sort(Comparator.comparingDouble((Integer i) -> -shares[i]));
    List<String> out = new ArrayList<>();
    double cumulative = 0;
    for (int i : order) {
      if (!out.isEmpty() && (shares[i] <= teep || cumulative >= tep)) {
        break;
      }
      out.add(rows.get(i).element());
      cumulative += shares[i];
    }
    return out;
  }

  static DimensionTable table(List<Row> rows) {
    int n = rows.size();
    double[] predict = new double[n];
    double[] real = new double[n];
    double pt = 0;
    double rt = 0;
    for (int i = 0; i < n; i++) {
      // Adtributor weighs the part of each change beyond the element's ordinary noise.
      real[i] = rows.get(i).real();
      predict[i] = real[i] - rows.get(i).excess();
      pt += predict[i];
      rt += real[i];
    }
    double[] proportion = new double[n];
    double[] baseProportion = new double[n];
    for (int i = 0; i < n; i++) {
      proportion[i] = rt > 0 ? real[i] / rt : 0;
      baseProportion[i] = pt > 0 ? predict[i] / pt : 0;
    }
    return DimensionTable.builder(rows.stream().map(Row::element).toList())
        .column(MetricColumn.PREDICT, predict)
        .column(MetricColumn.REAL, real)
        .column(MetricColumn.PROPORTION, proportion)
        .column(MetricColumn.BASE_PROPORTION, baseProportion)
        .build();
  }

  /**
   * Why no dimension explained the change, a clause per dimension in people's words ("transaction
   * purpose: the elements that would explain it make up nearly all of it, so it singles nothing
   * out"); the reference's own reasons stay in the stored level.
   */
  static String reasons(AdtributorOutput out) {
    if (out.status() == AdtributorStatus.NO_ANOMALY_DIRECTION) {
      return "no element moved in the direction of the change";
    }
    List<String> r = new ArrayList<>();
    for (Map.Entry<String, DimensionResult> e : out.dimensionDetails().entrySet()) {
      r.add(e.getKey() + ": " + inWords(e.getValue()));
    }
    return String.join("; ", r);
  }

  /** One dimension's outcome in words, from what the search found rather than its wire text. */
  private static String inWords(DimensionResult d) {
    String reason = d.reason() == null ? "" : d.reason();
    if (d.explanatoryPower() == null) {
      return "no element moved in the direction of the change";
    }
    if (d.elements() != null) {
      return "its elements explain the change";
    }
    if (reason.startsWith(Adtributor.NEARLY_EVERYTHING)) {
      return "the elements that would explain the change make up nearly all of the total, so it"
          + " singles nothing out";
    }
    return "no few elements explain enough of the change (together at most "
        + Math.round(Math.max(0, d.explanatoryPower()) * 100)
        + "%)";
  }

  static Map<String, Object> adtributorJson(AdtributorOutput out) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("status", out.status().wireName());
    m.put("ranked_dimensions", out.rankedDimensions());
    Map<String, Object> details = new LinkedHashMap<>();
    out.dimensionDetails()
        .forEach(
            (d, r) -> {
              Map<String, Object> x = new LinkedHashMap<>();
              x.put("explanatory_power", r.explanatoryPower());
              x.put("total_surprise", r.totalSurprise());
              x.put(
                  "elements",
                  r.elements() == null
                      ? null
                      : r.elements().stream().map(Object::toString).toList());
              x.put("surprise", r.surprise());
              x.put("reason", r.reason());
              details.put(d, x);
            });
    m.put("dimension_details", details);
    return m;
  }
}
