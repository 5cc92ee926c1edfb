package io.assay.analyses.direct;

import io.assay.contract.plan.StepArgs;
import io.assay.pick.Pick;

/** A direct answer's step args, as a plan carries them: the Pick that answers the question. */
public record DirectPlanArgs(Pick pick) implements StepArgs {}
