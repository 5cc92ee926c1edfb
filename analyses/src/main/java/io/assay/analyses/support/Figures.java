package io.assay.analyses.support;

import io.assay.contract.finding.ArtifactRef;
import io.assay.contract.finding.Derivation;
import io.assay.contract.finding.DisplayFormat;
import io.assay.contract.finding.Figure;
import io.assay.contract.finding.Operand;
import io.assay.contract.finding.Operation;
import java.util.ArrayList;
import java.util.List;

/** Small constructors for figures whose derivations combine other figures' operands. */
public final class Figures {
  private Figures() {}

  public static Figure of(
      String id, String label, String unit, DisplayFormat format, Derivation derivation) {
    ArtifactRef artifact = derivation.inputs().get(0).artifact();
    return Figure.of(id, label, unit, format, artifact, derivation);
  }

  /** {@code operation} over the operands of {@code parts} (each a single-operand derivation). */
  public static Derivation combine(Operation operation, Derivation... parts) {
    List<Operand> inputs = new ArrayList<>();
    for (Derivation d : parts) {
      inputs.addAll(d.inputs());
    }
    return Derivation.of(operation, inputs);
  }

  /** Same, for a list. */
  public static Derivation combine(Operation operation, List<Derivation> parts) {
    return combine(operation, parts.toArray(Derivation[]::new));
  }
}
