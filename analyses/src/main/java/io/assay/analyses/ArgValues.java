package io.assay.analyses;

import com.fasterxml.jackson.annotation.JsonProperty;
import io.assay.contract.plan.StepArgs;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The values of step args by arg name, for {@link Args}: a record's components as they are (its
 * Pick, time filter and filters stay typed), under the names the JSON gives them; JSON args as they
 * are.
 */
final class ArgValues {
  private ArgValues() {}

  static Map<String, Object> of(StepArgs args) {
    if (args instanceof StepArgs.Raw || !args.getClass().isRecord()) {
      return args.json();
    }
    Map<String, Object> values = new LinkedHashMap<>();
    for (RecordComponent c : args.getClass().getRecordComponents()) {
      JsonProperty named = c.getAccessor().getAnnotation(JsonProperty.class);
      String name = named == null || named.value().isEmpty() ? c.getName() : named.value();
      try {
        c.getAccessor().trySetAccessible();
        Object value = c.getAccessor().invoke(args);
        if (value != null) {
          values.put(name, value);
        }
      } catch (IllegalAccessException | InvocationTargetException e) {
        throw new IllegalStateException("cannot read " + name + " of " + args.getClass(), e);
      }
    }
    return values;
  }
}
