package io.assay.contract.plan;

/** A person's answer to a {@link Clarification}: the chosen option value. */
public record ClarificationAnswer(String clarificationId, String value, String answeredBy) {}
