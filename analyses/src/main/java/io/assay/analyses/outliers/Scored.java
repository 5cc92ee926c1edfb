package io.assay.analyses.outliers;

/** An entity beyond the threshold, with its value and robust z-score. */
record Scored(String entity, double value, double z, int index) {}
