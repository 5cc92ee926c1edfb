package io.assay.contract.plan;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.assay.pick.PickJson;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The arguments of one plan step. Each analysis declares a record of them (a direct answer's
 * carries its Pick), so a step built by a planner holds typed values and the analysis reads them as
 * they were built; {@link Raw} holds args as people, the LLM planner and recorded histories give
 * them, until the analysis's schema types them. Not sealed: an analysis (also a test's own)
 * declares its record next to itself, and the contract does not know the analyses.
 *
 * <p>Between processes a step's args travel as the JSON object they always were ({@link #json}):
 * typed or not, the payload has the same shape, so recorded histories replay.
 */
public interface StepArgs {

  TypeReference<LinkedHashMap<String, Object>> JSON_OBJECT = new TypeReference<>() {};

  /**
   * The args as a JSON object (maps, lists, strings, numbers), written by the Pick rules (absent
   * args omitted): the payload form, and what forms and report words read.
   */
  default Map<String, Object> json() {
    return jsonObject(this);
  }

  /**
   * {@code value} written as JSON text and read back: numbers come back as a JSON reader gives them
   * (an Integer, not the BigDecimal of a Pick's number), so equal args give equal objects.
   */
  private static Map<String, Object> jsonObject(Object value) {
    try {
      ObjectMapper m = PickJson.mapper();
      return Collections.unmodifiableMap(m.readValue(m.writeValueAsString(value), JSON_OBJECT));
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("step args are not a JSON object: " + e.getMessage(), e);
    }
  }

  /** Args as JSON: the object is kept as given, in its order. */
  static StepArgs of(Map<String, Object> json) {
    return new Raw(json);
  }

  /**
   * Args not (yet) typed by an analysis's schema: from a person's edit, the LLM planner or a
   * recorded history, or for an analysis that declares no record. Values are kept JSON-shaped
   * (written as JSON text and read back), so equal args are equal maps whatever produced them. Give
   * JSON: a typed value in a bare list (a filter) has no declared type to write its "kind" by.
   */
  record Raw(Map<String, Object> values) implements StepArgs {
    public Raw {
      values = values == null || values.isEmpty() ? Map.of() : jsonObject(values);
    }

    @Override
    public Map<String, Object> json() {
      return values;
    }
  }
}
