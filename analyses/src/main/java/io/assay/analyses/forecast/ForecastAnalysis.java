package io.assay.analyses.forecast;

import io.assay.algorithms.forecast.ForecastRequest;
import io.assay.algorithms.forecast.ForecastResult;
import io.assay.analyses.Analysis;
import io.assay.analyses.AnalysisContext;
import io.assay.analyses.ArgsSchema;
import io.assay.analyses.CueWords;
import io.assay.analyses.MetricTraits;
import io.assay.analyses.PlannerEntry;
import io.assay.analyses.StepQueries;
import io.assay.analyses.support.Periods;
import io.assay.analyses.support.Series;
import io.assay.contract.finding.ArtifactRef;
import io.assay.contract.finding.DataDescription;
import io.assay.contract.finding.Finding;
import io.assay.contract.finding.FindingStatus;
import io.assay.contract.plan.StepArgs;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code forecast}: the metric's series over its history and the forecaster's prediction for the
 * next {@code horizon} buckets, with a 95% band where the forecaster gives a standard deviation.
 * Bind args ({@link ForecastArgs}) → query the history → forecast → describe ({@link
 * ForecastDescription}).
 */
public final class ForecastAnalysis implements Analysis {
  public static final String NAME = "forecast";
  static final int MIN_POINTS = 6;

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public CueWords cues() {
    return CueWords.of(
        CueWords.Cue.of(
            "FORECAST",
            "the next periods predicted",
            "forecast",
            "forecasts",
            "predict",
            "prediction",
            "projection",
            "project",
            "expected next",
            "next month",
            "next quarter",
            "next year",
            "coming months",
            "next"));
  }

  @Override
  public Optional<PlannerEntry> planner() {
    return Optional.of(ForecastPlanning.ENTRY);
  }

  @Override
  public String description() {
    return "Forecasts a metric's next periods from its history, with an uncertainty band.";
  }

  @Override
  public ArgsSchema argsSchema() {
    return ForecastArgs.SCHEMA;
  }

  @Override
  public Finding run(StepArgs rawArgs, String question, AnalysisContext context) {
    ForecastArgs args = ForecastArgs.bind(rawArgs, context);
    StepQueries q = context.queries(NAME);
    Finding.Builder f = Finding.builder(q.stepId(), NAME);
    String grain = Periods.word(args.grain());
    f.goal(
        "Forecast "
            + MetricTraits.words(args.metric())
            + " for the next "
            + args.horizon()
            + " "
            + grain
            + "s.");
    Series series =
        Series.load(q, "history", args.metric(), args.grain(), args.history(), args.filters());
    f.data(
        new DataDescription(
            args.grain().adjective()
                + " "
                + MetricTraits.words(args.metric())
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
      return f.keyPath("history " + args.history().describe() + " → too short")
          .error(
              "Only "
                  + series.size()
                  + " "
                  + grain
                  + "s of "
                  + MetricTraits.words(args.metric())
                  + " to learn from; a forecast needs at least "
                  + MIN_POINTS
                  + ".")
          .nextStep("Use a longer history or a finer grain.")
          .build(series.size() == 0 ? FindingStatus.EMPTY : FindingStatus.FAILED);
    }
    ForecastResult result = forecast(args, series, context);
    if (result instanceof ForecastResult.Failure failure) {
      q.stored().forEach(f::artifact);
      return f.keyPath("history " + args.history().describe() + " → forecaster failed")
          .error("The forecaster failed: " + failure.error())
          .build(FindingStatus.FAILED);
    }
    ForecastResult.Success s = (ForecastResult.Success) result;
    List<ForecastPoint> points = points(args, series, s);
    if (points.size() < args.horizon()) {
      q.stored().forEach(f::artifact);
      return f.error(
              "The forecaster returned a non-numeric prediction for step "
                  + (points.size() + 1)
                  + ".")
          .build(FindingStatus.FAILED);
    }
    ArtifactRef ref = q.computation("forecast", content(args, series, s.source(), points));
    new ForecastDescription(args, series, points, ref, q).describe(f, s.source());
    q.stored().forEach(f::artifact);
    return f.build(FindingStatus.OK);
  }

  private static ForecastResult forecast(
      ForecastArgs args, Series series, AnalysisContext context) {
    List<Map<String, Object>> rows = new ArrayList<>();
    for (int i = 0; i < series.size(); i++) {
      rows.add(Map.of("period", series.iso(i), "value", series.values()[i]));
    }
    return context
        .forecaster()
        .forecast(
            new ForecastRequest(
                rows, args.horizon(), Periods.frequency(args.grain()), null, "value"));
  }

  /** The predicted buckets, stopping before the first non-numeric prediction. */
  private static List<ForecastPoint> points(
      ForecastArgs args, Series series, ForecastResult.Success s) {
    LocalDate last = series.points().get(series.size() - 1).start();
    List<ForecastPoint> points = new ArrayList<>();
    for (int h = 0; h < args.horizon(); h++) {
      Double p = s.predictions().get(h);
      if (p == null || !Double.isFinite(p)) {
        break;
      }
      Double sd = s.predictionStd() == null ? null : s.predictionStd().get(h);
      String period = Periods.iso(args.grain(), Periods.plus(args.grain(), last, h + 1));
      points.add(new ForecastPoint(period, p, sd != null && Double.isFinite(sd) ? sd : null));
    }
    return points;
  }

  /** The forecast artifact's content: what the figures cite. */
  private static Map<String, Object> content(
      ForecastArgs args, Series series, String model, List<ForecastPoint> points) {
    List<Map<String, Object>> shown = new ArrayList<>();
    for (ForecastPoint p : points) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("period", p.period());
      m.put("forecast", p.forecast());
      if (p.std() != null) {
        m.put("std", p.std());
        m.put("lower", p.lower());
        m.put("upper", p.upper());
      }
      shown.add(m);
    }
    Map<String, Object> content = new LinkedHashMap<>();
    content.put("metric", args.metric().name());
    content.put("grain", Periods.word(args.grain()));
    content.put("model", model);
    content.put("history_start", series.iso(0));
    content.put("history_end", series.iso(series.size() - 1));
    content.put("horizon", args.horizon());
    content.put("points", shown);
    return content;
  }
}
