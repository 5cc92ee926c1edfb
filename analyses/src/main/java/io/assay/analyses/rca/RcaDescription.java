package io.assay.analyses.rca;

import io.assay.analyses.MetricTraits;
import io.assay.analyses.StepQueries;
import io.assay.analyses.drill.Baseline;
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
import java.util.List;
import java.util.Map;

/**
 * The words, figures and bars of a root-cause search that found a set: the totals, the share the
 * set explains and, for the three largest combinations, what each held against what was expected.
 * Every figure derives from the {@code root_causes} artifact.
 */
final class RcaDescription {
  private final MetricDefinition metric;
  private final Baseline base;
  private final ArtifactRef ref;
  private final DisplayFormat format;
  private final String unit;
  private final String expectedWord;

  RcaDescription(MetricDefinition metric, Baseline base, ArtifactRef ref) {
    this.metric = metric;
    this.base = base;
    this.ref = ref;
    this.format = MetricDisplay.format(metric);
    this.unit = MetricDisplay.unit(metric);
    this.expectedWord = base.expectedMode() ? "expected" : "baseline";
  }

  /**
   * @param elements the set's combinations as stored in the artifact ({@code /elements/i}), the
   *     largest change first
   */
  void describe(
      Finding.Builder f,
      StepQueries q,
      double realTotal,
      double predictTotal,
      double setPower,
      List<Map<String, Object>> elements,
      String crossed) {
    Derivation rt = Derivation.value("actual total", realTotal, ref, "/real_total");
    Derivation pt = Derivation.value(expectedWord + " total", predictTotal, ref, "/predict_total");
    totals(f, rt, pt, setPower);
    List<ContributionBars.Bar> bars = new ArrayList<>();
    double change = realTotal - predictTotal;
    for (int i = 0; i < elements.size(); i++) {
      Map<String, Object> m = elements.get(i);
      double predict = (double) m.get("predict");
      double real = (double) m.get("real");
      if (change != 0) {
        bars.add(
            new ContributionBars.Bar(
                (String) m.get("element"), predict, real, (real - predict) / change));
      }
      if (i < 3) {
        element(f, i, m, predict, real, change, rt, pt);
      }
    }
    if (!bars.isEmpty()) {
      f.chart(
          q.chart(
              new ContributionBars(
                  "root_causes", "Root-cause combinations", crossed, unit, format, bars, null)));
    }
    f.nextStep("Check the rows behind the named combinations for what changed operationally.");
  }

  private void totals(Finding.Builder f, Derivation rt, Derivation pt, double setPower) {
    f.figure(
        Figures.of(
            "total_actual",
            Metrics.title(metric) + " in " + base.actual().describe(),
            unit,
            format,
            rt));
    f.figure(
        Figures.of(
            "total_expected",
            "The " + expectedWord + " " + MetricTraits.words(metric),
            unit,
            format,
            pt));
    f.figure(
        Figures.of(
            "total_change",
            "Actual minus " + expectedWord,
            unit,
            format,
            Figures.combine(Operation.DIFFERENCE, rt, pt)));
    f.figure(
        Figures.of(
            "set_share",
            "Share of the change the root-cause set explains",
            "",
            DisplayFormat.percent(1),
            Derivation.value("set explanatory power", setPower, ref, "/set_explanatory_power")));
    String period =
        base.actual().isoPeriod() != null
            ? "{date:" + base.actual().isoPeriod() + "}"
            : "{date:" + base.actual().from() + "} to {date:" + base.actual().to() + "}";
    f.statement(
        "{label:"
            + Metrics.title(metric)
            + "} in "
            + period
            + " was {fig:total_actual} against "
            + (base.expectedMode() ? "an expected" : "a baseline of")
            + " {fig:total_expected} ({fig:total_change});"
            + " the root-cause set explains {fig:set_share} of the change.");
  }

  /** The figures and the sentence of the {@code i}-th combination (0-based, one of the first 3). */
  private void element(
      Finding.Builder f,
      int i,
      Map<String, Object> m,
      double predict,
      double real,
      double change,
      Derivation rt,
      Derivation pt) {
    String p = "e" + (i + 1) + "_";
    Derivation dp =
        Derivation.value(
            m.get("element") + " " + expectedWord, predict, ref, "/elements/" + i + "/predict");
    Derivation dr =
        Derivation.value(m.get("element") + " actual", real, ref, "/elements/" + i + "/real");
    f.figure(Figures.of(p + "actual", m.get("element") + ": actual", unit, format, dr));
    f.figure(Figures.of(p + "expected", m.get("element") + ": " + expectedWord, unit, format, dp));
    if (change != 0) {
      f.figure(
          Figures.of(
              p + "share",
              "Share of the change from " + m.get("element"),
              "",
              DisplayFormat.percent(1),
              Figures.combine(Operation.CONTRIBUTION, dp, dr, pt, rt)));
    }
    f.statement(
        "{label:"
            + m.get("element")
            + "}: {fig:"
            + p
            + "actual} against "
            + (base.expectedMode() ? "an expected" : "a baseline of")
            + " {fig:"
            + p
            + "expected}"
            + (change != 0 ? ", {fig:" + p + "share} of the change." : "."));
  }
}
