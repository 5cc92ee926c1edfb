package io.assay.analyses.drill;

import io.assay.algorithms.anomaly.AnomalyInterval;
import io.assay.algorithms.anomaly.ScoringWeights;
import io.assay.algorithms.forecast.ForecastRequest;
import io.assay.algorithms.forecast.ForecastResult;
import io.assay.analyses.AnalysisContext;
import io.assay.analyses.Args;
import io.assay.analyses.DateSpan;
import io.assay.analyses.MetricInfo;
import io.assay.analyses.StepQueries;
import io.assay.analyses.support.Periods;
import io.assay.analyses.support.Series;
import io.assay.analyses.support.SeriesScan;
import io.assay.analyses.support.Windows;
import io.assay.analyses.trend.TrendScan;
import io.assay.pick.Filter;
import io.assay.pick.TimeGrain;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The period a drill-down explains and what was expected in it. Either given ({@code actual}, and
 * {@code baseline} for a period-over-period comparison) or found: the most anomalous bucket of a
 * trend scan over {@code time}, the same scan {@code trend_anomaly} runs, whose forecast for that
 * bucket is the expected total.
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

  /** Null when a scan found nothing unusual (nothing to drill into). */
  public static Baseline resolve(
      Args args,
      AnalysisContext context,
      StepQueries q,
      MetricInfo metric,
      TimeGrain grain,
      DateSpan span,
      List<Filter> filters,
      int sharePeriods) {
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
    } else if (args.has("time")) {
      Periods.Range window = Windows.complete(args, "time", grain, span);
      if (Periods.buckets(grain, window.from(), window.to()).size() < 2) {
        throw args.invalid(
            "arg 'time': "
                + window.describe()
                + " is a single "
                + Periods.word(grain)
                + "; give it as 'actual' instead, or widen the window");
      }
      TrendScan scan =
          TrendScan.run(
              q,
              metric,
              grain,
              window,
              Windows.before(window, grain, FORECAST_HISTORY, span),
              filters,
              context.forecaster(),
              ScoringWeights.DEFAULT);
      if (scan.problem() != null) {
        throw new NothingToExplain("could not scan " + window.describe() + ": " + scan.problem());
      }
      AnomalyInterval top = scan.result().top();
      if (top == null) {
        return null;
      }
      int peak = scan.scanStart() + top.peakIndex();
      java.time.LocalDate start = scan.series().points().get(peak).start();
      actual = new Periods.Range(start, Periods.end(grain, start));
      SeriesScan.Result r = scan.result();
      if (!args.has("baseline")) {
        expected = Math.max(0.0, r.baseline()[top.peakIndex()]);
      }
      score = top.peak();
      evidence.put("scanned_window", window.describe());
      evidence.put("located_period", scan.series().iso(peak));
      evidence.put("located_score", top.peak());
      evidence.put("located_actual", scan.series().values()[peak]);
      evidence.put("forecast_models", List.copyOf(r.models()));
      how =
          "located "
              + scan.series().iso(peak)
              + " as the most anomalous "
              + Periods.word(grain)
              + " of "
              + window.describe();
    } else {
      throw args.invalid(
          "give 'actual' (the period to explain) or 'time' (a window to find the unusual period in)");
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
