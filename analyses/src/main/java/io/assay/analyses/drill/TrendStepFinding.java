package io.assay.analyses.drill;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.assay.analyses.AnalysisContext;
import io.assay.analyses.trend.TrendAnomaly;
import io.assay.store.Artifact;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Optional;

/**
 * The stored scan of the trend step a drill-down depends on ({@code located_by: trend_anomaly}):
 * the {@code anomaly_scan} computation of the latest earlier {@code trend_anomaly} step of the same
 * job on the same metric. Reading it, rather than scanning again, makes the drill-down explain the
 * interval the trend step reported.
 */
final class TrendStepFinding {
  private static final ObjectMapper JSON = new ObjectMapper();

  private TrendStepFinding() {}

  /** The scan's content, or empty when the job holds no such step before this one. */
  static Optional<JsonNode> read(AnalysisContext context, String metric) {
    List<Artifact> all = context.artifacts().forJob(context.jobId());
    JsonNode best = null;
    int bestStep = -1;
    String prefix = context.jobId() + ":";
    String suffix = ":" + TrendAnomaly.NAME;
    for (Artifact a : all) {
      String step = a.info().stepId();
      if (step == null
          || !a.info().accepted()
          || !step.startsWith(prefix)
          || !step.endsWith(suffix)) {
        continue;
      }
      int index;
      try {
        index = Integer.parseInt(step.substring(prefix.length(), step.length() - suffix.length()));
      } catch (NumberFormatException e) {
        continue;
      }
      if (index >= context.stepIndex() || index < bestStep || a.content() == null) {
        continue;
      }
      JsonNode c = parse(a.content());
      if (c.path("kind").asText().equals("anomaly_scan")
          && c.path("metric").asText().equals(metric)) {
        best = c;
        bestStep = index;
      }
    }
    return Optional.ofNullable(best);
  }

  private static JsonNode parse(String content) {
    try {
      return JSON.readTree(content);
    } catch (IOException e) {
      throw new UncheckedIOException("a stored anomaly scan is not JSON", e);
    }
  }
}
