package io.assay.report.words;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A row condition (a Pick filter as its JSON map) in people's words: columns by their dataset
 * labels, dates as people write them, operators as symbols or words — "Date from 1 March 1997 to 31
 * May 1997", "Mode ≠ 'VYBER KARTOU'", "Region one of 'north Moravia', 'south Moravia'", "with no
 * loan". A shape this does not know is shown as it is rather than guessed at.
 */
final class FilterWords {
  private final Labels labels;

  FilterWords(Labels labels) {
    this.labels = labels;
  }

  String filter(Object filter) {
    if (!(filter instanceof Map<?, ?> f)) {
      return String.valueOf(filter);
    }
    String kind = text(f.get("kind")).toLowerCase(Locale.ROOT);
    boolean negated = Boolean.TRUE.equals(f.get("negated"));
    if (kind.equals("exists")) {
      List<String> inner = all(f.get("filters"));
      return (negated ? "with no " : "with a ")
          + Labels.midSentence(labels.label(text(f.get("table"))))
          + (inner.isEmpty() ? "" : " where " + String.join(" and ", inner));
    }
    if (kind.equals("related_count") && f.get("op") != null) {
      // "with more than 1 account"
      List<String> inner = all(f.get("filters"));
      return "with "
          + howMany(f.get("op"))
          + " "
          + text(f.get("count"))
          + " "
          + Labels.midSentence(labels.label(text(f.get("table"))))
          + (inner.isEmpty() ? "" : " where " + String.join(" and ", inner));
    }
    if (f.get("column") == null) {
      return String.valueOf(filter);
    }
    String column = labels.label(text(f.get("column")));
    if (f.get("values") instanceof Collection<?> values) {
      // Older shapes said "not_in" in the kind; a Pick says negated.
      boolean not = negated || kind.contains("not");
      List<String> shown = values.stream().map(this::value).toList();
      if (shown.size() == 1) {
        return column + (not ? " ≠ " : " = ") + shown.get(0);
      }
      return column + (not ? " none of " : " one of ") + String.join(", ", shown);
    }
    return switch (kind) {
      case "between" -> between(column, f.get("from"), f.get("to"));
      case "prefix" -> column + " starts with " + quoted(f.get("prefix"));
      case "contains" ->
          column + (negated ? " does not include " : " includes ") + value(f.get("value"));
      case "is_null" -> column + (negated ? " is present" : " is missing");
      case "ranked" -> ranked(column, f);
      case "vs_aggregate" -> vsAggregate(column, f);
      default -> compare(column, f, kind);
    };
  }

  /** Every filter of a list, in words; nothing for anything else. */
  List<String> all(Object filters) {
    List<String> out = new ArrayList<>();
    if (filters instanceof Collection<?> list) {
      list.forEach(f -> out.add(filter(f)));
    }
    return out;
  }

  private String compare(String column, Map<?, ?> f, String kind) {
    if (f.get("op") == null) {
      return column + " " + kind.replace('_', ' ');
    }
    return column + " " + symbol(f.get("op")) + " " + value(f.get("value"));
  }

  /** Two dates as one period when they are one ("Date in 1997"), else "from … to …". */
  private String between(String column, Object from, Object to) {
    String a = date(from);
    String b = date(to);
    if (a != null && b != null) {
      String range = Periods.range(a, b);
      return range.contains(" to ") ? column + " from " + range : column + " in " + range;
    }
    return column + " from " + value(from) + " to " + value(to);
  }

  private String ranked(String column, Map<?, ?> f) {
    int rank = f.get("rank") instanceof Number n ? n.intValue() : 1;
    boolean lowest = "asc".equalsIgnoreCase(text(f.get("direction")));
    String by = rankBy(f.get("rankBy"));
    List<String> within = all(f.get("filters"));
    return column
        + " is the "
        + (rank == 1 ? "" : ordinal(rank) + " ")
        + (lowest ? "lowest" : "highest")
        + (by.isEmpty() ? "" : " by " + Labels.midSentence(by))
        + (within.isEmpty() ? "" : " among rows where " + String.join(" and ", within));
  }

