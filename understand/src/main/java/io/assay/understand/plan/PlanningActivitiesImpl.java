package io.assay.understand.plan;

import dev.langchain4j.model.chat.ChatModel;
import io.assay.analyses.AnalysisRegistry;
import io.assay.contract.job.JobRequest;
import io.assay.contract.plan.ClarificationAnswer;
import io.assay.contract.plan.Plan;
import io.assay.contract.plan.PlanEdit;
import io.assay.contract.plan.PlanningActivities;
import io.assay.contract.plan.Understanding;
import io.assay.recon.Recon;
import io.assay.understand.ReaderCache;
import io.temporal.failure.ApplicationFailure;
import java.util.List;
import java.util.function.Supplier;

/**
 * The planning activities: {@link #understand} runs the {@link DecisionMachine} (reader without an
 * LLM, then the deterministic planner, or the LLM planner with the deterministic one as fallback);
 * {@link #applyEdit} applies a person's plan edit after validating it against recon and the args
 * schema, failing non-retryably with type {@value #INVALID_PLAN_EDIT} otherwise.
 */
public final class PlanningActivitiesImpl implements PlanningActivities {

  public static final String INVALID_PLAN_EDIT = "InvalidPlanEdit";

  private final Supplier<Recon> recon;
  private final AnalysisRegistry registry;
  private final ReaderCache readers;
  private final Planner planner;

  /**
   * @param recon the current recon (e.g. {@code ReconCache::get}); read on every call
   * @param registry the installed analyses
   * @param plannerModel the chat model for the LLM planner, or null for the deterministic planner
   *     alone
   */
  public PlanningActivitiesImpl(
      Supplier<Recon> recon, AnalysisRegistry registry, ChatModel plannerModel) {
    this(recon, registry, ReaderCache.standard(recon), plannerModel);
  }

  /** As above with a given reader cache (tests share one across instances). */
  public PlanningActivitiesImpl(
      Supplier<Recon> recon,
      AnalysisRegistry registry,
      ReaderCache readers,
      ChatModel plannerModel) {
    this.recon = recon;
    this.registry = registry;
    this.readers = readers;
    DeterministicPlanner deterministic = new DeterministicPlanner(registry, recon);
    this.planner =
        plannerModel == null
            ? deterministic
            : new LlmPlanner(plannerModel, registry, recon, deterministic);
  }

  @Override
  public Understanding understand(JobRequest request, List<ClarificationAnswer> answers) {
    return new DecisionMachine(readers.get(), planner).decide(request, answers);
  }

  @Override
  public Plan applyEdit(Plan plan, PlanEdit edit) {
    try {
      return new CheckedPlanEdits(registry, recon.get()).apply(plan, edit);
    } catch (CheckedPlanEdits.InvalidEdit e) {
      throw ApplicationFailure.newNonRetryableFailure(e.getMessage(), INVALID_PLAN_EDIT);
    }
  }

  /** The planner in use (deterministic, or LLM with deterministic fallback). */
  Planner planner() {
    return planner;
  }
}
