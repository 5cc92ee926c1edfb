package io.assay.web.ui;

import io.assay.analyses.ArgSpec;
import io.assay.analyses.ArgType;
import io.assay.analyses.ArgsSchema;
import io.assay.recon.ColumnInfo;
import io.assay.recon.MetricDefinition;
import io.assay.recon.Recon;
import io.assay.recon.TableInfo;
import io.assay.report.words.Labels;
import io.assay.report.words.Periods;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Forms generated from an analysis's argument schema: a metric is chosen from the dataset's
 * metrics, dimensions from its columns, a grain from the five the Pick language has, a period from
 * the years the data covers; numbers, text and yes/no as themselves. Filters and Picks stay JSON
 * (the "advanced" editor), shown here in words. What comes back is turned into argument values of
 * the schema's types, so the same validation applies as to JSON.
 */
final class ArgForms {
  static final List<String> GRAINS = List.of("day", "week", "month", "quarter", "year");
  private static final String PREFIX = "arg.";
  private static final String KEEP = "keep";
  private static final java.util.Set<String> FORM_PERIODS =
      java.util.Set.of("", "year", "quarter", "month", "range");

  private ArgForms() {}

  /** One choice of a select: the value sent and what people read. */
  record Option(String value, String label) {}

  /**
   * One field. kind: metric, metrics, column, columns, grain, time, integer, number, text, boolean,
   * or json (edited in the advanced editor only); value/selected/time hold the current value.
   */
  record Field(
      String name,
      String label,
      String kind,
      boolean required,
      String description,
      String defaultText,
      String value,
      List<String> selected,
      List<Option> options,
      TimeValue time,
      String words) {

    public String param() {
      return PREFIX + name;
    }

    public boolean isSelected(String option) {
      return selected.contains(option);
    }

    /**
     * The current value as people read it (the chosen options' labels, a period as people write it,
     * filters as conditions in the dataset's words, yes or no), for a step that can no longer be
     * edited; blank when unset.
     */
    public String inWords() {
      return words;
    }
  }

  /** A Pick time filter as form values: kind (year, quarter, month, range or blank) and parts. */
  record TimeValue(
      String kind,
      String year,
      String quarter,
      String month,
      String from,
      String to,
      int minYear,
      int maxYear,
      String firstDay,
      String lastDay) {

    /** "Data from 1 January 1993 to 31 December 1998.", blank when recon recorded no days. */
    public String dataWords() {
      return firstDay.isEmpty()
          ? ""
          : "Data from "
              + io.assay.report.words.Periods.show(firstDay, null)
              + " to "
              + io.assay.report.words.Periods.show(lastDay, null)
              + ".";
    }

    /** Whether the period is one the form cannot show (a week, "the last 3 months"). */
    public boolean keptAsIs() {
      return !FORM_PERIODS.contains(kind == null ? "" : kind);
    }

    public List<Option> quarters() {
      return List.of(
          new Option("1", "Q1"),
          new Option("2", "Q2"),
          new Option("3", "Q3"),
          new Option("4", "Q4"));
    }

    public List<Option> months() {
      List<Option> out = new ArrayList<>();
      for (java.time.Month m : java.time.Month.values()) {
        out.add(
            new Option(
                Integer.toString(m.getValue()),
                m.getDisplayName(java.time.format.TextStyle.FULL, Locale.ENGLISH)));
      }
      return out;
    }
  }

