package io.assay.algorithms.rca;

/** How a KPI is built from its leaves. */
public enum Measure {
  /** The KPI is the sum of the leaves' values (e.g. page views, revenue). */
  FUNDAMENTAL,
  /** The KPI is the ratio of two sums (e.g. success rate = successes / attempts). */
  DERIVED
}
