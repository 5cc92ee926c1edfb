package io.assay.report.words;

import io.assay.contract.plan.PlanEdit;
import io.assay.contract.plan.PlanStep;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A plan step, its filters and people's edits in words, from the step's current arguments: a step
 * edited to weekly reads "weekly", an exclusion belongs to the step it was made on. Steps are
 * numbered from 1.
 */
public final class StepWords {
  private final Labels labels;

  public StepWords(Labels labels) {
    this.labels = labels;
  }

  /** "Trend anomaly: monthly card withdrawal amount in 1997". */
  public String title(PlanStep step) {
    Map<String, Object> args = step.args();
    List<String> parts = new ArrayList<>();
    String grain = grainAdjective(args.get("grain"));
    if (!grain.isEmpty()) {
      parts.add(grain);
    }
    List<String> measures = measures(args);
    if (!measures.isEmpty()) {
      parts.add(String.join(", ", measures.stream().map(Labels::midSentence).toList()));
    }
    List<String> dims = dimensions(args);
    if (!dims.isEmpty()) {
      parts.add("by " + String.join(", ", dims.stream().map(Labels::midSentence).toList()));
    }
    for (String key : List.of("time", "actual", "current")) {
      String period = time(args.get(key));
      if (!period.isEmpty()) {
        parts.add((key.equals("time") ? "in " : "for ") + period);
        break;
      }
    }
    // A composed query's period is part of what it answers: "loan amount by district in 1996".
    if (parts.stream().noneMatch(p -> p.startsWith("in ") || p.startsWith("for "))
        && args.get("pick") instanceof Map<?, ?> pick) {
      String period = during(pick.get("time"));
      if (!period.isEmpty()) {
        parts.add(period);
      }
    }
    String what = labels.analysis(step.analysis());
    return parts.isEmpty() ? what : what + ": " + String.join(" ", parts);
  }

  /** The filters of a step in words: "Operation ≠ 'VYBER KARTOU'". */
  public List<String> filters(PlanStep step) {
    List<String> out = new ArrayList<>();
    collectFilters(step.args().get("filters"), out);
    if (step.args().get("pick") instanceof Map<?, ?> pick) {
      collectFilters(pick.get("filters"), out);
    }
    return out;
  }

  /** A person's edit as a sentence without its author and time: "changed step 1: grain to week". */
  public String edit(PlanEdit edit) {
    if (edit instanceof PlanEdit.AddStep add) {
      return "added step "
          + number(add.index())
          + ", "
          + labels.analysisInText(add.analysis())
          + (add.args() == null || add.args().isEmpty() ? "" : ", with " + args(add.args()));
    } else if (edit instanceof PlanEdit.RemoveStep remove) {
      return "removed step " + number(remove.index());
    } else if (edit instanceof PlanEdit.MoveStep move) {
      return "moved step " + number(move.from()) + " to position " + number(move.to());
    } else if (edit instanceof PlanEdit.SetArgs set) {
      return "changed step " + number(set.index()) + ": " + args(set.args());
    } else if (edit instanceof PlanEdit.ExcludeValue ex) {
      return "excluded "
          + Labels.midSentence(labels.label(ex.column()))
          + " '"
          + ex.value()
          + "' from step "
          + number(ex.index());
    }
    return String.valueOf(edit);
  }

  /** 1-based, widened so that the largest index cannot wrap. */
  public static long number(int index) {
    return (long) index + 1;
  }

  private String args(Map<String, Object> args) {
    List<String> parts = new ArrayList<>();
    args.forEach(
        (k, v) ->
            parts.add(
                v == null
                    ? argument(k) + " back to its default"
                    : argument(k) + " set to " + value(k, v)));
    return String.join(", ", parts);
  }

  /** An argument's name in words: {@code located_by} → "located by". */
  private static String argument(String key) {
    return Labels.midSentence(Labels.humanise(key));
  }

  private String value(String key, Object v) {
    if (key.equals("grain") && v instanceof String g) {
      return g;
    }
    if (v instanceof Collection<?> c) {
      if (key.equals("filters")) {
        List<String> out = new ArrayList<>();
        collectFilters(c, out);
        return out.isEmpty() ? "none" : String.join(" and ", out);
      }
      return String.join(
          ", ", c.stream().map(o -> Labels.midSentence(labels.label(String.valueOf(o)))).toList());
    }
    if (v instanceof Map<?, ?> m && m.containsKey("kind")) {
      String t = time(m);
      return t.isEmpty() ? String.valueOf(v) : t;
    }
    if (v instanceof String s) {
      return Labels.midSentence(labels.label(s));
    }
    return String.valueOf(v);
  }

