package io.assay.contract.workflow;

/** Stops a job; running child steps are cancelled too. */
public record CancelCommand(String by, String reason) {}
