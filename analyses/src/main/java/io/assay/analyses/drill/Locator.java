package io.assay.analyses.drill;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.assay.algorithms.anomaly.robust.RobustParams;
import io.assay.analyses.AnalysisContext;
import io.assay.analyses.Args;
import io.assay.analyses.MetricTraits;
import io.assay.analyses.StepQueries;
import io.assay.analyses.support.Periods;
import io.assay.analyses.support.Windows;
import io.assay.analyses.trend.RobustTrendScan;
import io.assay.analyses.trend.TrendAnomaly;
import io.assay.pick.Filter;
import io.assay.pick.TimeGrain;
import io.assay.recon.MetricDefinition;
import io.assay.recon.schema.SchemaSnapshot.DateRange;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The interval a drill-down explains when it is not given one: the interval the trend step of the
 * job located ({@code located_by}), else the top interval of its own scan of {@code time}. When the
 * total shows nothing unusual, the candidate dimensions' slices are scanned ({@link SliceScan});
 * when no slice stands out either, there is nothing to explain and the drill-down was not needed.
 */
final class Locator {
  static final String LOCATED_BY = "located_by";
  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * A located interval, or (actual null) the finding that nothing is unusual.
   *
   * @param expected the baseline total of the interval
   */
  record Located(
      Periods.Range actual,
      double expected,
      Double score,
      String how,
      Map<String, Object> evidence) {
    boolean quiet() {
      return actual == null;
    }
  }

  private Locator() {}

  static Located locate(
      Args args,
      AnalysisContext context,
      StepQueries q,
      MetricDefinition metric,
      TimeGrain grain,
      DateRange span,
      List<Filter> filters,
      List<String> dimensions,
      SliceSeries.Cache cache) {
    JsonNode scan = null;
    String source;
    if (args.has(LOCATED_BY)) {
      String by = args.string(LOCATED_BY).strip();
      if (!by.equals(TrendAnomaly.NAME)) {
        throw args.invalid(
            "arg 'located_by' must name the step that located the interval: "
                + TrendAnomaly.NAME
                + ", got "
                + by);
      }
      scan = TrendStepFinding.read(context, metric.name()).orElse(null);
      source = "the interval " + TrendAnomaly.NAME + " located";
      if (scan == null && !args.has("time")) {
        throw args.invalid(
            "arg 'located_by': no earlier "
                + TrendAnomaly.NAME
                + " step of this job scanned "
                + metric.name()
                + "; give 'actual' (the period to explain) or 'time' (a window to scan)");
      }
    } else {
      source = "the most unusual interval of its own scan";
    }
    if (scan == null) {
      scan = ownScan(args, q, metric, grain, span, filters);
      source = "the most unusual interval of its own scan";
    }
    Map<String, Object> evidence = new LinkedHashMap<>();
    evidence.put("located_by", source);
    evidence.put(
        "scanned_window",
        scan.path("window_from").asText() + ".." + scan.path("window_to").asText());
    JsonNode intervals = scan.path("intervals");
    if (intervals.size() > 0) {
      JsonNode top = intervals.get(0);
      Periods.Range actual =
          new Periods.Range(
              LocalDate.parse(top.path("from").asText()), LocalDate.parse(top.path("to").asText()));
      double score = top.path("score").asDouble();
      evidence.put("located_period", actual.describe());
      evidence.put("located_score", score);
      evidence.put("located_direction", top.path("direction").asText());
      evidence.put("located_expected", top.path("expected").asDouble());
      evidence.put("located_actual", top.path("actual").asDouble());
      return new Located(
          actual,
          Math.max(0, top.path("expected").asDouble()),
          score,
          "explains " + actual.describe() + ", " + source,
          evidence);
    }
    return slices(q, metric, grain, filters, dimensions, scan, evidence, cache);
  }

