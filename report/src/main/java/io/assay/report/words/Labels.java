package io.assay.report.words;

import io.assay.recon.ColumnInfo;
import io.assay.recon.MetricDefinition;
import io.assay.recon.Recon;
import io.assay.recon.TableInfo;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The names people read for what queries call {@code district.a3}, {@code a2} or {@code
 * card_withdrawal_amount}: taken from the dataset's YAML through recon (a column's first synonym,
 * else the head of its description; a metric's name in words), and for anything recon does not
 * know, the raw name with its underscores turned into spaces. Labels start with a capital, as
 * column headings do.
 */
public final class Labels {
  /** Labels that know no dataset: only the underscores go. */
  public static final Labels NONE = new Labels(Map.of());

  private static final int MAX_WORDS = 5;

  private final Map<String, String> known;

  private Labels(Map<String, String> known) {
    this.known = Map.copyOf(known);
  }

  /** Every column (qualified, and bare where its name is unique) and metric of {@code recon}. */
  public static Labels from(Recon recon) {
    Map<String, String> out = new LinkedHashMap<>();
    Map<String, String> bare = new HashMap<>();
    Set<String> ambiguous = new HashSet<>();
    for (TableInfo table : recon.tables()) {
      for (ColumnInfo c : table.columns()) {
        String label = column(c);
        out.put(c.table() + "." + c.name(), label);
        String previous = bare.put(c.name(), label);
        if (previous != null && !previous.equals(label)) {
          ambiguous.add(c.name());
        }
      }
    }
    bare.forEach(
        (name, label) -> {
          if (!ambiguous.contains(name)) {
            out.putIfAbsent(name, label);
          }
        });
    for (MetricDefinition m : recon.metrics()) {
      out.put(m.name(), humanise(m.name()));
    }
    return new Labels(out);
  }

  /** Labels given as raw name to label (a frozen report's own). */
  public static Labels of(Map<String, String> labels) {
    return new Labels(labels == null ? Map.of() : labels);
  }

  /** Whether {@code raw} is a name of the dataset (a column or a metric), not just humanised. */
  public boolean knows(String raw) {
    return raw != null && known.containsKey(raw);
  }

  /** What people read for {@code raw}; never empty for a non-blank name. */
  public String label(String raw) {
    if (raw == null || raw.isBlank()) {
      return raw;
    }
    String known = this.known.get(raw);
    if (known != null) {
      return known;
    }
    // A derived output such as "district.a3 (share)" keeps its qualifier.
    int space = raw.indexOf(' ');
    if (space > 0 && this.known.containsKey(raw.substring(0, space))) {
      return this.known.get(raw.substring(0, space)) + raw.substring(space);
    }
    return humanise(raw);
  }

  /** The labels of {@code names} that differ from the name itself, in their order. */
  public Map<String, String> of(Iterable<String> names) {
    Map<String, String> out = new LinkedHashMap<>();
    for (String n : names) {
      if (n != null && !n.isBlank() && !label(n).equals(n)) {
        out.put(n, label(n));
      }
    }
    return out;
  }

  /** {@code card_withdrawal_amount} → "Card withdrawal amount"; {@code trans.amount} → "Amount". */
  public static String humanise(String raw) {
    String name =
        raw.contains(".") && !raw.contains(" ") ? raw.substring(raw.lastIndexOf('.') + 1) : raw;
    String words = name.replace('_', ' ').strip();
    return capital(words.isEmpty() ? raw : words);
  }

  /** The people's name of an analysis id: {@code trend_anomaly} → "trend anomaly". */
  public static String analysis(String id) {
    return id == null ? "" : id.replace('_', ' ').strip();
  }

  private static String column(ColumnInfo c) {
    for (String synonym : c.synonyms()) {
      if (!synonym.isBlank()
          && !synonym.equalsIgnoreCase(c.name())
          && synonym.split("\\s+").length <= MAX_WORDS) {
        return capital(synonym.strip());
      }
    }
    String d = c.description() == null ? "" : c.description().strip();
    int cut = d.length();
    for (String stop : List.of(". ", " (", "; ", ", ")) {
      int at = d.indexOf(stop);
      if (at > 0) {
        cut = Math.min(cut, at);
      }
    }
    String head = d.substring(0, cut).replaceAll("\\.$", "").strip();
    if (!head.isEmpty() && head.split("\\s+").length <= MAX_WORDS) {
      return capital(head);
    }
    return humanise(c.name());
  }

  private static String capital(String s) {
    return s.isEmpty() ? s : s.substring(0, 1).toUpperCase(Locale.ROOT) + s.substring(1);
  }
}
