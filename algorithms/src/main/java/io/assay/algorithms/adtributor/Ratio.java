package io.assay.algorithms.adtributor;

/**
 * Numerator and denominator of a ratio metric for one element in one period (e.g. clicks/views).
 */
public record Ratio(double numerator, double denominator) {}
