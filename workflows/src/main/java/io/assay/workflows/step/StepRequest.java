package io.assay.workflows.step;

import io.assay.activities.plan.PlanStep;

/** What a step's child workflow needs: the job, the step and the question. */
public record StepRequest(String jobId, int stepIndex, PlanStep step, String question) {}
