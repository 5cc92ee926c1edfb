package io.assay.analyses;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.assay.contract.plan.StepArgs;
import io.assay.pick.Filter;
import io.assay.pick.Pick;
import io.assay.pick.PickJson;
import io.assay.pick.TimeFilter;
import io.assay.pick.TimeGrain;
import io.assay.recon.Recon;
import io.assay.recon.text.DidYouMean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The arguments an analysis accepts, and the record a plan step carries them in ({@code type}; null
 * for an analysis that declares none, whose steps keep {@link StepArgs.Raw}). {@link #validate}
 * checks args as JSON (how people, the LLM planner and recorded histories give them) and lists
 * every problem in words a planner (person or LLM) can act on; {@link #typed} turns valid JSON args
 * into the record, at the boundary where they arrive; {@link #bind} gives a run its {@link Args}
 * with defaults applied, reading a record's values as they are (a Pick stays the Pick the planner
 * put there).
 */
public record ArgsSchema(List<ArgSpec> args, Class<? extends StepArgs> type) {
  private static final ObjectMapper JSON = PickJson.mapper();
  private static final TypeReference<List<Filter>> FILTER_LIST = new TypeReference<>() {};

  public ArgsSchema {
    args = List.copyOf(args);
    if (type != null && !type.isRecord()) {
      throw new IllegalArgumentException("step args type " + type.getName() + " is not a record");
    }
    Set<String> names = new HashSet<>();
    for (ArgSpec a : args) {
      if (!names.add(a.name())) {
        throw new IllegalArgumentException("args schema repeats " + a.name());
      }
    }
  }

  /** A schema whose steps carry their args as JSON ({@link StepArgs.Raw}). */
  public static ArgsSchema of(ArgSpec... specs) {
    return new ArgsSchema(Arrays.asList(specs), null);
  }

  /** A schema whose steps carry their args in {@code type}, one component per arg. */
  public static ArgsSchema typed(Class<? extends StepArgs> type, ArgSpec... specs) {
    return new ArgsSchema(Arrays.asList(specs), type);
  }

  /**
   * {@code given} in this schema's record; as given when it already is one, when there is none, or
   * when the JSON does not fit it (then {@link #validate} names what is wrong).
   */
  public StepArgs typed(StepArgs given) {
    StepArgs args = given == null ? StepArgs.of(null) : given;
    if (type == null || type.isInstance(args)) {
      return args;
    }
    try {
      return JSON.convertValue(args.json(), type);
    } catch (IllegalArgumentException e) {
      return args;
    }
  }

  /** As {@link #validate(Map, ArgCatalog)} for args as a step carries them. */
  public List<String> validate(StepArgs given, ArgCatalog catalog) {
    return validate(given == null ? Map.of() : given.json(), catalog);
  }

  public ArgSpec spec(String name) {
    return args.stream().filter(a -> a.name().equals(name)).findFirst().orElse(null);
  }

  /**
   * Human-readable problems with {@code given}, checked against recon's metrics and columns; empty
   * when the args are valid.
   */
  public List<String> validate(Map<String, Object> given, Recon recon) {
    return validate(given, ArgCatalog.of(recon));
  }

  /** As {@link #validate(Map, Recon)} against a catalog already built from recon. */
  public List<String> validate(Map<String, Object> given, ArgCatalog catalog) {
    Map<String, Object> values = given == null ? Map.of() : given;
    List<String> problems = new ArrayList<>();
    for (String name : values.keySet()) {
      if (spec(name) == null) {
        problems.add(
            "unknown arg '"
                + name
                + "'; accepted args: "
                + args.stream().map(ArgSpec::name).collect(Collectors.joining(", ")));
      }
    }
    for (ArgSpec spec : args) {
      Object value = values.get(spec.name());
      if (value == null) {
        if (spec.required() && spec.defaultValue() == null) {
          problems.add("missing required arg '" + spec.name() + "' (" + describe(spec) + ")");
        }
        continue;
      }
      String problem = check(spec, value, catalog);
      if (problem == null && spec.type() == ArgType.PERIOD_LIST) {
        problem = periodsAtGrain(value, grainOf(values));
      }
      if (problem != null) {
        problems.add("arg '" + spec.name() + "': " + problem);
      }
    }
    return List.copyOf(problems);
  }

  /** The grain the schema's {@code grain} argument takes (given or default), or null. */
  private TimeGrain grainOf(Map<String, Object> values) {
    ArgSpec g = spec("grain");
    if (g == null || g.type() != ArgType.TIME_GRAIN) {
      return null;
    }
    Object v = values.get("grain") != null ? values.get("grain") : g.defaultValue();
    if (v == null || grain(v) != null) {
      return null;
    }
    return TimeGrain.valueOf(v.toString().strip().toUpperCase(Locale.ROOT));
  }

  /** Each period must be named by the first day of a period of {@code grain}. */
  private static String periodsAtGrain(Object value, TimeGrain grain) {
    if (grain == null) {
      return null;
    }
    List<String> problems = new ArrayList<>();
    for (Object item : (Collection<?>) value) {
      java.time.LocalDate day = java.time.LocalDate.parse(item.toString().strip());
      java.time.LocalDate start = io.assay.analyses.support.Periods.start(grain, day);
      if (!start.equals(day)) {
        problems.add(
            day
                + " does not start a "
                + grain.name().toLowerCase(Locale.ROOT)
                + " (the step's grain); write "
                + start
                + " for the "
                + grain.name().toLowerCase(Locale.ROOT)
                + " holding it");
      }
    }
    return problems.isEmpty() ? null : String.join("; ", problems);
  }

  /**
   * Validates and binds; throws {@link InvalidArgsException} listing every problem. The values of a
   * typed record are bound as they are; JSON args are typed first.
   */
  public Args bind(String analysis, StepArgs given, ArgCatalog catalog) {
    List<String> problems = validate(given, catalog);
    if (!problems.isEmpty()) {
      throw new InvalidArgsException(analysis, problems);
    }
    Map<String, Object> values = ArgValues.of(typed(given));
    Map<String, Object> merged = new LinkedHashMap<>();
    for (ArgSpec spec : args) {
      Object value = values.get(spec.name());
      merged.put(spec.name(), value != null ? value : spec.defaultValue());
    }
    return new Args(analysis, merged);
  }

  /** As {@link #bind(String, StepArgs, ArgCatalog)} for args given as JSON. */
  public Args bind(String analysis, Map<String, Object> given, ArgCatalog catalog) {
    return bind(analysis, StepArgs.of(given), catalog);
  }

  private static String describe(ArgSpec spec) {
    return spec.type().name().toLowerCase(Locale.ROOT)
        + (spec.description().isEmpty() ? "" : ": " + spec.description());
  }

  private static String check(ArgSpec spec, Object value, ArgCatalog catalog) {
    return switch (spec.type()) {
      case METRIC -> value instanceof String s ? metric(s, catalog) : "expected a metric name";
      case METRIC_LIST ->
          list(value, v -> v instanceof String s ? metric(s, catalog) : "expected a metric name");
      case COLUMN -> value instanceof String s ? column(s, catalog) : "expected table.column";
      case COLUMN_LIST ->
          list(value, v -> v instanceof String s ? column(s, catalog) : "expected table.column");
      case TIME_GRAIN -> grain(value);
      case TIME_FILTER -> timeFilter(value);
      case FILTERS ->
          value instanceof Collection<?> ? convertFilters(value) : "expected a list of filters";
      case PERIOD_LIST ->
          !(value instanceof Collection<?> c)
              ? PERIODS
              : c.isEmpty() ? null : list(value, ArgsSchema::day);
      case PICK -> value instanceof Pick ? null : convert(value, Pick.class);
      case INTEGER -> integral(value) ? null : "expected a whole number, got " + value;
      case NUMBER ->
          value instanceof Number n && Double.isFinite(n.doubleValue())
              ? null
              : "expected a number, got " + value;
      case STRING -> value instanceof String s && !s.isBlank() ? null : "expected non-empty text";
      case BOOLEAN -> value instanceof Boolean ? null : "expected true or false, got " + value;
    };
  }

  private interface ElementCheck {
    String check(Object element);
  }

  private static String list(Object value, ElementCheck check) {
    if (!(value instanceof Collection<?> items)) {
      return "expected a list";
    }
    if (items.isEmpty()) {
      return "the list is empty";
    }
    List<String> problems = new ArrayList<>();
    Set<Object> seen = new HashSet<>();
    for (Object item : items) {
      String p = check.check(item);
      if (p != null) {
        problems.add(p);
      } else if (!seen.add(item)) {
        problems.add("'" + item + "' is listed twice");
      }
    }
    return problems.isEmpty() ? null : String.join("; ", problems);
  }

  private static final String PERIODS =
      "expected a list of periods by their first day, as YYYY-MM-DD";

  private static String day(Object value) {
    if (value instanceof String s) {
      try {
        java.time.LocalDate.parse(s.strip());
        return null;
      } catch (java.time.format.DateTimeParseException e) {
        // fall through to the message
      }
    }
    return "'" + value + "' is not a date; write the period's first day as YYYY-MM-DD";
  }

  private static String metric(String name, ArgCatalog catalog) {
    if (catalog.metrics().contains(name)) {
      return null;
    }
    return "unknown metric '" + name + "'" + suggest(name, catalog.metrics());
  }

  private static String column(String name, ArgCatalog catalog) {
    String lower = name.strip().toLowerCase(Locale.ROOT);
    if (catalog.columns().contains(lower)) {
      return null;
    }
    return "unknown column '" + name + "' (write table.column)" + suggest(lower, catalog.columns());
  }

  private static String grain(Object value) {
    if (value instanceof String s) {
      for (TimeGrain g : TimeGrain.values()) {
        if (g.name().equalsIgnoreCase(s.strip())) {
          return null;
        }
      }
    }
    return "expected one of "
        + Arrays.stream(TimeGrain.values())
            .map(g -> g.name().toLowerCase(Locale.ROOT))
            .collect(Collectors.joining(", "))
        + ", got "
        + value;
  }

  private static boolean integral(Object value) {
    if (value instanceof Integer || value instanceof Long || value instanceof Short) {
      return true;
    }
    return value instanceof Number n
        && Double.isFinite(n.doubleValue())
        && n.doubleValue() == Math.rint(n.doubleValue())
        && Math.abs(n.doubleValue()) < Integer.MAX_VALUE;
  }

  private static String convert(Object value, Class<?> type) {
    try {
      JSON.convertValue(value, type);
      return null;
    } catch (IllegalArgumentException e) {
      return "not a valid " + type.getSimpleName() + ": " + rootMessage(e);
    }
  }

  /** A time filter that parses and names a real period (a missing year reads as year 0). */
  private static String timeFilter(Object value) {
    String problem = convert(value, TimeFilter.class);
    if (problem != null) {
      return problem;
    }
    TimeFilter t = value instanceof TimeFilter tf ? tf : JSON.convertValue(value, TimeFilter.class);
    if (t instanceof TimeFilter.Year y && !year(y.year())) {
      return "year "
          + y.year()
          + " is not a calendar year (write {\"kind\":\"year\",\"year\":1997})";
    }
    if (t instanceof TimeFilter.Quarter q
        && (!year(q.year()) || q.quarter() < 1 || q.quarter() > 4)) {
      return "a quarter needs a year and a quarter 1..4, got " + q.year() + " Q" + q.quarter();
    }
    if (t instanceof TimeFilter.Month m && (!year(m.year()) || m.month() < 1 || m.month() > 12)) {
      return "a month needs a year and a month 1..12, got " + m.year() + "-" + m.month();
    }
    if (t instanceof TimeFilter.Range r) {
      if (r.from() == null && r.to() == null) {
        return "a range needs 'from', 'to' or both";
      }
      if (r.from() != null && r.to() != null && r.from().isAfter(r.to())) {
        return "the range starts " + r.from() + " after it ends " + r.to();
      }
    }
    if (t instanceof TimeFilter.Relative rel
        && (rel.grain() == null || rel.count() < 1 || rel.offset() < 0)) {
      return "a relative window needs a grain, count >= 1 and offset >= 0";
    }
    return null;
  }

  private static boolean year(int y) {
    return y >= 1000 && y <= 9999;
  }

  private static String convertFilters(Object value) {
    try {
      JSON.convertValue(value, FILTER_LIST);
      return null;
    } catch (IllegalArgumentException e) {
      return "not a valid filter list: " + rootMessage(e);
    }
  }

  static String rootMessage(Throwable e) {
    Throwable t = e;
    while (t.getCause() != null && t.getCause() != t) {
      t = t.getCause();
    }
    String m = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
    int nl = m.indexOf('\n');
    return nl > 0 ? m.substring(0, nl) : m;
  }

  /** " — did you mean x, y?" for close names, or "" when none is close. */
  /** The same "did you mean" recon gives for a misspelt name in a Pick. */
  static String suggest(String name, Set<String> known) {
    return DidYouMean.phrase(DidYouMean.suggest(name, known, 3));
  }
}