  private String rankBy(Object rankBy) {
    if (!(rankBy instanceof Map<?, ?> r)) {
      return "";
    }
    if (r.get("column") != null) {
      return labels.label(text(r.get("column")));
    }
    if (r.get("measure") instanceof Map<?, ?> m) {
      return measure(m);
    }
    return "";
  }

  private String measure(Map<?, ?> m) {
    if (m.get("metric") != null) {
      return labels.label(text(m.get("metric")));
    }
    if (m.get("fn") != null) {
      String fn = text(m.get("fn")).toLowerCase(Locale.ROOT).replace('_', ' ');
      return m.get("column") == null ? fn : fn + " of " + labels.label(text(m.get("column")));
    }
    return "a measure";
  }

  private String vsAggregate(String column, Map<?, ?> f) {
    String fn =
        switch (text(f.get("fn")).toLowerCase(Locale.ROOT)) {
          case "avg" -> "average";
          case "sum" -> "total";
          case "min" -> "smallest";
          case "max" -> "largest";
          case "count" -> "count";
          case "count_distinct" -> "number of different values";
          default -> text(f.get("fn")).toLowerCase(Locale.ROOT);
        };
    String of = f.get("of") == null ? column : labels.label(text(f.get("of")));
    List<String> within = all(f.get("filters"));
    return column
        + " "
        + symbol(f.get("op"))
        + " the "
        + fn
        + " of "
        + Labels.midSentence(of)
        + (within.isEmpty() ? "" : " where " + String.join(" and ", within));
  }

  /**
   * A filter value as people read it: text quoted, a date as people write it, a quantity with its
   * unit, numbers and yes/no as themselves.
   */
  private String value(Object v) {
    if (v instanceof Map<?, ?> m) {
      if (m.get("date") != null) {
        return Periods.show(text(m.get("date")), null);
      }
      if (m.get("amount") != null) {
        return text(m.get("amount")) + " " + text(m.get("unit")).toLowerCase(Locale.ROOT);
      }
      if (m.containsKey("value")) {
        return value(m.get("value"));
      }
      return String.valueOf(v);
    }
    if (v instanceof Boolean b) {
      return b ? "yes" : "no";
    }
    return quoted(v);
  }

  /** The ISO day a filter value names, when it names one. */
  private static String date(Object v) {
    if (v instanceof Map<?, ?> m && m.get("date") != null) {
      return text(m.get("date"));
    }
    return null;
  }

  private static String quoted(Object value) {
    return value instanceof String s ? "'" + s + "'" : String.valueOf(value);
  }

  /** A comparison of a number of rows in words: "more than", "at most". */
  private static String howMany(Object op) {
    return switch (text(op).toLowerCase(Locale.ROOT)) {
      case "eq" -> "exactly";
      case "ne" -> "other than";
      case "lt" -> "fewer than";
      case "le" -> "at most";
      case "gt" -> "more than";
      case "ge" -> "at least";
      default -> text(op);
    };
  }

  private static String symbol(Object op) {
    return switch (text(op).toLowerCase(Locale.ROOT)) {
      case "eq" -> "=";
      case "ne" -> "≠";
      case "lt" -> "<";
      case "le" -> "≤";
      case "gt" -> ">";
      case "ge" -> "≥";
      default -> text(op);
    };
  }

  private static String ordinal(int n) {
    int tens = n % 100;
    String suffix =
        tens >= 11 && tens <= 13
            ? "th"
            : switch (n % 10) {
              case 1 -> "st";
              case 2 -> "nd";
              case 3 -> "rd";
              default -> "th";
            };
    return n + suffix;
  }

  private static String text(Object o) {
    return o == null ? "" : String.valueOf(o);
  }
}
