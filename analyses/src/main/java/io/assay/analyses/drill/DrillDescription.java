package io.assay.analyses.drill;

import io.assay.analyses.AnalysisContext;
import io.assay.analyses.MetricTraits;
import io.assay.analyses.StepQueries;
import io.assay.analyses.support.Figures;
import io.assay.analyses.support.MetricDisplay;
import io.assay.analyses.support.Metrics;
import io.assay.contract.finding.ArtifactRef;
import io.assay.contract.finding.ContributionBars;
import io.assay.contract.finding.Derivation;
import io.assay.contract.finding.DisplayFormat;
import io.assay.contract.finding.Finding;
import io.assay.contract.finding.Operation;
import io.assay.recon.MetricDefinition;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * A drill-down's finding in words, figures and charts: the total against what was expected, then
 * per level its leading element (its share of the change, actual and expected), the others named
 * and the bars of every element's share.
 */
final class DrillDescription {
  private static final int MAX_BARS = 12;

  private DrillDescription() {}

  static void describe(
      Finding.Builder f,
      StepQueries q,
      AnalysisContext context,
      MetricDefinition metric,
      Baseline base,
      List<DrillLevel> levels,
      String stop) {
    DisplayFormat valueFormat = MetricDisplay.format(metric);
    String unit = MetricDisplay.unit(metric);
    String title = Metrics.title(metric);
    String expectedWord = base.expectedMode() ? "expected" : "baseline";
    String period =
        base.actual().isoPeriod() != null
            ? "{date:" + base.actual().isoPeriod() + "}"
            : "{date:" + base.actual().from() + "} to {date:" + base.actual().to() + "}";

    DrillLevel first = levels.get(0);
    Derivation totalActual =
        Derivation.value("actual total", first.realTotal(), first.ref(), "/real_total");
    Derivation totalExpected =
        Derivation.value(
            expectedWord + " total", first.predictTotal(), first.ref(), "/predict_total");
    f.figure(
        Figures.of(
            "total_actual",
            title + " in " + base.actual().describe(),
            unit,
            valueFormat,
            totalActual));
    f.figure(
        Figures.of(
            "total_expected",
            (base.expectedMode() ? "Expected " : "Baseline ")
                + MetricTraits.words(metric)
                + " for "
                + base.actual().describe(),
            unit,
            valueFormat,
            totalExpected));
    f.figure(
        Figures.of(
            "total_change",
            "Actual minus " + expectedWord,
            unit,
            valueFormat,
            Figures.combine(Operation.DIFFERENCE, totalActual, totalExpected)));
    if (base.scanScore() != null) {
      ArtifactRef located = q.computation("located_period", base.evidence());
      f.figure(
          Figures.of(
              "located_score",
              "Anomaly score of the period drilled into (deviation in typical errors of its"
                  + " baseline)",
              "",
              DisplayFormat.number(1),
              Derivation.value("located score", base.scanScore(), located, "/located_score")));
      Object slice = base.evidence().get("located_slice");
      if (slice != null) {
        f.statement(
            "The total did not stand out, but the slice {label:"
                + slice
                + "} did, in "
                + period
                + " (anomaly score {fig:located_score}).");
      } else {
        f.statement(
            "The drill-down explains "
                + period
                + ", "
                + base.evidence().getOrDefault("located_by", "the located interval")
                + " (anomaly score {fig:located_score}).");
      }
    } else if (!base.evidence().isEmpty()) {
      q.computation("expected_total", base.evidence());
    }
    f.statement(
        "{label:"
            + title
            + "} in "
            + period
            + " was {fig:total_actual} against "
            + (base.expectedMode() ? "an expected" : "a baseline of")
            + " {fig:total_expected}, a difference of {fig:total_change}.");

    for (DrillLevel level : levels) {
      describeLevel(f, q, context, metric, base, level);
    }
    DrillLevel last = levels.get(levels.size() - 1);
    f.nextStep(
        "Look at what changed for "
            + last.dimension()
            + " = "
            + last.rootCause().get(0)
            + " in that period; the drill-down stopped there because "
            + stop
            + ".");
    if (levels.size() == 1) {
      f.nextStep(
          "Add candidate dimensions to descend further, or try a multi-dimensional root-cause"
              + " search.");
    }
  }