  private List<String> measures(Map<String, Object> args) {
    List<String> out = new ArrayList<>();
    add(args.get("metric"), out);
    add(args.get("metrics"), out);
    if (args.get("pick") instanceof Map<?, ?> pick && pick.get("measures") instanceof List<?> ms) {
      for (Object m : ms) {
        if (m instanceof Map<?, ?> measure && measure.get("metric") instanceof String name) {
          out.add(labels.label(name));
        }
      }
    }
    return out;
  }

  private List<String> dimensions(Map<String, Object> args) {
    List<String> out = new ArrayList<>();
    add(args.get("dimensions"), out);
    add(args.get("dimension"), out);
    add(args.get("group_by"), out);
    if (args.get("pick") instanceof Map<?, ?> pick) {
      add(pick.get("groupBy"), out);
    }
    return out;
  }

  private void add(Object value, List<String> into) {
    if (value instanceof String s && !s.isBlank()) {
      into.add(labels.label(s));
    } else if (value instanceof Collection<?> c) {
      c.forEach(v -> into.add(labels.label(String.valueOf(v))));
    }
  }

  private void collectFilters(Object filters, List<String> out) {
    out.addAll(new FilterWords(labels).all(filters));
  }

  /** {@code {kind: compare, column, op: ne, value}} → "Operation ≠ 'VYBER KARTOU'". */
  public String filter(Object filter) {
    return new FilterWords(labels).filter(filter);
  }

  /**
   * A Pick time filter in words: 1997, Q2 1997, June 1997, 1 March 1997 to 31 May 1997, the last 3
   * months; blank when there is none.
   */
  public static String time(Object value) {
    if (!(value instanceof Map<?, ?> t) || t.get("kind") == null) {
      return "";
    }
    Object year = t.get("year");
    return switch (String.valueOf(t.get("kind")).toLowerCase(Locale.ROOT)) {
      case "year" -> String.valueOf(year);
      case "quarter" -> "Q" + t.get("quarter") + " " + year;
      case "month" ->
          t.get("month") instanceof Number m && year instanceof Number y
              ? Periods.show(
                  String.format(Locale.ROOT, "%04d-%02d", y.intValue(), m.intValue()), null)
              : "";
      case "range" -> range(t.get("from"), t.get("to"));
      case "week" ->
          t.get("from") == null ? "" : "the week from " + Periods.show(str(t.get("from")), null);
      case "relative" -> relative(t);
      default -> "";
    };
  }

  /**
   * A Pick time filter as the phrase after what it qualifies: "in 1996", "over the last 3 months",
   * "from 1 March 1997" (an open range already has its preposition); blank when there is none.
   */
  public static String during(Object value) {
    String period = time(value);
    if (period.isEmpty() || period.startsWith("from ") || period.startsWith("until ")) {
      return period;
    }
    return (period.startsWith("the ") ? "over " : "in ") + period;
  }

  /**
   * "the latest month", "the previous quarter", "the last 3 months", counted from the data's end.
   */
  private static String relative(Map<?, ?> t) {
    String grain = String.valueOf(t.get("grain")).toLowerCase(Locale.ROOT);
    long count = t.get("count") instanceof Number n ? n.longValue() : 1;
    long offset = t.get("offset") instanceof Number n ? n.longValue() : 0;
    if (count == 1 && offset <= 1) {
      return (offset == 0 ? "the latest " : "the previous ") + grain;
    }
    String periods = count + " " + grain + (count == 1 ? "" : "s");
    if (offset == 0) {
      return "the last " + periods;
    }
    return periods
        + " ending "
        + offset
        + " "
        + grain
        + (offset == 1 ? "" : "s")
        + " before the latest";
  }

  /** Either end of a range may be open: "from 1 March 1997", "until 31 May 1997". */
  private static String range(Object from, Object to) {
    if (from == null && to == null) {
      return "";
    }
    if (to == null) {
      return "from " + Periods.show(str(from), null);
    }
    if (from == null) {
      return "until " + Periods.show(str(to), null);
    }
    return Periods.range(str(from), str(to));
  }

  private static String str(Object o) {
    return String.valueOf(o);
  }

  private static String grainAdjective(Object grain) {
    if (!(grain instanceof String g)) {
      return "";
    }
    return switch (g.toLowerCase(Locale.ROOT)) {
      case "day" -> "daily";
      case "week" -> "weekly";
      case "month" -> "monthly";
      case "quarter" -> "quarterly";
      case "year" -> "yearly";
      default -> g;
    };
  }
}
