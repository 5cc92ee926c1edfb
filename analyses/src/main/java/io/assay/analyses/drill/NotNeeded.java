package io.assay.analyses.drill;

import io.assay.analyses.MetricTraits;
import io.assay.analyses.StepQueries;
import io.assay.analyses.support.Figures;
import io.assay.contract.finding.ArtifactRef;
import io.assay.contract.finding.Derivation;
import io.assay.contract.finding.DisplayFormat;
import io.assay.contract.finding.Finding;
import io.assay.contract.finding.FindingStatus;
import io.assay.recon.MetricDefinition;

/**
 * The finding of a drill-down (or root-cause search) that had nothing to explain: the trend step,
 * or its own scan, found nothing unusual in the total, and no slice stood out. A normal outcome,
 * reported as such (status OK, with the highest score that was seen), not as an error.
 */
public final class NotNeeded {
  private NotNeeded() {}

  public static Finding finding(
      Finding.Builder f, StepQueries q, MetricDefinition metric, Baseline base, String what) {
    ArtifactRef ref = q.computation("nothing_to_explain", base.evidence());
    Object max = base.evidence().get("total_max_score");
    double score = max instanceof Number n ? n.doubleValue() : 0;
    f.figure(
        Figures.of(
            "total_max_score",
            "Highest anomaly score of the total in the scanned window",
            "",
            DisplayFormat.number(1),
            Derivation.value("highest score", score, ref, "/total_max_score")));
    f.keyPath(base.how() + " → " + what + " not needed");
    f.statement(
        "A "
            + what
            + " was not needed: nothing unusual was found in {label:"
            + MetricTraits.words(metric)
            + "} (the highest score of the total was {fig:total_max_score}), and no slice of the"
            + " candidate dimensions stood out.");
    q.stored().forEach(f::artifact);
    return f.build(FindingStatus.OK);
  }
}
