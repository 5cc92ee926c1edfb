package io.assay.web.toy;

import io.assay.analyses.Analysis;
import io.assay.analyses.AnalysisContext;
import io.assay.analyses.ArgSpec;
import io.assay.analyses.ArgType;
import io.assay.analyses.ArgsSchema;
import io.assay.analyses.CueWords;
import io.assay.analyses.PlannerEntry;
import io.assay.contract.finding.Finding;
import io.assay.contract.finding.FindingStatus;
import io.assay.contract.plan.StepArgs;
import io.assay.pick.Filter;
import io.assay.pick.TimeFilter;
import java.util.List;
import java.util.Optional;

/**
 * A toy analysis that exists only in the web module's tests: this class and one line in the test
 * services file make it read, planned and shown, with no main code naming it. Its cue words are
 * rare ("dispersion") so that no other test's question calls for it.
 */
public final class ValueSpread implements Analysis {
  public static final String NAME = "value_spread";

  /** Its step args, as a plan carries them. */
  public record PlanArgs(String metric, TimeFilter time, List<Filter> filters)
      implements StepArgs {}

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public String title() {
    return "Spread of values";
  }

  @Override
  public String description() {
    return "How widely a metric's values spread (a toy for the tests).";
  }

  @Override
  public ArgsSchema argsSchema() {
    return ArgsSchema.typed(
        PlanArgs.class,
        ArgSpec.required("metric", ArgType.METRIC, "the metric whose spread is asked"),
        ArgSpec.optional("time", ArgType.TIME_FILTER, "the window", null),
        ArgSpec.optional("filters", ArgType.FILTERS, "rows kept", null));
  }

  @Override
  public CueWords cues() {
    return CueWords.of(
        CueWords.Cue.of(
            "DISPERSION", "how widely the values spread", "dispersion", "interquartile range"));
  }

  @Override
  public Optional<PlannerEntry> planner() {
    return Optional.of(ValueSpreadPlanning.ENTRY);
  }

  @Override
  public Finding run(StepArgs args, String question, AnalysisContext context) {
    return Finding.builder(context.stepId(NAME), NAME)
        .goal("How widely " + args.json().get("metric") + " spreads")
        .statement("The toy measured no spread: it only shows that it was planned and run.")
        .build(FindingStatus.EMPTY);
  }
}