  /**
   * What the form's choices are drawn from: the dataset's metrics, columns and years; its labels
   * say a finished step's arguments in words, and each metric's days of data (by metric name) bound
   * the periods a form may ask for.
   */
  record Choices(
      List<Option> metrics,
      List<Option> columns,
      int minYear,
      int maxYear,
      Labels labels,
      Map<String, DataWindow> windows) {

    /** Choices whose labels are the options' own, with no days of data known. */
    Choices(List<Option> metrics, List<Option> columns, int minYear, int maxYear) {
      this(metrics, columns, minYear, maxYear, Labels.of(words(metrics, columns)), Map.of());
    }

    /** A metric's or column's name as people read it, without the raw name. */
    String word(String value) {
      return labels.label(value);
    }

    private static Map<String, String> words(List<Option> metrics, List<Option> columns) {
      Map<String, String> out = new LinkedHashMap<>();
      for (Option o : metrics) {
        out.put(o.value(), o.label());
      }
      for (Option o : columns) {
        String suffix = " (" + o.value() + ")";
        out.put(
            o.value(),
            o.label().endsWith(suffix)
                ? o.label().substring(0, o.label().length() - suffix.length())
                : o.label());
      }
      return out;
    }

    /**
     * The days {@code metric} has data for; for anything else (several metrics, a composed query)
     * the span of every metric's; null when recon recorded none.
     */
    DataWindow window(Object metric) {
      DataWindow own = metric instanceof String m ? windows.get(m) : null;
      if (own != null) {
        return own;
      }
      return windows.values().stream().reduce(DataWindow::span).orElse(null);
    }

    static Choices of(Recon recon, Labels labels) {
      List<Option> metrics = new ArrayList<>();
      int min = Integer.MAX_VALUE;
      int max = Integer.MIN_VALUE;
      Map<String, DataWindow> windows = new LinkedHashMap<>();
      for (MetricDefinition m : recon.metrics()) {
        metrics.add(new Option(m.name(), labels.label(m.name())));
        if (m.timeColumn() != null) {
          Optional<io.assay.recon.schema.SchemaSnapshot.DateRange> range =
              recon.dateRange(m.timeColumn());
          if (range.isPresent() && range.get().min() != null && range.get().max() != null) {
            min = Math.min(min, range.get().min().getYear());
            max = Math.max(max, range.get().max().getYear());
            windows.put(m.name(), new DataWindow(range.get().min(), range.get().max()));
          }
        }
      }
      metrics.sort(java.util.Comparator.comparing(Option::label));
      List<Option> columns = new ArrayList<>();
      for (TableInfo t : recon.tables()) {
        for (ColumnInfo c : t.columns()) {
          String ref = c.table() + "." + c.name();
          columns.add(new Option(ref, labels.label(ref) + " (" + ref + ")"));
        }
      }
      if (min > max) {
        min = LocalDate.now().getYear() - 10;
        max = LocalDate.now().getYear();
      }
      return new Choices(metrics, columns, min, max, labels, Map.copyOf(windows));
    }
  }

  static List<Field> fields(ArgsSchema schema, Map<String, Object> args, Choices choices) {
    List<Field> out = new ArrayList<>();
    DataWindow window = choices.window(args.get("metric"));
    ArgSpec grainSpec = schema.spec("grain");
    Object grainValue =
        args.get("grain") != null
            ? args.get("grain")
            : grainSpec == null ? null : grainSpec.defaultValue();
    Periods.Grain grain = Periods.Grain.of(grainValue == null ? null : grainValue.toString());
    for (ArgSpec spec : schema.args()) {
      out.add(field(spec, args.get(spec.name()), choices, window, grain));
    }
    return out;
  }

  private static Field field(
      ArgSpec spec, Object value, Choices choices, DataWindow window, Periods.Grain grain) {
    String label = spec.label();
    String def = spec.defaultValue() == null ? "" : String.valueOf(spec.defaultValue());
    String kind =
        switch (spec.type()) {
          case METRIC -> "metric";
          case METRIC_LIST -> "metrics";
          case COLUMN -> "column";
          case COLUMN_LIST -> "columns";
          case TIME_GRAIN -> "grain";
          case TIME_FILTER -> "time";
          case INTEGER -> "integer";
          case NUMBER -> "number";
          case STRING, PERIOD_LIST -> "text";
          case BOOLEAN -> "boolean";
          case FILTERS, PICK -> "json";
        };
    List<Option> options =
        switch (spec.type()) {
          case METRIC, METRIC_LIST -> choices.metrics();
          case COLUMN, COLUMN_LIST -> choices.columns();
          case TIME_GRAIN -> GRAINS.stream().map(g -> new Option(g, g)).toList();
          default -> List.of();
        };
    List<String> selected = new ArrayList<>();
    if (value instanceof Collection<?> c) {
      c.forEach(v -> selected.add(String.valueOf(v)));
    } else if (value != null && !(value instanceof Map<?, ?>)) {
      selected.add(String.valueOf(value));
    }
    // Periods as people write them ("June 1997, December 1998"), which the form reads back.
    String text =
        spec.type() == ArgType.PERIOD_LIST && value instanceof Collection<?> c
            ? String.join(
                ", ", c.stream().map(p -> Periods.show(String.valueOf(p), grain)).toList())
            : value == null || value instanceof Map<?, ?> || value instanceof Collection<?>
                ? ""
                : String.valueOf(value);
    TimeValue time = null;
    if (spec.type() == ArgType.TIME_FILTER) {
      Map<?, ?> t = value instanceof Map<?, ?> m ? m : Map.of();
      time =
          new TimeValue(
              str(t.get("kind")),
              str(t.get("year")),
              str(t.get("quarter")),
              str(t.get("month")),
              str(t.get("from")),
              str(t.get("to")),
              choices.minYear(),
              choices.maxYear(),
              window == null ? "" : window.first().toString(),
              window == null ? "" : window.last().toString());
    }
    return new Field(
        spec.name(),
        label,
        kind,
        spec.required(),
        spec.description(),
        def,
        text,
        selected,
        options,
        time,
        ArgWords.of(spec.type(), value, choices));
  }

