package io.assay.analyses;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectWriter;
import io.assay.pick.Filter;
import io.assay.pick.Pick;
import io.assay.pick.PickJson;
import io.assay.pick.TimeFilter;
import io.assay.pick.TimeGrain;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Plan step args are JSON-shaped (maps, lists, strings, numbers) so that they travel through
 * workflow history and edits unchanged; these convert Pick-language values to and from that shape.
 */
public final class StepArgs {

  private static final TypeReference<Map<String, Object>> MAP = new TypeReference<>() {};
  private static final TypeReference<List<Object>> LIST = new TypeReference<>() {};

  private StepArgs() {}

  private static final TypeReference<List<Filter>> FILTERS = new TypeReference<>() {};

  public static Map<String, Object> json(TimeFilter t) {
    return reshape(t, TimeFilter.class, MAP);
  }

  public static Map<String, Object> json(Pick p) {
    return reshape(p, Pick.class, MAP);
  }

  public static List<Object> json(List<Filter> filters) {
    return reshape(filters, FILTERS, LIST);
  }

  /**
   * Writes a value as its declared type (so polymorphic values keep their "kind") and reads it back
   * as plain JSON-shaped Java values.
   */
  private static <T> T reshape(Object value, Object declared, TypeReference<T> shape) {
    try {
      ObjectMapper m = PickJson.mapper();
      ObjectWriter w =
          declared instanceof Class<?> c
              ? m.writerFor(c)
              : m.writerFor((TypeReference<?>) declared);
      return m.readValue(w.writeValueAsString(value), shape);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write step args as JSON", e);
    }
  }

  public static String json(TimeGrain g) {
    return g.name().toLowerCase(Locale.ROOT);
  }

  public static List<Filter> filters(Object value) {
    if (value == null) {
      return new ArrayList<>();
    }
    return new ArrayList<>(
        PickJson.mapper().convertValue(value, new TypeReference<List<Filter>>() {}));
  }

  public static Pick pick(Object value) {
    return value instanceof Pick p ? p : PickJson.mapper().convertValue(value, Pick.class);
  }

  /** A mutable copy of step args, keeping their order. */
  public static Map<String, Object> copy(Map<String, Object> args) {
    return new LinkedHashMap<>(args);
  }
}
