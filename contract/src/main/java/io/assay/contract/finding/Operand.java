package io.assay.contract.finding;

/**
 * One input of a derivation: a number read from an artifact at a JSON Pointer (RFC 6901), e.g.
 * {@code /rows/3/1} in a query result or {@code /points/5/actual} in a chart dataset. A checker
 * reads the pointer again and requires the same number.
 */
public record Operand(String name, double value, ArtifactRef artifact, String pointer) {
  public Operand {
    if (name == null || name.isBlank()) {
      throw new IllegalArgumentException("operand needs a name");
    }
    if (!Double.isFinite(value)) {
      throw new IllegalArgumentException("operand " + name + " is not finite: " + value);
    }
    if (artifact == null) {
      throw new IllegalArgumentException(
          "operand " + name + " must cite the artifact it comes from");
    }
    if (pointer == null || !pointer.startsWith("/")) {
      throw new IllegalArgumentException(
          "operand " + name + " needs a JSON pointer starting with '/', got " + pointer);
    }
  }
}
