package io.assay.algorithms.eval.nab;

/**
 * A streaming detector as NAB runs it: one anomaly score in [0, 1] per row of a file, each using
 * only the rows up to its own.
 */
@FunctionalInterface
public interface RowDetector {
  double[] score(NabFile file);
}
