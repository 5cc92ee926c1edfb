package io.assay.contract.workflow;

import io.assay.contract.plan.PlanStep;

/** What a step's child workflow needs: the job, the step and the question. */
public record StepRequest(String jobId, int stepIndex, PlanStep step, String question) {}
