package io.assay.evals.incidents;

import java.sql.SQLException;
import java.time.YearMonth;
import java.util.List;

/**
 * The benchmark's injection, for incidents placed by hand: a spike or drop of a given size in a
 * month of a metric, in a slice of one of the given dimensions, chosen and written exactly as a
 * benchmark case's. Undone by the copy's {@link IncidentSchema#restore}.
 */
public final class Injections {
  private final IncidentGenerator generator;

  public Injections(IncidentSchema copy) throws SQLException {
    this.generator = new IncidentGenerator(copy);
  }

  /** The metric's robust month-to-month noise, the unit of {@code factor}. */
  public double noise(String metric) {
    return generator.noise(
        generator.draft(metric, IncidentKind.SPIKE, YearMonth.now(), 1, 0).metric());
  }

  /**
   * Injects one spike or drop; the case says where (kind NONE: no slice could carry it).
   *
   * @param factor the change of the month's total in noise units
   * @param dimensions the slice's candidate dimensions, as a drill-down's
   */
  public IncidentCase inject(
      int index,
      String metric,
      IncidentKind kind,
      YearMonth month,
      double factor,
      List<String> dimensions,
      long seed)
      throws SQLException {
    if (kind != IncidentKind.SPIKE && kind != IncidentKind.DROP) {
      throw new IllegalArgumentException("a placed incident is a spike or a drop, not " + kind);
    }
    return generator.inject(index, generator.draft(metric, kind, month, factor, seed), dimensions);
  }
}
