package io.assay.report.render;

import io.assay.contract.finding.ContributionBars;
import io.assay.contract.finding.TimeSeriesChart;
import io.assay.report.body.Fact;
import io.assay.report.render.ReportView.BarGeom;
import io.assay.report.render.ReportView.BarsSvg;
import io.assay.report.render.ReportView.Dot;
import io.assay.report.render.ReportView.Grid;
import io.assay.report.render.ReportView.Label;
import io.assay.report.render.ReportView.PointTip;
import io.assay.report.render.ReportView.Rect;
import io.assay.report.render.ReportView.SeriesSvg;
import io.assay.report.render.ReportView.Tick;
import io.assay.report.words.Periods;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

/**
 * Lays out server-side SVG charts. The only numbers a drawing prints are facts (the scale's lowest
 * and highest value, interval peaks, bar shares) and dates (first and last period, interval
 * starts); the geometry itself lives in attributes.
 */
final class SvgCharts {
  static final int WIDTH = 720;
  private static final int SERIES_HEIGHT = 280;
  private static final double LEFT = 90;
  private static final double RIGHT = 20;
  private static final double TOP = 24;
  private static final double BOTTOM = 40;
  private static final double BAR_ROW = 28;
  private static final double BAR_LABEL = 200;
  private static final double BAR_VALUE = 70;

  private SvgCharts() {}

  /** A fact by chart role. */
  interface Facts extends Function<String, Fact> {}

  static SeriesSvg series(TimeSeriesChart chart, Map<String, String> roles, Facts facts) {
    Fact min = facts.apply(roles.get("min"));
    Fact max = facts.apply(roles.get("max"));
    double lo = min.value();
    double hi = max.value();
    if (hi == lo) {
      double pad = hi == 0 ? 1 : Math.abs(hi) * 0.05;
      lo -= pad;
      hi += pad;
    }
    List<TimeSeriesChart.Point> pts = chart.points();
    Periods.Grain grain = Periods.grainOf(pts.stream().map(TimeSeriesChart.Point::period).toList());
    double plotW = WIDTH - LEFT - RIGHT;
    double plotH = SERIES_HEIGHT - TOP - BOTTOM;
    double step = plotW / (pts.size() - 1);
    double scaleLo = lo;
    double scaleHi = hi;
    Function<Integer, Double> x = i -> LEFT + i * step;
    Function<Double, Double> y = v -> TOP + (scaleHi - v) / (scaleHi - scaleLo) * plotH;

    List<String> bands = bands(pts, x, y);
    List<String> baselines = baselines(pts, x, y);
    StringBuilder actual = new StringBuilder();
    for (int i = 0; i < pts.size(); i++) {
      actual.append(f(x.apply(i))).append(',').append(f(y.apply(pts.get(i).actual()))).append(' ');
    }

    List<Rect> rects = new ArrayList<>();
    List<Dot> dots = new ArrayList<>();
    List<Label> labels = new ArrayList<>();
    labels.add(new Label("fact", max.display(), max.id(), f(LEFT - 8), f(TOP + 4), "end"));
    labels.add(new Label("fact", min.display(), min.id(), f(LEFT - 8), f(TOP + plotH + 4), "end"));
    List<Double> axisDates = new ArrayList<>();
    List<Double> intervalDates = new ArrayList<>();
    List<Tick> ticks = new ArrayList<>();
    int last = pts.size() - 1;
    addDate(labels, axisDates, pts.get(0).period(), grain, x.apply(0), TOP + plotH + 18, "start");
    addDate(
        labels, axisDates, pts.get(last).period(), grain, x.apply(last), TOP + plotH + 18, "end");
    // Ticks on every period when there are few, else on about six evenly spaced ones.
    int every = Math.max(1, (int) Math.ceil(pts.size() / 6.0));
    for (int i = 0; i <= last; i++) {
      ticks.add(new Tick(f(x.apply(i)), f(TOP + plotH), f(TOP + plotH + 5)));
      if (i % every == 0 && i != 0 && i != last) {
        addDate(
            labels, axisDates, pts.get(i).period(), grain, x.apply(i), TOP + plotH + 18, "middle");
      }
    }
    List<Grid> grid = new ArrayList<>();
    for (int k = 1; k <= 3; k++) {
      grid.add(new Grid(f(TOP + plotH * k / 4.0)));
    }
    List<PointTip> tips = tips(pts, grain, roles, facts, x, y);
    for (int n = 0; n < chart.intervals().size(); n++) {
      TimeSeriesChart.AnomalyInterval interval = chart.intervals().get(n);
      int s = indexOf(pts, interval.start());
      int e = indexOf(pts, interval.end());
      double x0 = Math.max(LEFT, x.apply(s) - step / 2);
      double x1 = Math.min(WIDTH - RIGHT, x.apply(e) + step / 2);
      rects.add(new Rect(f(x0), f(TOP), f(x1 - x0), f(plotH)));
      for (int i = s; i <= e; i++) {
        dots.add(new Dot(f(x.apply(i)), f(y.apply(pts.get(i).actual()))));
      }
      Fact peak = facts.apply(roles.get("peak." + n));
      labels.add(
          new Label("fact", peak.display(), peak.id(), f((x0 + x1) / 2), f(TOP - 8), "middle"));
      addDate(
          labels,
          intervalDates,
          interval.start(),
          grain,
          (x0 + x1) / 2,
          TOP + plotH + 32,
          "middle");
    }
    return new SeriesSvg(
        WIDTH,
        SERIES_HEIGHT,
        bands,
        baselines,
        actual.toString().strip(),
        rects,
        dots,
        labels,
        tips,
        grid,
        ticks,
        !bands.isEmpty(),
        !baselines.isEmpty(),
        f(LEFT),
        f(WIDTH - RIGHT),
        f(TOP),
        f(TOP + plotH),
        // Bodies frozen before the data range was its own fact carry the drawn scale only.
        facts.apply(roles.getOrDefault("low", roles.get("min"))),
        facts.apply(roles.getOrDefault("high", roles.get("max"))));
  }

