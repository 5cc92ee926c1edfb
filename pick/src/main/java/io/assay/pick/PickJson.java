package io.assay.pick;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.exc.InvalidTypeIdException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;

/**
 * Reads and writes Picks as JSON. Unknown fields are errors (a misspelt field would otherwise be
 * silently ignored), and every parse failure becomes a {@link PickValidationError} naming the JSON
 * path.
 */
public final class PickJson {

  private static final ObjectMapper MAPPER = configure(JsonMapper.builder().build());

  private PickJson() {}

  /**
   * Applies the settings Picks need (java.time, ISO dates, strict fields, nulls omitted) to a
   * mapper, e.g. one owned by Spring.
   */
  public static ObjectMapper configure(ObjectMapper mapper) {
    return mapper
        .registerModule(new JavaTimeModule())
        .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
        .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
        .setSerializationInclusion(JsonInclude.Include.NON_NULL);
  }

  /** A mapper configured for Picks (shared, thread-safe). */
  public static ObjectMapper mapper() {
    return MAPPER;
  }

  public static Pick read(String json) {
    try {
      return MAPPER.readValue(json, Pick.class);
    } catch (JsonProcessingException e) {
      throw new PickValidationError("invalid Pick JSON: " + describe(e));
    }
  }

  public static String write(Pick pick) {
    try {
      return MAPPER.writeValueAsString(pick);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a Pick could not be written as JSON", e);
    }
  }

  /** "at measures[0].kind: …" from a Jackson failure, without Jackson's class names. */
  static String describe(JsonProcessingException e) {
    String where = "";
    if (e instanceof JsonMappingException m && !m.getPath().isEmpty()) {
      StringBuilder path = new StringBuilder();
      for (JsonMappingException.Reference r : m.getPath()) {
        if (r.getFieldName() != null) {
          if (path.length() > 0) {
            path.append('.');
          }
          path.append(r.getFieldName());
        } else if (r.getIndex() >= 0) {
          path.append('[').append(r.getIndex()).append(']');
        }
      }
      where = "at " + path + ": ";
    }
    Throwable cause = e.getCause();
    if (cause instanceof PickValidationError p) {
      return where + p.getMessage();
    }
    if (e instanceof UnrecognizedPropertyException u) {
      return where
          + "unknown field '"
          + u.getPropertyName()
          + "'; known fields: "
          + u.getKnownPropertyIds();
    }
    if (e instanceof InvalidTypeIdException t) {
      return where + "unknown kind '" + t.getTypeId() + "'";
    }
    return where + e.getOriginalMessage();
  }
}
