package io.assay.web.ui;

import io.assay.contract.finding.ChartData;
import io.assay.contract.finding.ContributionBars;
import io.assay.contract.finding.DisplayFormat;
import io.assay.contract.finding.TimeSeriesChart;
import io.assay.report.words.Periods;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.UnaryOperator;
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
    Frame frame = Frame.of(pts);
    List<Plot.Shape> polygons = new ArrayList<>();
    List<Plot.Shape> lines = new ArrayList<>();
    List<Plot.Box> boxes = new ArrayList<>();
    List<Plot.Text> texts = new ArrayList<>();

    // Band and baseline are drawn per run of consecutive points that have them.
    for (List<Integer> run : runs(pts, p -> p.lower() != null)) {
      StringBuilder poly = new StringBuilder();
      for (int j : run) {
        poly.append(pt(frame.x(j), frame.y(pts.get(j).upper())));
      }
      for (int k = run.size() - 1; k >= 0; k--) {
        poly.append(pt(frame.x(run.get(k)), frame.y(pts.get(run.get(k)).lower())));
      }
      polygons.add(new Plot.Shape(poly.toString().strip(), "band"));
    }
    for (List<Integer> run : runs(pts, p -> p.baseline() != null)) {
      StringBuilder line = new StringBuilder();
      for (int j : run) {
        line.append(pt(frame.x(j), frame.y(pts.get(j).baseline())));
      }
      lines.add(new Plot.Shape(line.toString().strip(), "baseline"));
    }
    StringBuilder actual = new StringBuilder();
    for (int i = 0; i < pts.size(); i++) {
      actual.append(pt(frame.x(i), frame.y(pts.get(i).actual())));
    }
    lines.add(new Plot.Shape(actual.toString().strip(), "actual"));
    // Periods as people write them ("March 1997"), at the series' own grain.
    Periods.Grain grain = Periods.grainOf(pts.stream().map(TimeSeriesChart.Point::period).toList());
    UnaryOperator<String> period = iso -> Periods.show(iso, grain);
    intervals(chart, frame, period, boxes);
    String unit = chart.unit().isEmpty() ? "" : " " + chart.unit();
    axes(pts, frame, chart.format(), unit, period, lines, texts);
    hovers(pts, frame, chart.format(), unit, period, boxes);
    legend(boxes, texts, !polygons.isEmpty(), pts.stream().anyMatch(p -> p.baseline() != null));
    lines.add(
        new Plot.Shape(
            pt(LEFT, TOP) + pt(LEFT, TOP + frame.plotH()) + pt(WIDTH - RIGHT, TOP + frame.plotH()),
            "frame"));
    String description =
        chart.title()
            + ": "
            + pts.size()
            + " periods from "
            + period.apply(pts.get(0).period())
            + " to "
            + period.apply(pts.get(pts.size() - 1).period())
            + ", "
            + chart.intervals().size()
            + " anomaly interval(s)";
    return new Plot(WIDTH, SERIES_HEIGHT, polygons, lines, boxes, texts, description);
  }

  /**
   * Where a series goes: period {@code i} at {@link #x}, value {@code v} at {@link #y}, the scale
   * from {@code lo} to {@code hi} (the values, band and baseline; widened when they are all equal).
   */
  private record Frame(int n, double lo, double hi) {
    static Frame of(List<TimeSeriesChart.Point> pts) {
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
      return new Frame(pts.size(), lo, hi);
    }

    double plotH() {
      return SERIES_HEIGHT - TOP - BOTTOM;
    }

    double step() {
      return (WIDTH - LEFT - RIGHT) / (n - 1);
    }

    double x(int i) {
      return LEFT + i * step();
    }

    double y(double v) {
      return TOP + (hi - v) / (hi - lo) * plotH();
    }

    /** The column of period {@code i}, half a step either side, within the plot. */
    double[] column(int i) {
      return new double[] {
        Math.max(LEFT, x(i) - step() / 2), Math.min(WIDTH - RIGHT, x(i) + step() / 2)
      };
    }
  }

  /** The runs of two or more consecutive points that {@code has} holds for, as indexes. */
  private static List<List<Integer>> runs(
      List<TimeSeriesChart.Point> pts, java.util.function.Predicate<TimeSeriesChart.Point> has) {
    List<List<Integer>> out = new ArrayList<>();
    List<Integer> run = new ArrayList<>();
    for (int i = 0; i <= pts.size(); i++) {
      if (i < pts.size() && has.test(pts.get(i))) {
        run.add(i);
        continue;
      }
      if (run.size() >= 2) {
        out.add(List.copyOf(run));
      }
      run.clear();
    }
    return out;
  }

  /** Each anomaly interval shaded across its periods, titled with its direction and span. */
  private static void intervals(
      TimeSeriesChart chart, Frame frame, UnaryOperator<String> period, List<Plot.Box> boxes) {
    for (TimeSeriesChart.AnomalyInterval interval : chart.intervals()) {
      double x0 = frame.column(indexOf(chart.points(), interval.start()))[0];
      double x1 = frame.column(indexOf(chart.points(), interval.end()))[1];
      String direction = interval.direction().name().toLowerCase(Locale.ROOT);
      String title =
          direction
              + " "
              + period.apply(interval.start())
              + (interval.end().equals(interval.start())
                  ? ""
                  : " – " + period.apply(interval.end()));
      boxes.add(
          new Plot.Box(f(x0), f(TOP), f(x1 - x0), f(frame.plotH()), "anomaly " + direction, title));
    }
  }

  /** Gridlines with their values, bottom to top, and period ticks under the plot. */
  private static void axes(
      List<TimeSeriesChart.Point> pts,
      Frame frame,
      DisplayFormat format,
      String unit,
      UnaryOperator<String> period,
      List<Plot.Shape> lines,
      List<Plot.Text> texts) {
    for (int g = 0; g <= GRID_LINES; g++) {
      double value = frame.lo() + (frame.hi() - frame.lo()) * g / GRID_LINES;
      double gy = frame.y(value);
      if (g > 0) {
        lines.add(new Plot.Shape(pt(LEFT, gy) + pt(WIDTH - RIGHT, gy), "grid"));
      }
      texts.add(new Plot.Text(f(LEFT - 6), f(gy + 4), "end", "axis", format.format(value) + unit));
    }
    // Every k-th period, so that at most MAX_TICKS labels share the axis.
    double bottom = TOP + frame.plotH();
    int every = Math.max(1, (int) Math.ceil(pts.size() / (double) MAX_TICKS));
    for (int i = 0; i < pts.size(); i += every) {
      double tx = frame.x(i);
      lines.add(new Plot.Shape(pt(tx, bottom) + pt(tx, bottom + 4), "tick"));
      texts.add(
          new Plot.Text(
              f(tx),
              f(bottom + 18),
              i == 0 ? "start" : i + every >= pts.size() ? "end" : "middle",
              "axis",
              period.apply(pts.get(i).period())));
    }
  }

  /** Values on hover: one transparent column per period, titled with what was measured there. */
  private static void hovers(
      List<TimeSeriesChart.Point> pts,
      Frame frame,
      DisplayFormat format,
      String unit,
      UnaryOperator<String> period,
      List<Plot.Box> boxes) {
    for (int i = 0; i < pts.size(); i++) {
      TimeSeriesChart.Point p = pts.get(i);
      double[] column = frame.column(i);
      StringBuilder title =
          new StringBuilder(period.apply(p.period()) + ": " + format.format(p.actual()) + unit);
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
              f(column[0]),
              f(TOP),
              f(Math.max(1, column[1] - column[0])),
              f(frame.plotH()),
              "hover",
              title.toString()));
    }
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