  /** The forecast band as polygons, one per run of at least two banded periods. */
  private static List<String> bands(
      List<TimeSeriesChart.Point> pts, Function<Integer, Double> x, Function<Double, Double> y) {
    List<String> bands = new ArrayList<>();
    List<Integer> run = new ArrayList<>();
    for (int i = 0; i <= pts.size(); i++) {
      boolean banded = i < pts.size() && pts.get(i).lower() != null;
      if (banded) {
        run.add(i);
        continue;
      }
      if (run.size() >= 2) {
        StringBuilder poly = new StringBuilder();
        for (int j : run) {
          poly.append(f(x.apply(j))).append(',').append(f(y.apply(pts.get(j).upper()))).append(' ');
        }
        for (int k = run.size() - 1; k >= 0; k--) {
          int j = run.get(k);
          poly.append(f(x.apply(j))).append(',').append(f(y.apply(pts.get(j).lower()))).append(' ');
        }
        bands.add(poly.toString().strip());
      }
      run.clear();
    }
    return bands;
  }

  /** The baseline as polylines, one per run of at least two periods that have one. */
  private static List<String> baselines(
      List<TimeSeriesChart.Point> pts, Function<Integer, Double> x, Function<Double, Double> y) {
    List<String> baselines = new ArrayList<>();
    List<Integer> run = new ArrayList<>();
    for (int i = 0; i <= pts.size(); i++) {
      boolean has = i < pts.size() && pts.get(i).baseline() != null;
      if (has) {
        run.add(i);
        continue;
      }
      if (run.size() >= 2) {
        StringBuilder line = new StringBuilder();
        for (int j : run) {
          line.append(f(x.apply(j)))
              .append(',')
              .append(f(y.apply(pts.get(j).baseline())))
              .append(' ');
        }
        baselines.add(line.toString().strip());
      }
      run.clear();
    }
    return baselines;
  }

