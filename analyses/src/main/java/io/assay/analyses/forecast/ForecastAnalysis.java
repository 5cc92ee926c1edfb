package io.assay.analyses.forecast;

import io.assay.algorithms.forecast.ForecastRequest;
import io.assay.algorithms.forecast.ForecastResult;
import io.assay.analyses.Analysis;
import io.assay.analyses.AnalysisContext;
import io.assay.analyses.ArgSpec;
import io.assay.analyses.ArgType;
import io.assay.analyses.Args;
import io.assay.analyses.ArgsSchema;
import io.assay.analyses.DateSpan;
import io.assay.analyses.MetricInfo;
import io.assay.analyses.StepQueries;
import io.assay.analyses.support.Figures;
import io.assay.analyses.support.MetricDisplay;
import io.assay.analyses.support.Metrics;
import io.assay.analyses.support.Periods;
import io.assay.analyses.support.Series;
import io.assay.analyses.support.Windows;
import io.assay.contract.finding.ArtifactRef;
import io.assay.contract.finding.DataDescription;
import io.assay.contract.finding.Derivation;
import io.assay.contract.finding.DisplayFormat;
import io.assay.contract.finding.Finding;
import io.assay.contract.finding.FindingStatus;
import io.assay.contract.finding.Operation;
import io.assay.contract.finding.TableData;
import io.assay.contract.finding.TimeSeriesChart;
import io.assay.pick.TimeGrain;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code forecast}: the metric's series over its history and the forecaster's prediction for the
 * next {@code horizon} buckets, with a 95% band where the forecaster gives a standard deviation.
 */
public final class ForecastAnalysis implements Analysis {
  public static final String NAME = "forecast";
  static final int MIN_POINTS = 6;
  private static final double Z95 = 1.959963984540054;

  private static final ArgsSchema SCHEMA =
      ArgsSchema.of(
          ArgSpec.required("metric", ArgType.METRIC, "the metric to forecast"),
          ArgSpec.optional("grain", ArgType.TIME_GRAIN, "bucket of the series", "month"),
          ArgSpec.optional("horizon", ArgType.INTEGER, "buckets to forecast, 1..60", 6),
          ArgSpec.optional(
              "time", ArgType.TIME_FILTER, "history to learn from; all data by default", null),
          ArgSpec.optional("filters", ArgType.FILTERS, "restrict the rows", null));

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String description() {
    return "Forecasts a metric's next periods from its history, with an uncertainty band.";
  }

  @Override
  public ArgsSchema argsSchema() {
    return SCHEMA;
  }

