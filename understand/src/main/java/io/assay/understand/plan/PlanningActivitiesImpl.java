package io.assay.understand.plan;

import dev.langchain4j.model.chat.ChatModel;
import io.assay.analyses.AnalysisRegistry;
import io.assay.contract.job.JobRequest;
import io.assay.contract.plan.ClarificationAnswer;
import io.assay.contract.plan.Plan;
import io.assay.contract.plan.PlanEdit;
import io.assay.contract.plan.PlanningActivities;
import io.assay.contract.plan.Understanding;
import io.assay.llm.LlmSettings;
import io.assay.llm.ReadingPolicy;
import io.assay.recon.Recon;
import io.assay.understand.ReaderCache;
import io.assay.understand.model.ModelReader;
import io.assay.understand.model.ModelReading;
import io.assay.understand.model.Readers;
import io.assay.understand.model.ReadingLog;
import io.temporal.failure.ApplicationFailure;
import java.util.List;
import java.util.function.BiConsumer;
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
  private final ModelReader modelReader;
  private final ReadingPolicy policy;
  private final ReadingLog log;
  private static final org.slf4j.Logger LOG =
      org.slf4j.LoggerFactory.getLogger(PlanningActivitiesImpl.class);

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

  /** As above, reading with the model as {@code reading} says, within {@code tokenBudget}. */
  public PlanningActivitiesImpl(
      Supplier<Recon> recon,
      AnalysisRegistry registry,
      ChatModel plannerModel,
      ReadingPolicy reading,
      int tokenBudget) {
    this(recon, registry, ReaderCache.standard(recon), plannerModel, reading, tokenBudget);
  }

  /** As above with a given reader cache (tests share one across instances). */
  public PlanningActivitiesImpl(
      Supplier<Recon> recon,
      AnalysisRegistry registry,
      ReaderCache readers,
      ChatModel plannerModel) {
    this(
        recon,
        registry,
        readers,
        plannerModel,
        ReadingPolicy.FALLBACK,
        LlmSettings.DEFAULT_TOKEN_BUDGET);
  }

  /**
   * @param model the chat model, or null for the deterministic reader and planner alone
   * @param reading when the model reads questions ({@code assay.llm.reading}); with {@code off} the
   *     model only chooses analyses (the LLM planner), otherwise it reads and the deterministic
   *     planner plans from the reading, so a question costs at most two model round trips
   * @param tokenBudget the most tokens one job's model readings may spend together
   */
  public PlanningActivitiesImpl(
      Supplier<Recon> recon,
      AnalysisRegistry registry,
      ReaderCache readers,
      ChatModel model,
      ReadingPolicy reading,
      int tokenBudget) {
    this(recon, registry, readers, model, reading, tokenBudget, PlanningActivitiesImpl::keep);
  }

  /** As above; {@code replies} receives each model reading, and no count is kept. */
  public PlanningActivitiesImpl(
      Supplier<Recon> recon,
      AnalysisRegistry registry,
      ReaderCache readers,
      ChatModel model,
      ReadingPolicy reading,
      int tokenBudget,
      BiConsumer<String, ModelReading> replies) {
    this(
        recon,
        registry,
        readers,
        model,
        reading,
        tokenBudget,
        ReadingLog.uncounted(replies == null ? PlanningActivitiesImpl::keep : replies));
  }

  /**
   * As above; {@code log} keeps each model reading (its raw replies and costs) for the job, as the
   * worker does in the job's artifacts, and counts the tokens the job spent, for the budget.
   */
  public PlanningActivitiesImpl(
      Supplier<Recon> recon,
      AnalysisRegistry registry,
      ReaderCache readers,
      ChatModel model,
      ReadingPolicy reading,
      int tokenBudget,
      ReadingLog log) {
    this.recon = recon;
    this.registry = registry;
    this.readers = readers;
    DeterministicPlanner deterministic = new DeterministicPlanner(registry, recon);
    boolean modelReads = model != null && reading != ReadingPolicy.OFF;
    this.planner =
        model == null || modelReads
            ? deterministic
            : new LlmPlanner(model, registry, recon, deterministic);
    this.modelReader = modelReads ? new ModelReader(model, tokenBudget) : null;
    this.policy = reading;
    this.log = log;
  }

  @Override
  public Understanding understand(JobRequest request, List<ClarificationAnswer> answers) {
    Readers reading =
        modelReader == null
            ? Readers.deterministic()
            : Readers.forJob(modelReader, policy, log, request.jobId());
    return new DecisionMachine(readers.get(), planner, reading).decide(request, answers);
  }

  /** Without a store: the replies are names from closed sets (no rows), logged at debug. */
  private static void keep(String jobId, ModelReading m) {
    if (LOG.isDebugEnabled()) {
      LOG.debug("job {}: model reader replies ({}): {}", jobId, m.costs(), m.replies());
    }
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
