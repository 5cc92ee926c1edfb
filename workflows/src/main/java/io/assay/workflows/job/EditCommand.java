package io.assay.workflows.job;

import io.assay.activities.plan.PlanEdit;

/** A plan edit and the person who makes it. */
public record EditCommand(String by, PlanEdit edit) {}
