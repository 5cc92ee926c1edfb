package io.assay.analyses;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.assay.pick.Filter;
import io.assay.pick.Pick;
import io.assay.pick.PickJson;
import io.assay.pick.TimeFilter;
import java.util.List;

/**
 * A typed arg value as JSON, for args given as JSON (an edit, the LLM planner's step) that take a
 * value the platform holds typed (the reading's filters or Pick). Written by the arg's declared
 * type: a filter in a bare list would otherwise lose its "kind".
 */
public final class ArgJson {
  private static final TypeReference<List<Filter>> FILTERS = new TypeReference<>() {};

  private ArgJson() {}

  /** {@code value} of an arg of {@code type} as JSON; other values as they are. */
  public static Object of(ArgType type, Object value) {
    ObjectMapper m = PickJson.mapper();
    try {
      return switch (type) {
        case FILTERS -> m.readValue(m.writerFor(FILTERS).writeValueAsString(value), Object.class);
        case PICK -> m.readValue(m.writerFor(Pick.class).writeValueAsString(value), Object.class);
        case TIME_FILTER ->
            m.readValue(m.writerFor(TimeFilter.class).writeValueAsString(value), Object.class);
        default -> value;
      };
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("cannot write a " + type + " arg as JSON", e);
    }
  }
}
