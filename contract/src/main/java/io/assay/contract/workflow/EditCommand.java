package io.assay.contract.workflow;

import io.assay.contract.plan.PlanEdit;

/** A plan edit and the person who makes it. */
public record EditCommand(String by, PlanEdit edit) {}
