package io.assay.store;

import com.fasterxml.jackson.databind.JsonNode;
import io.assay.contract.evidence.ArtifactKind;
import io.assay.contract.finding.ChartData;
import java.util.Optional;

/**
 * Decides whether read-back content is what its kind promises. A failure revokes the artifact, so
 * messages name the exact problem for the operator.
 */
final class ArtifactValidator {
  private ArtifactValidator() {}

  /** Empty when valid, otherwise why not. */
  static Optional<String> problem(ArtifactKind kind, JsonNode content) {
    return switch (kind) {
      case QUERY_RESULT -> queryResult(content);
      case COMPUTATION ->
          content.isObject() && content.size() > 0
              ? Optional.empty()
              : Optional.of("a computation must be a non-empty JSON object");
      case CHART_DATA -> chart(content);
    };
  }

  private static Optional<String> queryResult(JsonNode content) {
    if (!content.isObject()) {
      return Optional.of("a query result must be a JSON object");
    }
    JsonNode columns = content.get("columns");
    JsonNode rows = content.get("rows");
    if (columns == null || !columns.isArray() || columns.isEmpty()) {
      return Optional.of("a query result needs a non-empty \"columns\" array");
    }
    for (JsonNode column : columns) {
      if (!column.isTextual()) {
        return Optional.of("query result column names must be strings, found " + column);
      }
    }
    if (rows == null || !rows.isArray()) {
      return Optional.of("a query result needs a \"rows\" array");
    }
    for (int i = 0; i < rows.size(); i++) {
      JsonNode row = rows.get(i);
      if (!row.isArray() || row.size() != columns.size()) {
        return Optional.of(
            "row " + i + " does not have " + columns.size() + " values like the columns");
      }
    }
    JsonNode sql = content.get("sql");
    if (sql != null && !sql.isTextual()) {
      return Optional.of("\"sql\" must be text");
    }
    return Optional.empty();
  }

  private static Optional<String> chart(JsonNode content) {
    if (content.has("source")) {
      return Optional.of("chart data must not cite a source: it is the source");
    }
    try {
      CanonicalJson.convert(content, ChartData.class);
      return Optional.empty();
    } catch (IllegalArgumentException e) {
      return Optional.of("not a valid chart dataset: " + rootMessage(e));
    }
  }

  private static String rootMessage(Throwable e) {
    Throwable t = e;
    while (t.getCause() != null && t.getCause() != t) {
      t = t.getCause();
    }
    return t.getMessage();
  }
}
