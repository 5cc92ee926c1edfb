package io.assay.contract.finding;

import java.util.List;

/**
 * How a figure was computed: an operation over operands read from artifacts, and its output. Build
 * it with {@link #of}, which computes the output, so a derivation is correct when created; {@link
 * #recompute} lets a checker confirm it still is.
 */
public record Derivation(Operation operation, List<Operand> inputs, double output) {
  public Derivation {
    if (operation == null) {
      throw new IllegalArgumentException("derivation needs an operation");
    }
    inputs = List.copyOf(inputs);
    operation.requireArity(inputs.size());
    if (!Double.isFinite(output)) {
      throw new IllegalArgumentException("derivation output is not finite: " + output);
    }
  }

  /** Computes the output from the operands. */
  public static Derivation of(Operation operation, List<Operand> inputs) {
    double[] values = inputs.stream().mapToDouble(Operand::value).toArray();
    return new Derivation(operation, inputs, operation.apply(values));
  }

  /** A value read directly from one artifact location. */
  public static Derivation value(String name, double value, ArtifactRef artifact, String pointer) {
    return of(Operation.VALUE, List.of(new Operand(name, value, artifact, pointer)));
  }

  /** The operation applied again to the recorded operand values. */
  public double recompute() {
    return operation.apply(inputs.stream().mapToDouble(Operand::value).toArray());
  }
}
