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
  private static final double TOP = 30;
  private static final int GRID_LINES = 4;
  private static final int MAX_TICKS = 8;
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
    // Gridlines with their values, from the bottom of the scale to its top.
    for (int g = 0; g <= GRID_LINES; g++) {
      double value = scaleLo + (scaleHi - scaleLo) * g / GRID_LINES;
      double gy = y.applyAsDouble(value);
      if (g > 0) {
        lines.add(new Plot.Shape(pt(LEFT, gy) + pt(WIDTH - RIGHT, gy), "grid"));
      }
      texts.add(new Plot.Text(f(LEFT - 6), f(gy + 4), "end", "axis", format.format(value) + unit));
    }
    // Period ticks: every k-th period so that at most MAX_TICKS labels share the axis.
    int every = Math.max(1, (int) Math.ceil(pts.size() / (double) MAX_TICKS));
    for (int i = 0; i < pts.size(); i += every) {
      double tx = x.applyAsDouble(i);
      lines.add(new Plot.Shape(pt(tx, TOP + plotH) + pt(tx, TOP + plotH + 4), "tick"));
      texts.add(
          new Plot.Text(
              f(tx),
              f(TOP + plotH + 18),
              i == 0 ? "start" : i + every >= pts.size() ? "end" : "middle",
              "axis",
              pts.get(i).period()));
    }
    // Values on hover: one transparent column per period, titled with what was measured there.
    for (int i = 0; i < pts.size(); i++) {
      TimeSeriesChart.Point p = pts.get(i);
      double cx = x.applyAsDouble(i);
      double x0 = Math.max(LEFT, cx - step / 2);
      double x1 = Math.min(WIDTH - RIGHT, cx + step / 2);
      StringBuilder title = new StringBuilder(p.period() + ": " + format.format(p.actual()) + unit);
      if (p.baseline() != null) {
        title.append(", baseline ").append(format.format(p.baseline())).append(unit);
      }
      if (p.lower() != null && p.upper() != null) {
        title
            .append(", expected ")
            .append(format.format(p.lower()))
            .append(" to ")
            .append(format.format(p.upper()))
            .append(unit);
      }
      boxes.add(
          new Plot.Box(
              f(x0), f(TOP), f(Math.max(1, x1 - x0)), f(plotH), "hover", title.toString()));
    }
    legend(boxes, texts, !polygons.isEmpty(), pts.stream().anyMatch(p -> p.baseline() != null));
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

  /** What the marks mean, along the top: actual, baseline, expected band, anomaly. */
  private static void legend(
      List<Plot.Box> boxes, List<Plot.Text> texts, boolean band, boolean baseline) {
    double lx = LEFT;
    List<String[]> entries = new ArrayList<>();
    entries.add(new String[] {"legend actual", "actual"});
    if (baseline) {
      entries.add(new String[] {"legend baseline", "baseline"});
    }
    if (band) {
      entries.add(new String[] {"legend band", "expected range"});
    }
    entries.add(new String[] {"legend anomaly", "anomaly"});
    for (String[] e : entries) {
      boxes.add(new Plot.Box(f(lx), f(8), "14", "10", e[0], e[1]));
      texts.add(new Plot.Text(f(lx + 18), f(17), "start", "legend-text", e[1]));
      lx += 26 + e[1].length() * 6.5;
    }
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
