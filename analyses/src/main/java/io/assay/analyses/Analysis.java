package io.assay.analyses;

import io.assay.contract.finding.Finding;
import io.assay.contract.plan.StepArgs;
import java.util.Optional;

/**
 * One kind of analysis a plan step can run, e.g. {@code trend_anomaly}. Implementations are
 * stateless: everything a run needs arrives in its args, the question and the {@link
 * AnalysisContext}. A new analysis registers through {@code
 * META-INF/services/io.assay.analyses.Analysis} (see {@link AnalysisRegistry}), so the runtime
 * never changes when one is added.
 */
public interface Analysis {

  /** Stable snake_case name used in plans, e.g. {@code drill_down}. */
  String name();

  /** One sentence for people and for the LLM planner's catalog: what the analysis answers. */
  String description();

  /**
   * The arguments it accepts and the record a step carries them in; plans are validated against it
   * before a step is accepted.
   */
  ArgsSchema argsSchema();

  /**
   * Runs the analysis. Args are validated first by the caller ({@link AnalysisRunner}); an
   * implementation still throws {@link InvalidArgsException} when an arg it reads turns out
   * unusable. Data problems (nothing to analyse) give an EMPTY or FAILED Finding, never an
   * exception.
   */
  Finding run(StepArgs args, String question, AnalysisContext context);

  /** The words of a question that call for it; none by default. */
  default CueWords cues() {
    return CueWords.NONE;
  }

  /**
   * How the deterministic planner plans it from a question; empty for an analysis only planned as
   * another's fallback or by people and the LLM planner.
   */
  default Optional<PlannerEntry> planner() {
    return Optional.empty();
  }

  /** Its name as the job page heads its finding: {@code trend_anomaly} → "Trend anomaly". */
  default String title() {
    String words = name().replace('_', ' ');
    return Character.toUpperCase(words.charAt(0)) + words.substring(1);
  }
}
