package io.assay.analyses;

import com.fasterxml.jackson.core.type.TypeReference;
import io.assay.pick.Filter;
import io.assay.pick.Pick;
import io.assay.pick.PickJson;
import io.assay.pick.TimeFilter;
import io.assay.pick.TimeGrain;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Validated arguments of one run, defaults applied ({@link ArgsSchema#bind}). Accessors give a
 * typed record's values as they are and convert JSON-shaped ones to Pick-language types; absent
 * optional args read as null.
 */
public final class Args {
  private final String analysis;
  private final Map<String, Object> values;

  Args(String analysis, Map<String, Object> values) {
    this.analysis = analysis;
    this.values = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(values));
  }

  public Map<String, Object> asMap() {
    return values;
  }

  public boolean has(String name) {
    return values.get(name) != null;
  }

  public String string(String name) {
    Object v = values.get(name);
    return v == null ? null : v.toString();
  }

  public List<String> strings(String name) {
    Object v = values.get(name);
    if (v == null) {
      return List.of();
    }
    return ((Collection<?>) v).stream().map(Object::toString).toList();
  }

  /**
   * The first days of the periods of a {@link ArgType#PERIOD_LIST} argument (empty when absent).
   */
  public List<java.time.LocalDate> periods(String name) {
    return strings(name).stream().map(s -> java.time.LocalDate.parse(s.strip())).toList();
  }

  public Integer integer(String name) {
    Object v = values.get(name);
    return v == null ? null : ((Number) v).intValue();
  }

  public Double number(String name) {
    Object v = values.get(name);
    return v == null ? null : ((Number) v).doubleValue();
  }

  public boolean bool(String name) {
    return Boolean.TRUE.equals(values.get(name));
  }

  public TimeGrain grain(String name) {
    Object v = values.get(name);
    return v == null ? null : TimeGrain.valueOf(v.toString().strip().toUpperCase(Locale.ROOT));
  }

  public TimeFilter timeFilter(String name) {
    Object v = values.get(name);
    return v == null
        ? null
        : v instanceof TimeFilter t ? t : PickJson.mapper().convertValue(v, TimeFilter.class);
  }

  public List<Filter> filters(String name) {
    Object v = values.get(name);
    if (v == null) {
      return List.of();
    }
    if (v instanceof Collection<?> c && c.stream().allMatch(Filter.class::isInstance)) {
      return c.stream().map(Filter.class::cast).toList();
    }
    return PickJson.mapper().convertValue(v, new TypeReference<List<Filter>>() {});
  }

  public Pick pick(String name) {
    Object v = values.get(name);
    return v == null
        ? null
        : v instanceof Pick p ? p : PickJson.mapper().convertValue(v, Pick.class);
  }

  /** A problem found while running with these args (after schema validation passed). */
  public InvalidArgsException invalid(String problem) {
    return new InvalidArgsException(analysis, problem);
  }
}
