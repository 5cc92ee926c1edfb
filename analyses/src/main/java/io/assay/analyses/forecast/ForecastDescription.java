package io.assay.analyses.forecast;

import io.assay.analyses.MetricTraits;
import io.assay.analyses.StepQueries;
import io.assay.analyses.support.Figures;
import io.assay.analyses.support.MetricDisplay;
import io.assay.analyses.support.Metrics;
import io.assay.analyses.support.Periods;
import io.assay.analyses.support.Series;
import io.assay.contract.finding.ArtifactRef;
import io.assay.contract.finding.Derivation;
import io.assay.contract.finding.DisplayFormat;
import io.assay.contract.finding.Finding;
import io.assay.contract.finding.Operation;
import io.assay.contract.finding.TableData;
import io.assay.contract.finding.TimeSeriesChart;
import io.assay.recon.MetricDefinition;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Writes a computed forecast into its Finding: figures that cite the forecast artifact, the
 * statements built on them, the forecast table and the recent history chart.
 */
final class ForecastDescription {
  /** The most history buckets the chart shows. */
  private static final int CHART_HISTORY = 36;

  private final ForecastArgs args;
  private final Series series;
  private final List<ForecastPoint> points;
  private final ArtifactRef forecast;
  private final StepQueries queries;
  private final MetricDefinition metric;
  private final DisplayFormat format;
  private final String unit;

  ForecastDescription(
      ForecastArgs args,
      Series series,
      List<ForecastPoint> points,
      ArtifactRef forecast,
      StepQueries queries) {
    this.args = args;
    this.series = series;
    this.points = points;
    this.forecast = forecast;
    this.queries = queries;
    this.metric = args.metric();
    this.format = MetricDisplay.format(metric);
    this.unit = MetricDisplay.unit(metric);
  }

  void describe(Finding.Builder f, String model) {
    f.keyPath(
        args.grain().adjective()
            + " history "
            + series.iso(0)
            + ".."
            + series.iso(series.size() - 1)
            + " → "
            + model
            + " → "
            + args.horizon()
            + " step(s) ahead");
    nextAndLast(f);
    horizon(f);
    charts(f);
    f.nextStep(
        "Compare the forecast with the actual values as they arrive (a trend anomaly scan).");
  }

  private void nextAndLast(Finding.Builder f) {
    String nextPeriod = points.get(0).period();
    String lastPeriod = series.iso(series.size() - 1);
    Derivation next = forecastAt(0);
    Derivation lastActual = lastActual(lastPeriod);
    f.figure(
        Figures.of(
            "next_forecast",
            "Forecast of " + MetricTraits.words(metric) + " for " + nextPeriod,
            unit,
            format,
            next));
    f.figure(
        Figures.of(
            "last_actual", Metrics.title(metric) + " in " + lastPeriod, unit, format, lastActual));
    f.figure(
        Figures.of(
            "horizon",
            "Forecast horizon in " + Periods.word(args.grain()) + "s",
            "",
            DisplayFormat.number(0),
            Derivation.value("horizon", args.horizon(), forecast, "/horizon")));
    boolean growth = series.values()[series.size() - 1] != 0;
    if (growth) {
      f.figure(
          Figures.of(
              "next_vs_last",
              "Forecast change from " + lastPeriod + " to " + nextPeriod,
              "",
              DisplayFormat.percent(1),
              Figures.combine(Operation.GROWTH, lastActual, next)));
    }
    f.statement(
        "The forecast of {label:"
            + MetricTraits.words(metric)
            + "} for {date:"
            + nextPeriod
            + "} is {fig:next_forecast}"
            + (growth
                ? ", {fig:next_vs_last} against the last actual value"
                : " against the last actual value")
            + " ({fig:last_actual} in {date:"
            + lastPeriod
            + "}).");
  }

  /** The last actual value; a zero-filled last bucket has no row to cite, so a computation does. */
  private Derivation lastActual(String lastPeriod) {
    int lastIndex = series.size() - 1;
    if (series.points().get(lastIndex).row() >= 0) {
      return series.valueDerivation(lastIndex, null, null);
    }
    ArtifactRef tail =
        queries.computation(
            "history_tail", Map.of("period", lastPeriod, "value", series.values()[lastIndex]));
    return Derivation.value(
        metric.name() + " " + lastPeriod, series.values()[lastIndex], tail, "/value");
  }

  /** Over a horizon longer than one bucket: the total (additive metrics) or the mean. */
  private void horizon(Finding.Builder f) {
    if (args.horizon() <= 1) {
      return;
    }
    List<Derivation> all = new ArrayList<>();
    for (int h = 0; h < args.horizon(); h++) {
      all.add(forecastAt(h));
    }
    if (MetricTraits.additive(metric)) {
      f.figure(
          Figures.of(
              "horizon_total",
              "Forecast total over the horizon",
              unit,
              format,
              Figures.combine(Operation.SUM, all)));
      f.statement(
          "Over the next {fig:horizon} periods the forecast adds up to {fig:horizon_total}.");
    } else {
      f.figure(
          Figures.of(
              "horizon_mean",
              "Mean forecast over the horizon",
              unit,
              MetricDisplay.averaged(metric),
              Figures.combine(Operation.MEAN, all)));
      f.statement("Over the next {fig:horizon} periods the forecast averages {fig:horizon_mean}.");
    }
  }

  private Derivation forecastAt(int h) {
    ForecastPoint p = points.get(h);
    return Derivation.value(
        "forecast " + p.period(), p.forecast(), forecast, "/points/" + h + "/forecast");
  }

  private void charts(Finding.Builder f) {
    List<TableData.Row> table = new ArrayList<>();
    for (ForecastPoint p : points) {
      List<Double> values = new ArrayList<>();
      values.add(p.forecast());
      values.add(p.lower());
      values.add(p.upper());
      table.add(new TableData.Row(List.of(p.period()), values));
    }
    f.chart(
        queries.chart(
            new TableData(
                "forecast",
                "Forecast of " + MetricTraits.words(metric) + " (95% band)",
                List.of("period"),
                List.of(
                    new TableData.ValueColumn("forecast", unit, format),
                    new TableData.ValueColumn("lower", unit, format),
                    new TableData.ValueColumn("upper", unit, format)),
                table,
                null)));
    List<TimeSeriesChart.Point> hist = new ArrayList<>();
    for (int i = Math.max(0, series.size() - CHART_HISTORY); i < series.size(); i++) {
      hist.add(new TimeSeriesChart.Point(series.iso(i), series.values()[i], null, null, null));
    }
    if (hist.size() >= 2) {
      f.chart(
          queries.chart(
              new TimeSeriesChart(
                  "history",
                  Metrics.title(metric) + " by " + Periods.word(args.grain()),
                  unit,
                  format,
                  hist,
                  List.of(),
                  null)));
    }
  }
}
