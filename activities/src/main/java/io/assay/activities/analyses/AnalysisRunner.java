package io.assay.activities.analyses;

import io.assay.activities.analysis.Finding;
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

  public Finding run(
      String analysis, Map<String, Object> args, String question, AnalysisContext context) {
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
    return a.run(args == null ? Map.of() : args, question, context);
  }
}