  /** What hovering each point shows: its period as people write it and its value, a fact. */
  private static List<PointTip> tips(
      List<TimeSeriesChart.Point> pts,
      Periods.Grain grain,
      Map<String, String> roles,
      Facts facts,
      Function<Integer, Double> x,
      Function<Double, Double> y) {
    List<PointTip> tips = new ArrayList<>();
    for (int i = 0; i < pts.size(); i++) {
      Fact value = facts.apply(roles.get("point." + i));
      String period = pts.get(i).period();
      Periods.Grain g = Periods.fits(period, grain) ? grain : null;
      tips.add(
          new PointTip(
              f(x.apply(i)),
              f(y.apply(pts.get(i).actual())),
              period,
              g == null ? "" : g.word(),
              value.id(),
              Periods.show(period, g) + ": " + value.display()));
    }
    return tips;
  }

  static BarsSvg bars(
      ContributionBars chart,
      Map<String, String> roles,
      Facts facts,
      java.util.function.UnaryOperator<String> words) {
    List<ContributionBars.Bar> bars = chart.bars();
    double maxAbs = bars.stream().mapToDouble(b -> Math.abs(b.share())).max().orElse(1);
    if (maxAbs == 0) {
      maxAbs = 1;
    }
    boolean negatives = bars.stream().anyMatch(b -> b.share() < 0);
    double area = WIDTH - BAR_LABEL - BAR_VALUE;
    double zero = negatives ? BAR_LABEL + area / 2 : BAR_LABEL;
    double span = negatives ? area / 2 : area;
    List<BarGeom> out = new ArrayList<>();
    for (int i = 0; i < bars.size(); i++) {
      ContributionBars.Bar bar = bars.get(i);
      double len = Math.abs(bar.share()) / maxAbs * span;
      double top = 8 + i * BAR_ROW;
      double x0 = bar.share() < 0 ? zero - len : zero;
      Fact share = facts.apply(roles.get("share." + i));
      double valueX = bar.share() < 0 ? zero + 6 : zero + len + 6;
      out.add(
          new BarGeom(
              words.apply(bar.element()),
              f(top + 15),
              f(x0),
              f(top),
              f(Math.max(len, 1)),
              f(20),
              bar.share() < 0,
              new Label("fact", share.display(), share.id(), f(valueX), f(top + 15), "start")));
    }
    int height = (int) Math.ceil(16 + bars.size() * BAR_ROW);
    return new BarsSvg(WIDTH, height, f(zero), out);
  }

  private static void addDate(
      List<Label> labels,
      List<Double> xs,
      String iso,
      Periods.Grain grain,
      double at,
      double y,
      String anchor) {
    Periods.Grain g = Periods.fits(iso, grain) ? grain : null;
    // Labels of one row may not overlap: each takes about 6 px per character at 11 px.
    double w = Periods.show(iso, g).length() * 6.2 + 10;
    double x0 =
        switch (anchor) {
          case "start" -> at;
          case "end" -> at - w;
          default -> at - w / 2;
        };
    for (int k = 0; k + 1 < xs.size(); k += 2) {
      if (x0 < xs.get(k + 1) && xs.get(k) < x0 + w) {
        return;
      }
    }
    xs.add(x0);
    xs.add(x0 + w);
    labels.add(
        new Label(
            "date", Periods.show(iso, g), iso, f(at), f(y), anchor, g == null ? "" : g.word()));
  }

  private static int indexOf(List<TimeSeriesChart.Point> pts, String period) {
    for (int i = 0; i < pts.size(); i++) {
      if (pts.get(i).period().equals(period)) {
        return i;
      }
    }
    throw new IllegalArgumentException("period " + period + " is not in the series");
  }

  private static String f(double v) {
    return String.format(Locale.ROOT, "%.1f", v);
  }
}