  /**
   * The arguments a submitted form asks for: the current ones with every field of the form replaced
   * (a blank field removes its argument, so the analysis's default applies). Fields the form does
   * not show (filters, a Pick) keep their current value.
   */
  static Map<String, Object> read(
      ArgsSchema schema, Map<String, Object> current, Map<String, List<String>> form) {
    Map<String, Object> wanted = new LinkedHashMap<>(current);
    for (ArgSpec spec : schema.args()) {
      String p = PREFIX + spec.name();
      if (spec.type() == ArgType.FILTERS || spec.type() == ArgType.PICK) {
        continue;
      }
      // A period the form cannot show (a week, "the last 3 months") is offered as it is; kept.
      if (spec.type() == ArgType.TIME_FILTER && KEEP.equals(first(form, p + ".kind"))) {
        continue;
      }
      Object v = value(spec, p, form);
      if (v == null) {
        wanted.remove(spec.name());
      } else {
        wanted.put(spec.name(), v);
      }
    }
    return wanted;
  }

  private static Object value(ArgSpec spec, String p, Map<String, List<String>> form) {
    List<String> values =
        form.getOrDefault(p, List.of()).stream()
            .map(String::strip)
            .filter(v -> !v.isEmpty())
            .toList();
    String one = values.isEmpty() ? null : values.get(0);
    String label = spec.label();
    return switch (spec.type()) {
      case METRIC_LIST, COLUMN_LIST -> values.isEmpty() ? null : List.copyOf(values);
      case INTEGER -> {
        if (one == null) {
          yield null;
        }
        try {
          yield whole(Long.parseLong(one));
        } catch (NumberFormatException e) {
          throw new PlanForms.InvalidInput(label + " must be a whole number, not '" + one + "'.");
        }
      }
      case NUMBER -> {
        if (one == null) {
          yield null;
        }
        try {
          double d = Double.parseDouble(one);
          if (!Double.isFinite(d)) {
            throw new NumberFormatException();
          }
          yield d;
        } catch (NumberFormatException e) {
          throw new PlanForms.InvalidInput(label + " must be a number, not '" + one + "'.");
        }
      }
      case BOOLEAN -> one == null ? null : Boolean.parseBoolean(one);
      case TIME_FILTER -> time(label, p, form);
      // Periods typed as people write them or as ISO days; the analysis's schema checks each.
      case PERIOD_LIST -> one == null ? null : periods(one);
      default -> one;
    };
  }

  /**
   * "June 1997, Q1 1998" or "1997-06-01 1998-12-01" as the first days of the periods; a part that
   * names no period is passed on as typed, for the schema to refuse in its words.
   */
  static List<String> periods(String typed) {
    List<String> out = new ArrayList<>();
    for (String part : typed.split("[,;\\n]+")) {
      String p = part.strip();
      if (p.isEmpty()) {
        continue;
      }
      LocalDate day = Periods.read(p);
      if (day != null) {
        out.add(day.toString());
        continue;
      }
      for (String word : p.split("\\s+")) {
        LocalDate one = Periods.read(word);
        out.add(one == null ? word : one.toString());
      }
    }
    return out;
  }

