package io.assay.report.narrative;

import io.assay.contract.finding.ArtifactRef;
import io.assay.contract.finding.ChartData;
import io.assay.contract.finding.ContributionBars;
import io.assay.contract.finding.Derivation;
import io.assay.contract.finding.DisplayFormat;
import io.assay.contract.finding.Operand;
import io.assay.contract.finding.Operation;
import io.assay.contract.finding.TableData;
import io.assay.contract.finding.TimeSeriesChart;
import io.assay.report.body.Fact;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The numbers a drawing shows, each as a fact read from the chart's own artifact: a series' scale
 * (lowest and highest value drawn) and interval peaks, a bar's share, baseline and actual, a
 * table's cells. Because the drawing may only print these, a chart cannot show a number that is not
 * in its artifact.
 */
public final class ChartFacts {
  /** Anomaly scores are written with two decimals. */
  public static final DisplayFormat SCORE_FORMAT = DisplayFormat.number(2);

  private ChartFacts() {}

  /** Facts of one chart and the map from each drawn role to its fact id. */
  public record Built(List<Fact> facts, Map<String, String> roles) {}

  /** The roles a drawing of {@code chart} shows numbers for. */
  public static Set<String> roles(ChartData chart) {
    Set<String> roles = new LinkedHashSet<>();
    if (chart instanceof TimeSeriesChart ts) {
      roles.add("min");
      roles.add("max");
      roles.add("low");
      roles.add("high");
      for (int i = 0; i < ts.points().size(); i++) {
        roles.add("point." + i);
      }
      for (int i = 0; i < ts.intervals().size(); i++) {
        roles.add("peak." + i);
      }
    } else if (chart instanceof ContributionBars bars) {
      for (int i = 0; i < bars.bars().size(); i++) {
        roles.add("share." + i);
        roles.add("baseline." + i);
        roles.add("actual." + i);
      }
    } else if (chart instanceof TableData table) {
      for (int r = 0; r < table.rows().size(); r++) {
        List<Double> values = table.rows().get(r).values();
        for (int c = 0; c < values.size(); c++) {
          if (values.get(c) != null) {
            roles.add("cell." + r + "." + c);
          }
        }
      }
    }
    return roles;
  }

  /** Builds the facts with ids {@code prefix + "." + chartId + "." + role}. */
  public static Built build(String prefix, String stepId, ChartData chart) {
    Builder b = new Builder(prefix + "." + chart.id(), stepId, chart.source());
    if (chart instanceof TimeSeriesChart ts) {
      List<Operand> drawn = new ArrayList<>();
      List<Operand> actuals = new ArrayList<>();
      for (int i = 0; i < ts.points().size(); i++) {
        TimeSeriesChart.Point p = ts.points().get(i);
        Operand actual =
            b.operand("points[" + i + "].actual", p.actual(), "/points/" + i + "/actual");
        drawn.add(actual);
        actuals.add(actual);
        addIfPresent(b, drawn, i, "baseline", p.baseline());
        addIfPresent(b, drawn, i, "lower", p.lower());
        addIfPresent(b, drawn, i, "upper", p.upper());
      }
      String title = ts.title();
      b.add(
          "min",
          "lowest value drawn in " + title,
          ts.unit(),
          ts.format(),
          Derivation.of(Operation.MIN, drawn));
      b.add(
          "max",
          "highest value drawn in " + title,
          ts.unit(),
          ts.format(),
          Derivation.of(Operation.MAX, drawn));
      // The drawing's scale spans the band too; what the data itself ranges over is told apart,
      // so a sentence about the values never quotes the top of a forecast band.
      b.add(
          "low",
          "lowest value in " + title,
          ts.unit(),
          ts.format(),
          Derivation.of(Operation.MIN, actuals));
      b.add(
          "high",
          "highest value in " + title,
          ts.unit(),
          ts.format(),
          Derivation.of(Operation.MAX, actuals));
      for (int i = 0; i < ts.points().size(); i++) {
        b.value(
            "point." + i,
            "value at " + ts.points().get(i).period() + " in " + title,
            ts.unit(),
            ts.format(),
            ts.points().get(i).actual(),
            "/points/" + i + "/actual");
      }
      for (int i = 0; i < ts.intervals().size(); i++) {
        TimeSeriesChart.AnomalyInterval interval = ts.intervals().get(i);
        b.add(
            "peak." + i,
            "peak anomaly score of the interval starting " + interval.start(),
            "",
            SCORE_FORMAT,
            Derivation.of(
                Operation.VALUE,
                List.of(
                    b.operand(
                        "intervals[" + i + "].peakScore",
                        interval.peakScore(),
                        "/intervals/" + i + "/peakScore"))));
      }
    } else if (chart instanceof ContributionBars bars) {
      for (int i = 0; i < bars.bars().size(); i++) {
        ContributionBars.Bar bar = bars.bars().get(i);
        b.value(
            "share." + i,
            "share of the change explained by " + bar.element(),
            "",
            ContributionBars.SHARE_FORMAT,
            bar.share(),
            "/bars/" + i + "/share");
        b.value(
            "baseline." + i,
            "baseline of " + bar.element(),
            bars.unit(),
            bars.valueFormat(),
            bar.baseline(),
            "/bars/" + i + "/baseline");
        b.value(
            "actual." + i,
            "actual of " + bar.element(),
            bars.unit(),
            bars.valueFormat(),
            bar.actual(),
            "/bars/" + i + "/actual");
      }
    } else if (chart instanceof TableData table) {
      for (int r = 0; r < table.rows().size(); r++) {
        List<Double> values = table.rows().get(r).values();
        for (int c = 0; c < values.size(); c++) {
          Double v = values.get(c);
          if (v != null) {
            TableData.ValueColumn column = table.valueColumns().get(c);
            b.value(
                "cell." + r + "." + c,
                column.name() + " in row " + r,
                column.unit(),
                column.format(),
                v,
                "/rows/" + r + "/values/" + c);
          }
        }
      }
    }
    return new Built(List.copyOf(b.facts), Map.copyOf(b.roles));
  }

  private static void addIfPresent(Builder b, List<Operand> drawn, int i, String field, Double v) {
    if (v != null) {
      drawn.add(b.operand("points[" + i + "]." + field, v, "/points/" + i + "/" + field));
    }
  }

  private static final class Builder {
    private final String prefix;
    private final String stepId;
    private final ArtifactRef source;
    private final List<Fact> facts = new ArrayList<>();
    private final Map<String, String> roles = new LinkedHashMap<>();

    Builder(String prefix, String stepId, ArtifactRef source) {
      if (source == null) {
        throw new IllegalArgumentException("chart " + prefix + " cites no artifact");
      }
      this.prefix = prefix;
      this.stepId = stepId;
      this.source = source;
    }

    Operand operand(String name, double value, String pointer) {
      return new Operand(name, value, source, pointer);
    }

    void value(String role, String label, String unit, DisplayFormat format, double v, String ptr) {
      add(
          role,
          label,
          unit,
          format,
          Derivation.of(Operation.VALUE, List.of(operand(role, v, ptr))));
    }

    void add(String role, String label, String unit, DisplayFormat format, Derivation d) {
      String id = prefix + "." + role;
      facts.add(
          new Fact(
              id, stepId, null, label, d.output(), unit, format, d, Fact.sourcesOf(source, d)));
      roles.put(role, id);
    }
  }
}
