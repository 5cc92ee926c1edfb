package io.assay.understand.model;

import dev.langchain4j.model.chat.request.json.JsonArraySchema;
import dev.langchain4j.model.chat.request.json.JsonBooleanSchema;
import dev.langchain4j.model.chat.request.json.JsonEnumSchema;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import dev.langchain4j.model.chat.request.json.JsonSchema;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * The structured-output schema of the model reader's reply: every name is an enum of its {@link
 * ClosedSets} set, with {@value ClosedSets#NONE} for "the question states none". Every property is
 * required and no other is allowed, so providers with strict schemas accept it.
 */
final class ReadingSchema {

  private ReadingSchema() {}

  static JsonSchema of(ClosedSets sets) {
    JsonObjectSchema root =
        JsonObjectSchema.builder()
            .addProperty(
                "understood",
                JsonBooleanSchema.builder()
                    .description("false when the allowed values do not hold what it needs")
                    .build())
            .addProperty("metric", oneOf(sets.metrics().keySet(), "the metric asked about"))
            .addProperty("time", oneOf(sets.windows().keySet(), "the time window"))
            .addProperty(
                "compare_with", oneOf(sets.windows().keySet(), "a second window to compare with"))
            .addProperty("grain", oneOf(sets.grains(), "the grain of a series"))
            .addProperty("filters", listOf(sets.values().keySet(), "values the rows must hold"))
            .addProperty("group_by", listOf(sets.columns().keySet(), "columns to split by"))
            .addProperty("analyses", listOf(sets.analyses().keySet(), "analyses asked for"))
            .addStringProperty("unclear", "what is missing, when not understood; else empty")
            .required(
                "understood",
                "metric",
                "time",
                "compare_with",
                "grain",
                "filters",
                "group_by",
                "analyses",
                "unclear")
            .additionalProperties(false)
            .build();
    return JsonSchema.builder().name("reading").rootElement(root).build();
  }

  private static JsonEnumSchema oneOf(Collection<String> names, String description) {
    List<String> values = new ArrayList<>(names);
    values.add(ClosedSets.NONE);
    return JsonEnumSchema.builder().enumValues(values).description(description).build();
  }

  private static JsonArraySchema listOf(Collection<String> names, String description) {
    List<String> values = new ArrayList<>(names);
    if (values.isEmpty()) {
      values.add(ClosedSets.NONE);
    }
    return JsonArraySchema.builder()
        .description(description)
        .items(JsonEnumSchema.builder().enumValues(values).build())
        .build();
  }
}
