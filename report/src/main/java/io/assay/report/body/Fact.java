package io.assay.report.body;

import io.assay.contract.finding.ArtifactRef;
import io.assay.contract.finding.Derivation;
import io.assay.contract.finding.DisplayFormat;
import io.assay.contract.finding.Operand;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A number the report may show, bound to the artifacts it comes from and to its derivation.
 *
 * @param id unique within the body, e.g. {@code q1.trend.score}
 * @param stepId the step whose evidence it comes from
 * @param figureId the Finding figure it presents, or null for a number the report derived itself (a
 *     chart's scale, a bar's share, a table cell)
 * @param sources every artifact it rests on: the figure's artifact and each operand's
 */
public record Fact(
    String id,
    String stepId,
    String figureId,
    String label,
    double value,
    String unit,
    DisplayFormat format,
    Derivation derivation,
    List<ArtifactRef> sources) {

  public Fact {
    sources = List.copyOf(sources);
  }

  /** Sources: {@code primary} (may be null) then each operand's artifact, without repeats. */
  public static List<ArtifactRef> sourcesOf(ArtifactRef primary, Derivation derivation) {
    Set<ArtifactRef> refs = new LinkedHashSet<>();
    if (primary != null) {
      refs.add(primary);
    }
    for (Operand operand : derivation.inputs()) {
      refs.add(operand.artifact());
    }
    return List.copyOf(refs);
  }

  /** The value as this fact's format writes it. */
  public String display() {
    return format.format(value);
  }
}
