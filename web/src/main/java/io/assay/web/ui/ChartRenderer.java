package io.assay.web.ui;

import io.assay.contract.finding.ChartData;
import io.assay.contract.finding.ContributionBars;
import io.assay.contract.finding.DisplayFormat;
import io.assay.contract.finding.TimeSeriesChart;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.springframework.stereotype.Component;

/**
 * Lays out the charts of Findings for the job page while a job runs: a time series with its
 * baseline band and anomaly intervals, and contribution bars. (The report draws its own charts from
 * its frozen facts; this view draws the Finding's chart data as stored.)
 */
@Component
public class ChartRenderer {
  static final int WIDTH = 640;
  private static final int SERIES_HEIGHT = 240;
  private static final double LEFT = 130;
  private static final double RIGHT = 16;
  private static final double TOP = 16;
  private static final double BOTTOM = 36;
  private static final double BAR_ROW = 26;
  private static final double BAR_LABEL = 180;
  private static final double BAR_TEXT = 150;

  /** The plot of a chart, or null for a table (tables are shown as HTML tables). */
  public Plot plot(ChartData chart) {
    if (chart instanceof TimeSeriesChart series) {
      return series(series);
    }
    if (chart instanceof ContributionBars bars) {
      return bars(bars);
    }
    return null;
  }

  Plot series(TimeSeriesChart chart) {
    List<TimeSeriesChart.Point> pts = chart.points();
    double lo = Double.POSITIVE_INFINITY;
    double hi = Double.NEGATIVE_INFINITY;
    for (TimeSeriesChart.Point p : pts) {
      for (Double v : new Double[] {p.actual(), p.baseline(), p.lower(), p.upper()}) {
        if (v != null) {
          lo = Math.min(lo, v);
          hi = Math.max(hi, v);
        }
      }
    }
    if (hi == lo) {
      double pad = hi == 0 ? 1 : Math.abs(hi) * 0.05;
      lo -= pad;
      hi += pad;
    }
    double plotW = WIDTH - LEFT - RIGHT;
    double plotH = SERIES_HEIGHT - TOP - BOTTOM;
    double step = plotW / (pts.size() - 1);
    double scaleLo = lo;
    double scaleHi = hi;
    java.util.function.IntToDoubleFunction x = i -> LEFT + i * step;
    java.util.function.DoubleUnaryOperator y =
        v -> TOP + (scaleHi - v) / (scaleHi - scaleLo) * plotH;

    List<Plot.Shape> polygons = new ArrayList<>();
    List<Plot.Shape> lines = new ArrayList<>();
    List<Plot.Box> boxes = new ArrayList<>();
    List<Plot.Text> texts = new ArrayList<>();

    // Band and baseline are drawn per run of consecutive points that have them.
    List<Integer> run = new ArrayList<>();
    for (int i = 0; i <= pts.size(); i++) {
      if (i < pts.size() && pts.get(i).lower() != null) {
        run.add(i);
        continue;
      }
      if (run.size() >= 2) {
        StringBuilder poly = new StringBuilder();
        for (int j : run) {
          poly.append(pt(x.applyAsDouble(j), y.applyAsDouble(pts.get(j).upper())));
        }
        for (int k = run.size() - 1; k >= 0; k--) {
          int j = run.get(k);
          poly.append(pt(x.applyAsDouble(j), y.applyAsDouble(pts.get(j).lower())));
        }
        polygons.add(new Plot.Shape(poly.toString().strip(), "band"));
      }
      run.clear();
    }
    for (int i = 0; i <= pts.size(); i++) {
      if (i < pts.size() && pts.get(i).baseline() != null) {
        run.add(i);
        continue;
      }
      if (run.size() >= 2) {
        StringBuilder line = new StringBuilder();
        for (int j : run) {
          line.append(pt(x.applyAsDouble(j), y.applyAsDouble(pts.get(j).baseline())));
        }
        lines.add(new Plot.Shape(line.toString().strip(), "baseline"));
      }
      run.clear();
    }
    StringBuilder actual = new StringBuilder();
    for (int i = 0; i < pts.size(); i++) {
      actual.append(pt(x.applyAsDouble(i), y.applyAsDouble(pts.get(i).actual())));
    }
    lines.add(new Plot.Shape(actual.toString().strip(), "actual"));

    for (TimeSeriesChart.AnomalyInterval interval : chart.intervals()) {
      int s = indexOf(pts, interval.start());
      int e = indexOf(pts, interval.end());
      double x0 = Math.max(LEFT, x.applyAsDouble(s) - step / 2);
      double x1 = Math.min(WIDTH - RIGHT, x.applyAsDouble(e) + step / 2);
      String title =
          interval.direction().name().toLowerCase(Locale.ROOT)
              + " "
              + interval.start()
              + (interval.end().equals(interval.start()) ? "" : " – " + interval.end());
      boxes.add(
          new Plot.Box(
              f(x0),
              f(TOP),
              f(x1 - x0),
              f(plotH),
              "anomaly " + interval.direction().name().toLowerCase(Locale.ROOT),
              title));
    }
    DisplayFormat format = chart.format();
    String unit = chart.unit().isEmpty() ? "" : " " + chart.unit();
    texts.add(new Plot.Text(f(LEFT - 6), f(TOP + 4), "end", "axis", format.format(scaleHi) + unit));
    texts.add(
        new Plot.Text(
            f(LEFT - 6), f(TOP + plotH + 4), "end", "axis", format.format(scaleLo) + unit));
    texts.add(new Plot.Text(f(LEFT), f(TOP + plotH + 20), "start", "axis", pts.get(0).period()));
    texts.add(
        new Plot.Text(
            f(WIDTH - RIGHT),
            f(TOP + plotH + 20),
            "end",
            "axis",
            pts.get(pts.size() - 1).period()));
    lines.add(
        new Plot.Shape(
            pt(LEFT, TOP) + pt(LEFT, TOP + plotH) + pt(WIDTH - RIGHT, TOP + plotH), "frame"));
    String description =
        chart.title()
            + ": "
            + pts.size()
            + " periods from "
            + pts.get(0).period()
            + " to "
            + pts.get(pts.size() - 1).period()
            + ", "
            + chart.intervals().size()
            + " anomaly interval(s)";
    return new Plot(WIDTH, SERIES_HEIGHT, polygons, lines, boxes, texts, description);
  }

