package io.assay.analyses.drill;

import io.assay.algorithms.forecast.ForecastRequest;
import io.assay.algorithms.forecast.ForecastResult;
import io.assay.analyses.AnalysisContext;
import io.assay.analyses.Args;
import io.assay.analyses.StepQueries;
import io.assay.analyses.support.Periods;
import io.assay.analyses.support.Series;
import io.assay.analyses.support.Windows;
import io.assay.analyses.trend.TrendScan;
import io.assay.pick.Filter;
import io.assay.pick.TimeGrain;
import io.assay.recon.MetricDefinition;
import io.assay.recon.schema.SchemaSnapshot.DateRange;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The period a drill-down explains and what was expected in it. Either given ({@code actual}, and
 * {@code baseline} for a period-over-period comparison) or located ({@link Locator}): the interval
 * the job's trend step reported ({@code located_by}) or the top interval of a scan of {@code time},
 * whose baselines add up to the expected total.
 *
 * @param expectedTotal forecast total for {@code actual}; null in period-over-period mode
 * @param baseline the comparison period in period-over-period mode, else null
 * @param shareWindow buckets before {@code actual} whose mix of elements splits the expected total
 * @param scanScore the score of the located anomaly when it was found by a scan, else null
 * @param how one line for the key path
 */
public record Baseline(
    Periods.Range actual,
    Double expectedTotal,
    Periods.Range baseline,
    Periods.Range shareWindow,
    Double scanScore,
    String how,
    Map<String, Object> evidence) {

  static final int FORECAST_HISTORY = 36;

  public boolean expectedMode() {
    return baseline == null;
  }

  /**
   * Nothing unusual was found, in the total or in a slice: there is nothing to explain and {@code
   * how} says what was checked.
   */
  public boolean quiet() {
    return actual == null;
  }

  /** The period and what was expected in it; {@link #quiet()} when nothing was unusual. */
  public static Baseline resolve(
      Args args,
      AnalysisContext context,
      StepQueries q,
      MetricDefinition metric,
      TimeGrain grain,
      DateRange span,
      List<Filter> filters,
      List<String> dimensions,
      int sharePeriods) {
    return resolve(
        args,
        context,
        q,
        metric,
        grain,
        span,
        filters,
        dimensions,
        sharePeriods,
        new SliceSeries.Cache());
  }

  /** As above, reading slices through {@code cache} (the drill-down reads them again). */
  static Baseline resolve(
      Args args,
      AnalysisContext context,
      StepQueries q,
      MetricDefinition metric,
      TimeGrain grain,
      DateRange span,
      List<Filter> filters,
      List<String> dimensions,
      int sharePeriods,
      SliceSeries.Cache cache) {
    Periods.Range actual;
    Double expected = null;
    Double score = null;
    String how;
    Map<String, Object> evidence = new LinkedHashMap<>();
    if (args.has("actual")) {
      actual = Windows.complete(args, "actual", grain, span);
      how = "period " + actual.describe() + " as given";
      if (!args.has("baseline")) {
        Periods.Range history = Windows.before(actual, grain, FORECAST_HISTORY, span);
        if (history == null
            || Periods.buckets(grain, history.from(), history.to()).size()
                < TrendScan.MIN_HISTORY) {
          throw args.invalid(
              "arg 'actual': too little history before "
                  + actual.describe()
                  + " to forecast what was expected; give a 'baseline' period to compare with");
        }
        Series series =
            Series.load(
                q,
                "history",
                metric,
                grain,
                new Periods.Range(history.from(), history.to()),
                filters);
        int horizon = Periods.buckets(grain, actual.from(), actual.to()).size();
        List<Map<String, Object>> rows = new ArrayList<>();
        for (int i = 0; i < series.size(); i++) {
          rows.add(Map.of("period", series.iso(i), "value", series.values()[i]));
        }
        ForecastResult r =
            context
                .forecaster()
                .forecast(
                    new ForecastRequest(rows, horizon, Periods.frequency(grain), null, "value"));
        if (!(r instanceof ForecastResult.Success s)) {
          throw new IllegalStateException(
              "forecast of the expected total failed: " + ((ForecastResult.Failure) r).error());
        }
        double sum = 0;
        for (Double p : s.predictions()) {
          if (p == null || !Double.isFinite(p)) {
            throw new IllegalStateException("the forecaster returned a non-numeric prediction");
          }
          sum += p;
        }
        expected = Math.max(0.0, sum);
        evidence.put("forecast_model", s.source());
        evidence.put("forecast", s.predictions());
        how += ", expected total forecast by " + s.source();
      }
    } else if (args.has("time") || args.has(Locator.LOCATED_BY)) {
      Locator.Located located =
          Locator.locate(args, context, q, metric, grain, span, filters, dimensions, cache);
      evidence.putAll(located.evidence());
      if (located.quiet()) {
        return new Baseline(null, null, null, null, null, located.how(), evidence);
      }
      actual = located.actual();
      if (!args.has("baseline")) {
        expected = located.expected();
      }
      score = located.score();
      how = located.how();
    } else {
      throw args.invalid(
          "give 'actual' (the period to explain), 'located_by' (the trend step) or 'time' (a"
              + " window to find the unusual period in)");
    }
    Periods.Range baseline = null;
    Periods.Range shares = null;
    if (args.has("baseline")) {
      baseline = Windows.complete(args, "baseline", grain, span);
      if (!(baseline.to().isBefore(actual.from()) || baseline.from().isAfter(actual.to()))) {
        throw args.invalid(
            "arg 'baseline': "
                + baseline.describe()
                + " overlaps the period explained, "
                + actual.describe());
      }
      how += ", compared with " + baseline.describe();
    } else {
      shares = Windows.before(actual, grain, sharePeriods, span);
      if (shares == null) {
        throw args.invalid(
            "no data before "
                + actual.describe()
                + " to learn the usual mix of elements from;"
                + " give a 'baseline' period to compare with");
      }
      how += ", split by each element's share in " + shares.describe();
    }
    return new Baseline(actual, expected, baseline, shares, score, how, evidence);
  }

  /** The located window could not be scanned: a data condition, reported as an empty finding. */
  public static final class NothingToExplain extends RuntimeException {
    NothingToExplain(String message) {
      super(message);
    }
  }
}
