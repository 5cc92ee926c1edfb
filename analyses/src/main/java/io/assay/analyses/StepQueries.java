package io.assay.analyses;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;
import io.assay.contract.evidence.ArtifactKind;
import io.assay.contract.finding.ArtifactRef;
import io.assay.contract.finding.ChartData;
import io.assay.pick.Pick;
import io.assay.pick.PickJson;
import io.assay.recon.compose.ComposedQuery;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.Timestamp;
import java.time.temporal.TemporalAccessor;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The only way an analysis reaches data and the artifact store. Each query is composed from a Pick,
 * announced as {@code tool_call_started} (with the SQL), run read-only with heartbeats, stored as a
 * query_result artifact and announced as {@code tool_call_finished} (with the row count). Event and
 * artifact keys are {@code jobId:stepIndex:analysis:callNo…}: a retried activity makes the same
 * calls in the same order, so it appends no event and stores no artifact twice.
 */
public final class StepQueries {
  static final ObjectMapper JSON =
      JsonMapper.builder()
          .addModule(new JavaTimeModule())
          .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
          .build();

  private final AnalysisContext context;
  private final String stepId;
  private int calls;
  private final List<ArtifactRef> stored = new ArrayList<>();

  StepQueries(AnalysisContext context, String analysis) {
    this.context = context;
    this.stepId = context.stepId(analysis);
  }

  public String stepId() {
    return stepId;
  }

  /** Every artifact stored through this object, in order, without repeats. */
  public List<ArtifactRef> stored() {
    return List.copyOf(stored);
  }

  /** A query's SQL, rows and the query_result artifact that holds them. */
  public record QueryRun(String name, ComposedQuery sql, Rows rows, ArtifactRef artifact) {}

  /**
   * Composes and runs {@code pick}; {@code name} says what the query is for ("series", "actual by
   * district.a2") and names the artifact. A Pick that cannot be composed throws {@code
   * PickValidationError} before anything is announced.
   */
  public QueryRun query(String name, Pick pick) {
    return run(name, pick, context.warehouse().compose(pick));
  }

  /**
   * Reads the breakdowns of {@code pick} by each of its groupBy columns in one query ({@link
   * Warehouse#composeSlices}), announced and stored as {@link #query} does; empty, with nothing
   * announced, when they cannot share one.
   */
  public Optional<QueryRun> slices(String name, Pick pick) {
    return context.warehouse().composeSlices(pick).map(sql -> run(name, pick, sql));
  }

  private QueryRun run(String name, Pick pick, ComposedQuery sql) {
    int call = ++calls;
    String keyBase = keyPrefix() + call;
    Map<String, Object> started = new LinkedHashMap<>();
    started.put("step_id", stepId);
    started.put("call", call);
    started.put("tool", "execute_sql");
    started.put("name", name);
    started.put("pick", PickJson.mapper().valueToTree(pick));
    started.put("sql", sql.sql());
    started.put("binds", cells(sql.bindValues()));
    event(keyBase + ":started", "tool_call_started", started);
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
      failed.put("sql", sql.sql());
      failed.put("error", String.valueOf(e.getMessage()));
      event(keyBase + ":finished", "tool_call_finished", failed);
      throw e;
    }
    long millis = (System.nanoTime() - t0) / 1_000_000;
    Map<String, Object> content = new LinkedHashMap<>();
    content.put("name", name);
    content.put("sql", sql.sql());
    content.put("binds", cells(sql.bindValues()));
    content.put("columns", rows.columns());
    List<List<Object>> jsonRows = new ArrayList<>(rows.size());
    for (List<Object> r : rows.rows()) {
      jsonRows.add(cells(r));
    }
    content.put("rows", jsonRows);
    content.put("row_count", rows.size());
    content.put("truncated", rows.truncated());
    ArtifactRef ref = store(ArtifactKind.QUERY_RESULT, keyBase + ":query_result", content);
    Map<String, Object> finished = new LinkedHashMap<>();
    finished.put("step_id", stepId);
    finished.put("call", call);
    finished.put("tool", "execute_sql");
    finished.put("name", name);
    finished.put("sql", sql.sql());
    finished.put("row_count", rows.size());
    finished.put("truncated", rows.truncated());
    finished.put("elapsed_ms", millis);
    finished.put("artifact_id", ref.id());
    event(keyBase + ":finished", "tool_call_finished", finished);
    return new QueryRun(name, sql, rows, ref);
  }

  /** Stores a computation (a forecast, scores, a contribution table) as an artifact. */
  public ArtifactRef computation(String name, Object content) {
    return store(ArtifactKind.COMPUTATION, keyPrefix() + "computation:" + name, content);
  }

  /** Stores a chart dataset (without its source) and returns it citing the stored artifact. */
  public <C extends ChartData> C chart(C chart) {
    C stored =
        context
            .artifacts()
            .storeChart(context.jobId(), stepId, keyPrefix() + "chart:" + chart.id(), chart);
    remember(stored.source());
    return stored;
  }

  /** {@code stepId:} or {@code stepId:runKey:}: what every key of this run starts with. */
  private String keyPrefix() {
    return stepId + ":" + (context.runKey().isEmpty() ? "" : context.runKey() + ":");
  }

  private ArtifactRef store(ArtifactKind kind, String key, Object content) {
    JsonNode tree = JSON.valueToTree(content);
    ArtifactRef ref = context.artifacts().storeAccepted(context.jobId(), stepId, kind, key, tree);
    remember(ref);
    return ref;
  }

  private void remember(ArtifactRef ref) {
    if (!stored.contains(ref)) {
      stored.add(ref);
    }
  }

  private void event(String key, String type, Map<String, Object> payload) {
    try {
      context.events().append(context.jobId(), key, type, JSON.writeValueAsString(payload));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("could not write the payload of event " + key, e);
    }
  }

  /**
   * Cells as JSON values: numbers stay numbers (BigDecimal exactly), dates and times become ISO
   * text, anything else its text.
   */
  static List<Object> cells(List<Object> row) {
    List<Object> out = new ArrayList<>(row.size());
    for (Object c : row) {
      out.add(cell(c));
    }
    return out;
  }

  private static Object cell(Object c) {
    if (c == null
        || c instanceof String
        || c instanceof Boolean
        || c instanceof Integer
        || c instanceof Long
        || c instanceof Short
        || c instanceof BigDecimal
        || c instanceof BigInteger) {
      return c;
    }
    if (c instanceof Double d) {
      return Double.isFinite(d) ? d : null;
    }
    if (c instanceof Float f) {
      return Float.isFinite(f) ? (double) f : null;
    }
    if (c instanceof java.sql.Date d) {
      return d.toLocalDate().toString();
    }
    if (c instanceof Timestamp t) {
      return t.toLocalDateTime().toString();
    }
    if (c instanceof TemporalAccessor t) {
      return t.toString();
    }
    return c.toString();
  }
}