  /** One level in words and figures: its leading element, the others named, its bars. */
  private static void describeLevel(
      Finding.Builder f,
      StepQueries q,
      AnalysisContext context,
      MetricDefinition metric,
      Baseline base,
      DrillLevel level) {
    DisplayFormat valueFormat = MetricDisplay.format(metric);
    String unit = MetricDisplay.unit(metric);
    String expectedWord = base.expectedMode() ? "expected" : "baseline";
    String p = "l" + level.number() + "_";
    Attribution.Row top = level.row(level.rootCause().get(0));
    int k = level.index(top.element());
    Derivation real =
        Derivation.value(
            top.element() + " actual", top.real(), level.ref(), "/elements/" + k + "/real");
    Derivation predict =
        Derivation.value(
            top.element() + " " + expectedWord,
            top.predict(),
            level.ref(),
            "/elements/" + k + "/predict");
    Derivation realTotal =
        Derivation.value("actual total", level.realTotal(), level.ref(), "/real_total");
    Derivation predictTotal =
        Derivation.value(
            expectedWord + " total", level.predictTotal(), level.ref(), "/predict_total");
    String dimLabel = context.warehouse().columnLabel(level.dimension());
    // With every element's expectation a share of the total, the share is the plain
    // contribution; with their own baselines, the share of the change beyond ordinary noise.
    boolean plain = level.rows().stream().allMatch(r -> r.allowance() == 0);
    f.figure(
        Figures.of(
            p + "share",
            "Share of the change explained by " + level.dimension() + " = " + top.element(),
            "",
            DisplayFormat.percent(1),
            plain
                ? Figures.combine(Operation.CONTRIBUTION, predict, real, predictTotal, realTotal)
                : Derivation.value(
                    top.element() + " share", share(top, level), level.ref(), "/shares/" + k)));
    f.figure(Figures.of(p + "actual", top.element() + ": actual", unit, valueFormat, real));
    f.figure(
        Figures.of(
            p + "expected", top.element() + ": " + expectedWord, unit, valueFormat, predict));
    boolean pct = top.predict() != 0;
    if (pct) {
      f.figure(
          Figures.of(
              p + "change_pct",
              top.element() + ": change against " + expectedWord,
              "",
              DisplayFormat.percent(1),
              Figures.combine(Operation.GROWTH, predict, real)));
    }
    f.statement(
        "{label:"
            + dimLabel
            + "} {label:"
            + top.element()
            + "} explains {fig:"
            + p
            + "share} of the"
            + " change"
            + (level.parent() == null ? "" : " within {label:" + level.parent() + "}")
            + ": {fig:"
            + p
            + "actual} against "
            + (base.expectedMode() ? "an expected" : "a baseline of")
            + " {fig:"
            + p
            + "expected}"
            + (pct ? " ({fig:" + p + "change_pct})." : "."));
    others(f, level, dimLabel);
    f.chart(q.chart(bars(level, dimLabel, metric, valueFormat)));
  }

  /** The second and third elements in words, and whether any element explains a third. */
  private static void others(Finding.Builder f, DrillLevel level, String dimLabel) {
    String p = "l" + level.number() + "_";
    List<String> named = new ArrayList<>();
    for (int i = 1; i < Math.min(3, level.rootCause().size()); i++) {
      Attribution.Row r = level.row(level.rootCause().get(i));
      String id = p + "share_" + (i + 1);
      f.figure(
          Figures.of(
              id,
              "Share of the change explained by " + level.dimension() + " = " + r.element(),
              "",
              DisplayFormat.percent(1),
              Derivation.value(
                  r.element() + " share",
                  share(r, level),
                  level.ref(),
                  "/shares/" + level.index(r.element()))));
      named.add("{label:" + r.element() + "} ({fig:" + id + "})");
    }
    if (!named.isEmpty()) {
      f.statement(
          "Also part of the root cause along {label:"
              + dimLabel
              + "}: "
              + String.join(" and ", named)
              + (level.rootCause().size() > 3 ? "; the other elements are in the chart." : "."));
    }
    double max = 0;
    for (Attribution.Row r : level.rows()) {
      max = Math.max(max, share(r, level));
    }
    if (max <= 1.0 / 3) {
      f.statement(
          "No single {label:"
              + dimLabel
              + "} explains more than a third of the change: it is spread across many.");
    }
  }

  private static ContributionBars bars(
      DrillLevel level, String dimLabel, MetricDefinition metric, DisplayFormat valueFormat) {
    List<Attribution.Row> sorted = new ArrayList<>(level.rows());
    sorted.sort(Comparator.comparingDouble((Attribution.Row r) -> -share(r, level)));
    List<ContributionBars.Bar> bars = new ArrayList<>();
    for (Attribution.Row r : sorted.subList(0, Math.min(MAX_BARS, sorted.size()))) {
      bars.add(new ContributionBars.Bar(r.element(), r.predict(), r.real(), share(r, level)));
    }
    return new ContributionBars(
        "drill_level_" + level.number(),
        "Share of the change by "
            + dimLabel
            + (level.parent() == null ? "" : " within " + level.parent()),
        level.dimension(),
        MetricDisplay.unit(metric),
        valueFormat,
        bars,
        null);
  }

  private static double share(Attribution.Row r, DrillLevel level) {
    return Attribution.shares(level.rows())[level.rows().indexOf(r)];
  }
}
