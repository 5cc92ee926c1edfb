package io.assay.evals.incidents;

/** What is injected: a one-period spike or drop, a shift over 2–4 periods, or nothing. */
public enum IncidentKind {
  SPIKE,
  DROP,
  SHIFT,
  NONE;

  public String label() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }
}
