package io.assay.analyses;

import io.assay.contract.finding.Finding;
import io.assay.contract.plan.StepArgs;
import java.util.Map;

/**
 * Looks an analysis up, validates its args against the catalog and runs it. Unknown analyses and
 * invalid args fail with {@link InvalidArgsException} (non-retryable); everything else an analysis
 * throws propagates unchanged so that transient failures can be retried.
 */
public final class AnalysisRunner {
  private final AnalysisRegistry registry;

  public AnalysisRunner(AnalysisRegistry registry) {
    this.registry = registry;
  }

  public AnalysisRegistry registry() {
    return registry;
  }

  public Finding run(String analysis, StepArgs args, String question, AnalysisContext context) {
    Analysis a =
        registry
            .find(analysis)
            .orElseThrow(
                () ->
                    new InvalidArgsException(
                        String.valueOf(analysis),
                        "unknown analysis '"
                            + analysis
                            + "'; known: "
                            + String.join(", ", registry.names())));
    var problems = a.argsSchema().validate(args, context.catalog());
    if (!problems.isEmpty()) {
      throw new InvalidArgsException(analysis, problems);
    }
    // the key digests the args as they arrived (JSON), so a retry and a replayed run keep theirs
    String key = runKey(analysis, args == null ? Map.of() : args.json(), context);
    // args arrive as JSON from the workflow; the analysis's record types them once, here
    return a.run(a.argsSchema().typed(args), question, context.withRunKey(key));
  }

  /**
   * A short digest of what determines the run's queries: the analysis, its args and the answers
   * given. Equal for a retry of the same run; different once args are edited or a question
   * answered.
   */
  static String runKey(String analysis, Map<String, Object> args, AnalysisContext context) {
    Map<String, Object> what = new java.util.LinkedHashMap<>();
    what.put("analysis", analysis);
    what.put("args", args);
    what.put("answers", context.answers());
    String json = io.assay.store.CanonicalJson.write(StepQueries.JSON.valueToTree(what));
    return io.assay.store.CanonicalJson.sha256(json).substring(0, 12);
  }
}