  /** The total shows nothing: a slice that stands out, or nothing to explain. */
  private static Located slices(
      StepQueries q,
      MetricDefinition metric,
      TimeGrain grain,
      List<Filter> filters,
      List<String> dimensions,
      JsonNode scan,
      Map<String, Object> evidence,
      SliceSeries.Cache cache) {
    JsonNode series = scan.path("series");
    evidence.put("total_max_score", scan.path("max_score").asDouble());
    if (series.size() == 0) {
      return new Located(null, 0, null, "the scan holds no series", evidence);
    }
    LocalDate first = LocalDate.parse(series.get(0).path("from").asText());
    LocalDate windowFrom = LocalDate.parse(scan.path("window_from").asText());
    LocalDate windowTo = LocalDate.parse(scan.path("window_to").asText());
    SliceScan.Hit hit =
        SliceScan.find(
            q,
            metric.name(),
            MetricTraits.counts(metric),
            grain,
            new Periods.Range(first, windowTo),
            windowFrom,
            filters,
            dimensions,
            scan.path("threshold").asDouble(RobustParams.ENTER),
            totalNoise(scan, series),
            expected(series),
            cache);
    if (hit == null || !hit.passes()) {
      if (hit != null) {
        evidence.put("nearest_slice", hit.describe());
      }
      return new Located(
          null,
          0,
          null,
          "nothing unusual in the total of "
              + MetricTraits.words(metric)
              + " nor in any slice of "
              + String.join(", ", dimensions)
              + (hit == null ? "" : "; the nearest was " + hit.describe()),
          evidence);
    }
    double expected = 0;
    for (JsonNode row : series) {
      LocalDate d = LocalDate.parse(row.path("from").asText());
      if (!d.isBefore(hit.from()) && !d.isAfter(hit.to()) && !row.path("baseline").isNull()) {
        expected += row.path("baseline").asDouble();
      }
    }
    Periods.Range actual = new Periods.Range(hit.from(), hit.to());
    evidence.put("located_period", actual.describe());
    evidence.put("located_slice", hit.dimension() + " = " + hit.element());
    evidence.put("located_direction", hit.direction());
    evidence.put("located_score", hit.score());
    evidence.put("slice_change_in_total_noise", hit.totalScore());
    evidence.put("slices_tested", hit.tested());
    return new Located(
        actual,
        Math.max(0, expected),
        hit.score(),
        "the total was not unusual; the slice "
            + hit.dimension()
            + " = "
            + hit.element()
            + " stood out in "
            + actual.describe()
            + " among "
            + hit.tested()
            + " slices",
        evidence);
  }

  /** The periods the trend step was told were expected: slices do not judge them either. */
  private static java.util.Set<LocalDate> expected(JsonNode series) {
    java.util.Set<LocalDate> out = new java.util.HashSet<>();
    for (JsonNode row : series) {
      if (row.path("expected").asBoolean(false)) {
        out.add(LocalDate.parse(row.path("from").asText()));
      }
    }
    return out;
  }

  /** The total's robust period-to-period noise, as stored or (older scans) from its values. */
  private static double totalNoise(JsonNode scan, JsonNode series) {
    if (scan.path("robust_noise").isNumber()) {
      return scan.path("robust_noise").asDouble();
    }
    double[] v = new double[series.size()];
    for (int i = 0; i < v.length; i++) {
      v[i] = series.get(i).path("value").asDouble();
    }
    return io.assay.algorithms.anomaly.robust.RobustNoise.of(v, null);
  }

  private static JsonNode ownScan(
      Args args,
      StepQueries q,
      MetricDefinition metric,
      TimeGrain grain,
      DateRange span,
      List<Filter> filters) {
    Periods.Range window = Windows.complete(args, "time", grain, span);
    if (Periods.buckets(grain, window.from(), window.to()).size() < 2) {
      throw args.invalid(
          "arg 'time': "
              + window.describe()
              + " is a single "
              + Periods.word(grain)
              + "; give it as 'actual' instead, or widen the window");
    }
    RobustTrendScan scan =
        RobustTrendScan.run(
            q,
            "series",
            metric,
            grain,
            window,
            Windows.before(window, grain, Baseline.FORECAST_HISTORY, span),
            filters,
            RobustParams.of(RobustTrendScan.season(grain)).withCounts(MetricTraits.counts(metric)));
    if (scan.problem() != null) {
      throw new Baseline.NothingToExplain(
          "could not scan " + window.describe() + ": " + scan.problem());
    }
    return JSON.valueToTree(scan.content(metric, grain, window, RobustParams.ENTER));
  }
}
