package io.assay.contract.workflow;

/** Runs a failed step again. */
public record RetryCommand(String by, int stepIndex) {}
