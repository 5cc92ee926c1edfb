package io.assay.contract.finding;

import java.util.regex.Pattern;

/**
 * A headline number of a Finding. Its value is the output of its derivation, and both the figure
 * and every operand cite accepted artifacts, so the number can be traced to stored data.
 *
 * @param id identifier unique within its Finding, lowercase ({@code score}, {@code drop_share}),
 *     referenced from statements as {@code {fig:id}}
 * @param label what the number is, in words, e.g. "Anomaly score of the most unusual month"
 * @param unit unit written after the number ("CZK", "transactions"), or "" for none
 * @param artifact the artifact the figure belongs to (usually the one its operands read)
 */
public record Figure(
    String id,
    String label,
    double value,
    String unit,
    DisplayFormat format,
    ArtifactRef artifact,
    Derivation derivation) {
  static final Pattern ID = Pattern.compile("[a-z][a-z0-9_]{0,63}");

  public Figure {
    if (id == null || !ID.matcher(id).matches()) {
      throw new IllegalArgumentException(
          "figure id must match " + ID.pattern() + " (lowercase, digits, underscores), got " + id);
    }
    if (label == null || label.isBlank()) {
      throw new IllegalArgumentException("figure " + id + " needs a label");
    }
    unit = unit == null ? "" : unit.strip();
    if (format == null || artifact == null || derivation == null) {
      throw new IllegalArgumentException(
          "figure " + id + " needs a display format, an artifact and a derivation");
    }
    if (Double.compare(value, derivation.output()) != 0) {
      throw new IllegalArgumentException(
          "figure "
              + id
              + " value "
              + value
              + " differs from its derivation output "
              + derivation.output());
    }
  }

  /** A figure whose value is its derivation's output. */
  public static Figure of(
      String id,
      String label,
      String unit,
      DisplayFormat format,
      ArtifactRef artifact,
      Derivation derivation) {
    return new Figure(id, label, derivation.output(), unit, format, artifact, derivation);
  }

  /** The number as a report writes it, without the unit. */
  public String display() {
    return format.format(value);
  }
}
