package io.assay.workflows.job;

/** Runs a failed step again. */
public record RetryCommand(String by, int stepIndex) {}
