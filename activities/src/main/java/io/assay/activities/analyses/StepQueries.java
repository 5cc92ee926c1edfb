package io.assay.activities.analyses;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.assay.activities.analysis.ArtifactRef;
import io.assay.activities.analysis.ChartData;
import io.assay.recon.pick.Pick;
import io.assay.recon.pick.PickJson;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The only way an analysis reaches data and the artifact store. Each query is composed from a Pick,
 * announced as {@code tool_call_started} (with the SQL), run read-only with heartbeats, stored as a
 * query_result artifact and announced as {@code tool_call_finished} (with the row count). Event keys
 * are {@code jobId:stepIndex:analysis:callNo:phase}, so a retried activity, which makes the same
 * calls in the same order, appends nothing twice.
 */
public final class StepQueries {
  static final ObjectMapper JSON =
      JsonMapper.builder()
          .addModule(new JavaTimeModule())
          .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
          .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
          .build();

  private final AnalysisContext context;
  private final String analysis;
  private final String stepId;
  private int calls;
  private final List<ArtifactRef> stored = new ArrayList<>();

  StepQueries(AnalysisContext context, String analysis) {
    this.context = context;
    this.analysis = analysis;
    this.stepId = context.stepId(analysis);
  }

  public String stepId() {
    return stepId;
  }

  /** Every artifact stored through this object, in order. */
  public List<ArtifactRef> stored() {
    return List.copyOf(stored);
  }

  /** A query's SQL, rows and the artifact that holds them. */
  public record QueryRun(String name, ComposedSql sql, Rows rows, ArtifactRef artifact) {}

  /**
   * Composes and runs {@code pick}; {@code name} says what the query is for ("series", "baseline
   * by district.a2") and names the artifact.
   */
  public QueryRun query(String name, Pick pick) {
    int call = ++calls;
    String keyBase = stepId + ":" + call;
    ComposedSql sql = context.warehouse().compose(pick);
    Map<String, Object> started = new LinkedHashMap<>();
    started.put("step_id", stepId);
    started.put("call", call);
    started.put("tool", "execute_sql");
    started.put("name", name);
    started.put("pick", PickJson.mapper().valueToTree(pick));
    started.put("sql", sql.sql());
    started.put("binds", sql.binds());
    context.events().append(context.jobId(), keyBase + ":started", "tool_call_started", json(started));
    long t0 = System.nanoTime();
    Rows rows;
    try {
      rows = context.warehouse().execute(sql, context.heartbeat());
    } catch (RuntimeException e) {
      Map<String, Object> failed = new LinkedHashMap<>();
      failed.put("step_id", stepId);
      failed.put("call", call);
      failed.put("tool", "execute_sql");
      failed.put("name", name);
      failed.put("error", String.valueOf(e.getMessage()));
      context.events().append(context.jobId(), keyBase + ":finished", "tool_call_finished", json(failed));
      throw e;
    }
    long millis = (System.nanoTime() - t0) / 1_000_000;
    Map<String, Object> content = new LinkedHashMap<>();
    content.put("name", name);
    content.put("sql", sql.sql());
    content.put("binds", sql.binds());
    content.put("columns", rows.columns());
    content.put("rows", rows.rows());
    content.put("row_count", rows.size());
    content.put("truncated", rows.truncated());
    ArtifactRef ref = store("query_result", name, content);
    Map<String, Object> finished = new LinkedHashMap<>();
    finished.put("step_id", stepId);
    finished.put("call", call);
    finished.put("tool", "execute_sql");
    finished.put("name", name);
    finished.put("sql", sql.sql());
    finished.put("row_count", rows.size());
    finished.put("truncated", rows.truncated());
    finished.put("elapsed_ms", millis);
    finished.put("artifact", ref.label());
    context.events().append(context.jobId(), keyBase + ":finished", "tool_call_finished", json(finished));
    return new QueryRun(name, sql, rows, ref);
  }

  /** Stores a computation (a forecast, scores, a contribution table) as an artifact. */
  public ArtifactRef computation(String name, Object content) {
    return store("computation", name, content);
  }

  /** Stores a chart dataset (without its source) and returns it citing the stored artifact. */
  @SuppressWarnings("unchecked")
  public <C extends ChartData> C chart(C chart) {
    ArtifactRef ref = store("chart_data", chart.id(), chart.withSource(null));
    return (C) chart.withSource(ref);
  }

  private ArtifactRef store(String kind, String name, Object content) {
    ArtifactRef ref = context.artifacts().store(context.jobId(), stepId, kind, name, json(content));
    if (!stored.contains(ref)) {
      stored.add(ref);
    }
    return ref;
  }

  static String json(Object value) {
    try {
      return JSON.writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("could not write JSON for an artifact or event", e);
    }
  }
}
