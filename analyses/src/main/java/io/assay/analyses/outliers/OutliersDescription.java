package io.assay.analyses.outliers;

import io.assay.analyses.MetricTraits;
import io.assay.analyses.StepQueries;
import io.assay.analyses.support.Figures;
import io.assay.analyses.support.MetricDisplay;
import io.assay.contract.finding.ArtifactRef;
import io.assay.contract.finding.Derivation;
import io.assay.contract.finding.DisplayFormat;
import io.assay.contract.finding.Finding;
import io.assay.contract.finding.TableData;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes found outliers into their Finding: how many entities were compared and how many stand out,
 * the most extreme in words, the listed outliers in a table.
 */
final class OutliersDescription {
  private final OutliersArgs args;
  private final ArtifactRef ref;
  private final String entityLabel;

  OutliersDescription(OutliersArgs args, ArtifactRef ref, String entityLabel) {
    this.args = args;
    this.ref = ref;
    this.entityLabel = entityLabel;
  }

  void describe(
      Finding.Builder f,
      int entities,
      int outliers,
      double median,
      List<Scored> shown,
      StepQueries queries) {
    String words = MetricTraits.words(args.metric());
    f.figure(
        Figures.of(
            "entities",
            "Entities compared",
            "",
            DisplayFormat.grouped(0),
            Derivation.value("entities", entities, ref, "/entities")));
    f.figure(
        Figures.of(
            "outlier_count",
            "Outliers beyond the threshold",
            "",
            DisplayFormat.grouped(0),
            Derivation.value("outlier count", outliers, ref, "/outlier_count")));
    f.figure(
        Figures.of(
            "median",
            "Median " + words + " per entity",
            MetricDisplay.unit(args.metric()),
            MetricDisplay.averaged(args.metric()),
            Derivation.value("median", median, ref, "/median")));
    f.figure(
        Figures.of(
            "threshold",
            "Robust z-score threshold",
            "",
            DisplayFormat.number(1),
            Derivation.value("threshold", args.threshold(), ref, "/threshold")));
    f.statement(
        "Of {fig:entities} values of {label:"
            + entityLabel
            + "}, {fig:outlier_count} have a"
            + " {label:"
            + words
            + "} beyond a robust z-score of {fig:threshold} (the median is {fig:median}).");
    if (shown.isEmpty()) {
      f.nextStep("Lower the threshold to see the most extreme entities anyway.");
      return;
    }
    mostExtreme(f, shown.get(0));
    table(f, shown, queries);
    f.nextStep(
        "Inspect the listed entities' rows, or a drill-down if a group of them moved together.");
  }

  private void mostExtreme(Finding.Builder f, Scored top) {
    f.figure(
        Figures.of(
            "top_value",
            top.entity() + ": " + MetricTraits.words(args.metric()),
            MetricDisplay.unit(args.metric()),
            MetricDisplay.format(args.metric()),
            Derivation.value(top.entity(), top.value(), ref, "/outliers/0/value")));
    f.figure(
        Figures.of(
            "top_z",
            top.entity() + ": robust z-score",
            "",
            DisplayFormat.number(1),
            Derivation.value(top.entity() + " z", top.z(), ref, "/outliers/0/robust_z")));
    f.statement(
        "The most extreme is {label:"
            + top.entity()
            + "} with {fig:top_value} (robust z-score {fig:top_z}).");
  }

  private void table(Finding.Builder f, List<Scored> shown, StepQueries queries) {
    List<TableData.Row> rows = new ArrayList<>();
    for (Scored s : shown) {
      rows.add(new TableData.Row(List.of(s.entity()), List.of(s.value(), s.z())));
    }
    String words = MetricTraits.words(args.metric());
    f.chart(
        queries.chart(
            new TableData(
                "outliers",
                "Outliers of " + words + " by " + entityLabel,
                List.of(args.entity()),
                List.of(
                    new TableData.ValueColumn(
                        words,
                        MetricDisplay.unit(args.metric()),
                        MetricDisplay.format(args.metric())),
                    new TableData.ValueColumn("robust z-score", "", DisplayFormat.number(1))),
                rows,
                null)));
  }
}
