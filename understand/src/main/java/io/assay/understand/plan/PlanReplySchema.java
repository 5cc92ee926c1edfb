package io.assay.understand.plan;

import dev.langchain4j.model.chat.request.json.JsonArraySchema;
import dev.langchain4j.model.chat.request.json.JsonBooleanSchema;
import dev.langchain4j.model.chat.request.json.JsonEnumSchema;
import dev.langchain4j.model.chat.request.json.JsonIntegerSchema;
import dev.langchain4j.model.chat.request.json.JsonNumberSchema;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.langchain4j.model.chat.request.json.JsonSchema;
import dev.langchain4j.model.chat.request.json.JsonSchemaElement;
import dev.langchain4j.model.chat.request.json.JsonStringSchema;
import io.assay.analyses.Analysis;
import io.assay.analyses.ArgSpec;
import io.assay.analyses.ArgType;
import io.assay.pick.TimeGrain;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The structured-output schema of the LLM planner's reply. Every choice is an enum built from the
 * analysis catalog and recon: analysis names, metric names, column names, time grains. Filters and
 * Picks are not in it: they come from the deterministic reading, never from the model.
 */
final class PlanReplySchema {

  /** Arg types the model chooses; the others are filled from the reading. */
  static final Set<ArgType> CHOSEN =
      Set.of(
          ArgType.METRIC,
          ArgType.METRIC_LIST,
          ArgType.COLUMN,
          ArgType.COLUMN_LIST,
          ArgType.TIME_GRAIN,
          ArgType.TIME_FILTER,
          ArgType.INTEGER,
          ArgType.NUMBER,
          ArgType.STRING,
          ArgType.BOOLEAN);

  /** The grains the composer renders: the Pick language's own list, never a copy of it. */
  static final List<String> GRAINS =
      Arrays.stream(TimeGrain.values()).map(g -> g.name().toLowerCase(Locale.ROOT)).toList();

  private PlanReplySchema() {}

  /** The arg specs the model may set, by name (the first analysis declaring a name wins). */
  static Map<String, ArgSpec> choosableArgs(List<Analysis> analyses) {
    Map<String, ArgSpec> out = new LinkedHashMap<>();
    for (Analysis a : analyses) {
      for (ArgSpec s : a.argsSchema().args()) {
        if (CHOSEN.contains(s.type())) {
          ArgSpec existing = out.putIfAbsent(s.name(), s);
          if (existing != null && existing.type() != s.type()) {
            // Same name, different kinds: the model may not set it; the default applies.
            out.put(s.name(), null);
          }
        }
      }
    }
    out.values().removeIf(java.util.Objects::isNull);
    return out;
  }

  static JsonSchema build(List<Analysis> analyses, List<String> metrics, List<String> columns) {
    JsonObjectSchema.Builder args =
        JsonObjectSchema.builder()
            .description("arguments of the chosen analysis; only those it accepts");
    for (ArgSpec s : choosableArgs(analyses).values()) {
      args.addProperty(s.name(), element(s, metrics, columns));
    }
    JsonObjectSchema step =
        JsonObjectSchema.builder()
            .addProperty(
                "analysis",
                JsonEnumSchema.builder()
                    .enumValues(analyses.stream().map(Analysis::name).toList())
                    .description("which analysis runs")
                    .build())
            .addStringProperty("why", "one sentence: why this step")
            .addProperty("args", args.build())
            .required("analysis", "why", "args")
            .build();
    JsonObjectSchema root =
        JsonObjectSchema.builder()
            .addProperty(
                "steps",
                JsonArraySchema.builder().items(step).description("the steps in order").build())
            .addStringProperty("reason", "one sentence: why this plan")
            .required("steps", "reason")
            .build();
    return JsonSchema.builder().name("plan").rootElement(root).build();
  }

  private static JsonSchemaElement element(ArgSpec s, List<String> metrics, List<String> columns) {
    String d = s.description();
    return switch (s.type()) {
      case METRIC -> JsonEnumSchema.builder().enumValues(metrics).description(d).build();
      case METRIC_LIST ->
          JsonArraySchema.builder()
              .description(d)
              .items(JsonEnumSchema.builder().enumValues(metrics).build())
              .build();
      case COLUMN -> JsonEnumSchema.builder().enumValues(columns).description(d).build();
      case COLUMN_LIST ->
          JsonArraySchema.builder()
              .description(d)
              .items(JsonEnumSchema.builder().enumValues(columns).build())
              .build();
      case TIME_GRAIN -> JsonEnumSchema.builder().enumValues(GRAINS).description(d).build();
      case TIME_FILTER -> timeFilter(d);
      case INTEGER -> JsonIntegerSchema.builder().description(d).build();
      case NUMBER -> JsonNumberSchema.builder().description(d).build();
      case BOOLEAN -> JsonBooleanSchema.builder().description(d).build();
      default -> JsonStringSchema.builder().description(d).build();
    };
  }

  private static JsonSchemaElement timeFilter(String description) {
    return JsonObjectSchema.builder()
        .description(description + " (a year, quarter, month or date range)")
        .addProperty(
            "kind",
            JsonEnumSchema.builder().enumValues("year", "quarter", "month", "range").build())
        .addIntegerProperty("year")
        .addIntegerProperty("quarter", "1 to 4, with kind quarter")
        .addIntegerProperty("month", "1 to 12, with kind month")
        .addStringProperty("from", "first day YYYY-MM-DD, with kind range")
        .addStringProperty("to", "last day YYYY-MM-DD, with kind range")
        .required("kind")
        .build();
  }

  /** The catalog as prompt text: each analysis with its choosable args. */
  static String describe(List<Analysis> analyses) {
    List<String> lines = new ArrayList<>();
    for (Analysis a : analyses) {
      StringBuilder sb =
          new StringBuilder("- ").append(a.name()).append(": ").append(a.description());
      for (ArgSpec s : a.argsSchema().args()) {
        if (!CHOSEN.contains(s.type())) {
          continue;
        }
        sb.append("\n    ")
            .append(s.name())
            .append(" (")
            .append(s.type().name().toLowerCase())
            .append(s.required() && s.defaultValue() == null ? ", required" : ", optional")
            .append("): ")
            .append(s.description());
      }
      lines.add(sb.toString());
    }
    return String.join("\n", lines);
  }
}
