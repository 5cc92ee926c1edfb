package io.assay.algorithms.eval.nab;

/** An application profile (cost matrix) from {@code config/profiles.json}. */
public record NabProfile(String name, double tpWeight, double fpWeight, double fnWeight) {}