  @Override
  public Finding run(Map<String, Object> rawArgs, String question, AnalysisContext context) {
    Args args = SCHEMA.bind(NAME, rawArgs, context.catalog());
    MetricInfo metric = Metrics.require(args, "metric", context);
    String timeColumn = Metrics.timeColumn(args, metric);
    TimeGrain grain = args.grain("grain");
    int horizon = args.integer("horizon");
    if (horizon < 1 || horizon > 60) {
      throw args.invalid("arg 'horizon' must be between 1 and 60, got " + horizon);
    }
    DateSpan span = Metrics.span(context, timeColumn);
    Periods.Range history;
    if (args.has("time")) {
      history = Windows.complete(args, "time", grain, span);
    } else {
      if (span == null) {
        throw args.invalid("give 'time': the data's date range is not known for " + timeColumn);
      }
      history =
          Windows.trim(args, "time", new Periods.Range(span.first(), span.last()), grain, span);
    }
    StepQueries q = context.queries(NAME);
    Finding.Builder f = Finding.builder(q.stepId(), NAME);
    f.goal(
        "Forecast "
            + metric.words()
            + " for the next "
            + horizon
            + " "
            + Periods.word(grain)
            + "s.");
    Series series = Series.load(q, "history", metric, grain, history, args.filters("filters"));
    f.data(
        new DataDescription(
            Periods.word(grain)
                + "ly "
                + metric.words()
                + ", "
                + series.size()
                + " buckets"
                + (series.size() > 0
                    ? " from " + series.iso(0) + " to " + series.iso(series.size() - 1)
                    : ""),
            series.query().rows().size(),
            series.query().rows().columns()));
    if (series.size() < MIN_POINTS) {
      q.stored().forEach(f::artifact);
      return f.keyPath("history " + history.describe() + " → too short")
          .error(
              "Only "
                  + series.size()
                  + " "
                  + Periods.word(grain)
                  + "s of "
                  + metric.words()
                  + " to learn from; a forecast needs at least "
                  + MIN_POINTS
                  + ".")
          .nextStep("Use a longer history or a finer grain.")
          .build(series.size() == 0 ? FindingStatus.EMPTY : FindingStatus.FAILED);
    }
    List<Map<String, Object>> rows = new ArrayList<>();
    for (int i = 0; i < series.size(); i++) {
      rows.add(Map.of("period", series.iso(i), "value", series.values()[i]));
    }
    ForecastResult result =
        context
            .forecaster()
            .forecast(new ForecastRequest(rows, horizon, Periods.frequency(grain), null, "value"));
    if (result instanceof ForecastResult.Failure failure) {
      q.stored().forEach(f::artifact);
      return f.keyPath("history " + history.describe() + " → forecaster failed")
          .error("The forecaster failed: " + failure.error())
          .build(FindingStatus.FAILED);
    }
    ForecastResult.Success s = (ForecastResult.Success) result;
    LocalDate last = series.points().get(series.size() - 1).start();
    List<Map<String, Object>> points = new ArrayList<>();
    List<TableData.Row> table = new ArrayList<>();
    for (int h = 0; h < horizon; h++) {
      Double p = s.predictions().get(h);
      if (p == null || !Double.isFinite(p)) {
        q.stored().forEach(f::artifact);
        return f.error("The forecaster returned a non-numeric prediction for step " + (h + 1) + ".")
            .build(FindingStatus.FAILED);
      }
      Double sd = s.predictionStd() == null ? null : s.predictionStd().get(h);
      String period = Periods.iso(grain, Periods.plus(grain, last, h + 1));
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("period", period);
      m.put("forecast", p);
      Double lower = null;
      Double upper = null;
      if (sd != null && Double.isFinite(sd)) {
        lower = p - Z95 * sd;
        upper = p + Z95 * sd;
        m.put("std", sd);
        m.put("lower", lower);
        m.put("upper", upper);
      }
      points.add(m);
      List<Double> values = new ArrayList<>();
      values.add(p);
      values.add(lower);
      values.add(upper);
      table.add(new TableData.Row(List.of(period), values));
    }
    Map<String, Object> content = new LinkedHashMap<>();
    content.put("metric", metric.name());
    content.put("grain", Periods.word(grain));
    content.put("model", s.source());
    content.put("history_start", series.iso(0));
    content.put("history_end", series.iso(series.size() - 1));
    content.put("horizon", horizon);
    content.put("points", points);
    ArtifactRef ref = q.computation("forecast", content);
    f.keyPath(
        Periods.word(grain)
            + "ly history "
            + series.iso(0)
            + ".."
            + series.iso(series.size() - 1)
            + " → "
            + s.source()
            + " → "
            + horizon
            + " step(s) ahead");

    DisplayFormat format = MetricDisplay.format(metric);
    String unit = MetricDisplay.unit(metric);
    String title = Metrics.title(metric);
    String nextPeriod = (String) points.get(0).get("period");
    String lastPeriod = series.iso(series.size() - 1);
    Derivation next =
        Derivation.value(
            "forecast " + nextPeriod,
            (Double) points.get(0).get("forecast"),
            ref,
            "/points/0/forecast");
    int lastIndex = series.size() - 1;
    Derivation lastActual;
    if (series.points().get(lastIndex).row() >= 0) {
      lastActual = series.valueDerivation(lastIndex, null, null);
    } else {
      // A zero-filled last bucket has no row to cite; a computation records it.
      ArtifactRef tail =
          q.computation(
              "history_tail", Map.of("period", lastPeriod, "value", series.values()[lastIndex]));
      lastActual =
          Derivation.value(
              metric.name() + " " + lastPeriod, series.values()[lastIndex], tail, "/value");
    }
    f.figure(
        Figures.of(
            "next_forecast",
            "Forecast of " + metric.words() + " for " + nextPeriod,
            unit,
            format,
            next));
    f.figure(Figures.of("last_actual", title + " in " + lastPeriod, unit, format, lastActual));
    f.figure(
        Figures.of(
            "horizon",
            "Forecast horizon in " + Periods.word(grain) + "s",
            "",
            DisplayFormat.number(0),
            Derivation.value("horizon", horizon, ref, "/horizon")));
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
            + metric.words()
            + "} for {date:"
            + nextPeriod
            + "} is {fig:next_forecast}"
            + (growth
                ? ", {fig:next_vs_last} against the last actual value"
                : " against the last actual value")
            + " ({fig:last_actual} in {date:"
            + lastPeriod
            + "}).");
    if (horizon > 1) {
      List<Derivation> all = new ArrayList<>();
      for (int h = 0; h < horizon; h++) {
        all.add(
            Derivation.value(
                "forecast " + points.get(h).get("period"),
                (Double) points.get(h).get("forecast"),
                ref,
                "/points/" + h + "/forecast"));
      }
      if (metric.additive()) {
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
        f.statement(
            "Over the next {fig:horizon} periods the forecast averages {fig:horizon_mean}.");
      }
    }
    f.chart(
        q.chart(
            new TableData(
                "forecast",
                "Forecast of " + metric.words() + " (95% band)",
                List.of("period"),
                List.of(
                    new TableData.ValueColumn("forecast", unit, format),
                    new TableData.ValueColumn("lower", unit, format),
                    new TableData.ValueColumn("upper", unit, format)),
                table,
                null)));
    List<TimeSeriesChart.Point> hist = new ArrayList<>();
    for (int i = Math.max(0, series.size() - 36); i < series.size(); i++) {
      hist.add(new TimeSeriesChart.Point(series.iso(i), series.values()[i], null, null, null));
    }
    if (hist.size() >= 2) {
      f.chart(
          q.chart(
              new TimeSeriesChart(
                  "history",
                  title + " by " + Periods.word(grain),
                  unit,
                  format,
                  hist,
                  List.of(),
                  null)));
    }
    f.nextStep("Compare the forecast with the actual values as they arrive (trend_anomaly).");
    q.stored().forEach(f::artifact);
    return f.build(FindingStatus.OK);
  }
}