  Plot bars(ContributionBars chart) {
    List<ContributionBars.Bar> bars = chart.bars();
    double max = bars.stream().mapToDouble(b -> Math.abs(b.share())).max().orElse(1);
    if (max == 0) {
      max = 1;
    }
    double plotW = WIDTH - BAR_LABEL - BAR_TEXT;
    int height = (int) Math.ceil(TOP + bars.size() * BAR_ROW + 8);
    List<Plot.Box> boxes = new ArrayList<>();
    List<Plot.Text> texts = new ArrayList<>();
    DisplayFormat value = chart.valueFormat();
    String unit = chart.unit().isEmpty() ? "" : " " + chart.unit();
    for (int i = 0; i < bars.size(); i++) {
      ContributionBars.Bar bar = bars.get(i);
      double top = TOP + i * BAR_ROW;
      double w = Math.abs(bar.share()) / max * plotW;
      String css = bar.actual() < bar.baseline() ? "bar drop" : "bar rise";
      String title =
          bar.element()
              + ": "
              + value.format(bar.baseline())
              + unit
              + " → "
              + value.format(bar.actual())
              + unit;
      boxes.add(
          new Plot.Box(f(BAR_LABEL), f(top + 4), f(Math.max(w, 1)), f(BAR_ROW - 8), css, title));
      texts.add(
          new Plot.Text(f(BAR_LABEL - 8), f(top + BAR_ROW / 2 + 4), "end", "label", bar.element()));
      texts.add(
          new Plot.Text(
              f(BAR_LABEL + w + 6),
              f(top + BAR_ROW / 2 + 4),
              "start",
              "value",
              ContributionBars.SHARE_FORMAT.format(bar.share())));
    }
    String description =
        chart.title() + ": share of the change explained by each " + chart.dimension() + " value";
    return new Plot(WIDTH, height, List.of(), List.of(), boxes, texts, description);
  }

  private static int indexOf(List<TimeSeriesChart.Point> pts, String period) {
    for (int i = 0; i < pts.size(); i++) {
      if (pts.get(i).period().equals(period)) {
        return i;
      }
    }
    throw new IllegalArgumentException("period " + period + " is not in the series");
  }

  private static String pt(double x, double y) {
    return f(x) + "," + f(y) + " ";
  }

  private static String f(double v) {
    return String.format(Locale.ROOT, "%.1f", v);
  }
}