  private static Map<String, Object> time(String label, String p, Map<String, List<String>> form) {
    String kind = first(form, p + ".kind").toLowerCase(Locale.ROOT);
    Map<String, Object> t = new LinkedHashMap<>();
    switch (kind) {
      case "" -> {
        return null;
      }
      case "year" -> {
        t.put("kind", "year");
        t.put("year", whole(label + ": the year", first(form, p + ".year")));
      }
      case "quarter" -> {
        t.put("kind", "quarter");
        t.put("year", whole(label + ": the year", first(form, p + ".year")));
        t.put("quarter", whole(label + ": the quarter", first(form, p + ".quarter")));
      }
      case "month" -> {
        t.put("kind", "month");
        t.put("year", whole(label + ": the year", first(form, p + ".year")));
        t.put("month", whole(label + ": the month", first(form, p + ".month")));
      }
      case "range" -> {
        String from = first(form, p + ".from");
        String to = first(form, p + ".to");
        if (from.isEmpty() && to.isEmpty()) {
          throw new PlanForms.InvalidInput(
              label
                  + ": give the first day, the last day or both (one alone leaves that end open).");
        }
        t.put("kind", "range");
        if (!from.isEmpty()) {
          t.put("from", date(label + ": the first day", from));
        }
        if (!to.isEmpty()) {
          t.put("to", date(label + ": the last day", to));
        }
        if (t.get("from") instanceof String a
            && t.get("to") instanceof String b
            && a.compareTo(b) > 0) {
          throw new PlanForms.InvalidInput(
              label
                  + ": the first day ("
                  + io.assay.report.words.Periods.show(a, null)
                  + ") is after the last day ("
                  + io.assay.report.words.Periods.show(b, null)
                  + "); swap them.");
        }
      }
      default ->
          throw new PlanForms.InvalidInput(label + ": choose a year, quarter, month or range.");
    }
    return t;
  }

  /**
   * Refuses a period the form changed that holds no day of the data (the step's metric's, else any
   * metric's), saying where the data is; periods left as they were are not judged again.
   */
  static void checkPeriods(
      ArgsSchema schema, Map<String, Object> current, Map<String, Object> wanted, Choices choices) {
    if (choices == null) {
      return;
    }
    DataWindow window = choices.window(wanted.get("metric"));
    if (window == null) {
      return;
    }
    for (ArgSpec spec : schema.args()) {
      Object value = wanted.get(spec.name());
      if (spec.type() != ArgType.TIME_FILTER
          || value == null
          || value.equals(current.get(spec.name()))) {
        continue;
      }
      String problem = window.problem(spec.label(), value);
      if (problem != null) {
        throw new PlanForms.InvalidInput(problem);
      }
    }
  }

  /** An int when it fits, as JSON numbers read back; a long otherwise. */
  private static Number whole(long v) {
    return v >= Integer.MIN_VALUE && v <= Integer.MAX_VALUE ? (Number) (int) v : (Number) v;
  }

  private static Number whole(String what, String text) {
    try {
      return whole(Long.parseLong(text));
    } catch (NumberFormatException e) {
      throw new PlanForms.InvalidInput(
          what + " must be a whole number" + (text.isEmpty() ? "." : ", not '" + text + "'."));
    }
  }

  private static String date(String what, String text) {
    try {
      return LocalDate.parse(text).toString();
    } catch (java.time.format.DateTimeParseException e) {
      throw new PlanForms.InvalidInput(
          what
              + " must be a date such as 1997-06-30"
              + (text.isEmpty() ? "." : ", not '" + text + "'."));
    }
  }

  private static String first(Map<String, List<String>> form, String key) {
    List<String> v = form.get(key);
    return v == null || v.isEmpty() || v.get(0) == null ? "" : v.get(0).strip();
  }

  private static String str(Object o) {
    return o == null ? "" : String.valueOf(o);
  }

  /**
   * Example arguments for an analysis, for its help panel: every required argument with a value
   * drawn from the dataset, and the optional ones at their defaults left out.
   */
  static Map<String, Object> example(ArgsSchema schema, Choices choices) {
    Map<String, Object> out = new LinkedHashMap<>();
    for (ArgSpec spec : schema.args()) {
      if (!spec.required() || spec.defaultValue() != null) {
        continue;
      }
      Object v =
          switch (spec.type()) {
            case METRIC -> choices.metrics().isEmpty() ? null : choices.metrics().get(0).value();
            case METRIC_LIST -> choices.metrics().stream().limit(2).map(Option::value).toList();
            case COLUMN -> choices.columns().isEmpty() ? null : choices.columns().get(0).value();
            case COLUMN_LIST -> choices.columns().stream().limit(2).map(Option::value).toList();
            case TIME_GRAIN -> "month";
            case TIME_FILTER -> Map.of("kind", "year", "year", choices.maxYear() - 1);
            case FILTERS, PERIOD_LIST -> List.of();
            case INTEGER -> 5;
            case NUMBER -> 1.0;
            case STRING -> "text";
            case BOOLEAN -> true;
            case PICK -> null;
          };
      if (v != null) {
        out.put(spec.name(), v);
      }
    }
    return out;
  }
}
