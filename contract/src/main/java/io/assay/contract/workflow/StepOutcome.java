package io.assay.contract.workflow;

import io.assay.contract.finding.Finding;

/**
 * A step's result as the parent sees it: the Finding (summaries and references, never raw rows),
 * whether the fallback produced it, and the primary's error when there was one.
 */
public record StepOutcome(Finding finding, boolean usedFallback, String primaryError) {}
