package io.assay.contract.job;

import io.assay.contract.plan.PlanEdit;

/**
 * An accepted plan edit, kept as a business fact supplied by a person: who, when, what. It appears
 * in the report.
 */
public record PlanEditRecord(String by, String at, PlanEdit edit, String description) {}
