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
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The names people read for what queries call {@code district.a3}, {@code a2} or {@code
 * card_withdrawal_amount}: taken from the dataset's YAML through recon (a column's first synonym,
 * else the head of its description; a metric's name in words), and for anything recon does not
 * know, the raw name with its underscores turned into spaces. Labels start with a capital, as
 * column headings do; {@link #midSentence} is the one place that lowers one inside a sentence.
 *
 * <p>They also hold the analyses' display names ({@code drill_down} → "Drill-down"), given by the
 * analyses themselves through {@link #withAnalyses}, so that a report or page names a step's
 * analysis, and any analysis id an analysis's text quotes, in words.
 */
public final class Labels {
  /** Labels that know no dataset: only the underscores go. */
  public static final Labels NONE = new Labels(Map.of());

  private static final int MAX_WORDS = 5;

  /** A label followed by its raw name in parentheses. */
  private static final Pattern NAMED = Pattern.compile("(.+) \\(([a-z][a-z0-9_.]*)\\)");

  private final Map<String, String> known;
  private final Map<String, String> analyses;
  private final Set<String> lowered = new HashSet<>();

  private Labels(Map<String, String> known) {
    this(known, Map.of());
  }

  private Labels(Map<String, String> known, Map<String, String> analyses) {
    this.known = Map.copyOf(known);
    this.analyses = Map.copyOf(analyses);
    known.values().forEach(l -> lowered.add(l.toLowerCase(Locale.ROOT)));
    analyses.values().forEach(l -> lowered.add(l.toLowerCase(Locale.ROOT)));
  }

  /**
   * These labels and the analyses' display names, id to name ({@code drill_down} → "Drill-down"),
   * as each analysis gives its own; a dataset's name of the same spelling keeps its label.
   */
  public Labels withAnalyses(Map<String, String> titles) {
    Map<String, String> merged = new LinkedHashMap<>(analyses);
    titles.forEach(
        (id, title) -> {
          if (!known.containsKey(id) && title != null && !title.isBlank()) {
            merged.put(id, capital(title.strip()));
          }
        });
    return new Labels(known, merged);
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

  /**
   * Whether {@code raw} is a name of the dataset (a column or a metric) or an analysis's id, not
   * just humanised.
   */
  public boolean knows(String raw) {
    return raw != null && (known.containsKey(raw) || analyses.containsKey(raw));
  }

  /** The analysis ids these labels name, for texts that may quote them. */
  public Set<String> analysisIds() {
    return analyses.keySet();
  }

  /**
   * Whether {@code text} is one of these labels (in any case: "region" is the label "Region"), so a
   * sentence may change its first letter; a code value or any other text is never a label.
   */
  public boolean isLabel(String text) {
    if (text == null || text.isBlank()) {
      return false;
    }
    if (lowered.contains(text.toLowerCase(Locale.ROOT))) {
      return true;
    }
    // "region (district.a3)": a label followed by the raw name it stands for.
    Matcher named = NAMED.matcher(text);
    return named.matches() && knows(named.group(2)) && isLabel(named.group(1));
  }

  /**
   * An analysis by its display name: {@code drill_down} → "Drill-down" (from the analyses' titles,
   * or a frozen report's labels); an id nothing named (a finding of an older job) reads as its
   * words, "Drill down".
   */
  public String analysis(String id) {
    if (id == null || id.isBlank()) {
      return "";
    }
    String title = analyses.get(id);
    if (title == null) {
      // A frozen report's labels name its analyses among its other names.
      title = known.get(id);
    }
    return title != null ? title : humanise(id);
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
    String analysis = analyses.get(raw);
    if (analysis != null) {
      return analysis;
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

  /** An analysis by its display name inside a sentence: "about drill-down", "the trend anomaly". */
  public String analysisInText(String id) {
    return midSentence(analysis(id));
  }

  /**
   * A label as a sentence shows it past its first word: "Card withdrawal amount" → "card withdrawal
   * amount". A first word that is all capitals or holds a digit or another capital is an acronym, a
   * code or a proper name, and stays ("CZK amount", "ID of the account", "A2", "McKinley"); so does
   * a label that starts with a digit or a sign.
   */
  public static String midSentence(String label) {
    if (label == null || label.isEmpty() || !Character.isUpperCase(label.charAt(0))) {
      return label;
    }
    int end = 0;
    while (end < label.length() && !Character.isWhitespace(label.charAt(end))) {
      end++;
    }
    String first = label.substring(0, end);
    for (int i = 1; i < first.length(); i++) {
      char c = first.charAt(i);
      if (Character.isUpperCase(c) || Character.isDigit(c)) {
        return label;
      }
    }
    if (first.length() == 1 && end < label.length()) {
      // A single capital before a space is a code or an initial ("A class", "J. Smith").
      return label;
    }
    return Character.toLowerCase(label.charAt(0)) + label.substring(1);
  }

  /** A label that starts a sentence: its first letter a capital. */
  public static String sentenceStart(String label) {
    return capital(label == null ? "" : label);
  }

  /**
   * Whether a word written after {@code before} stands inside a sentence: some text precedes it and
   * that text does not end a sentence.
   */
  public static boolean midSentenceAfter(String before) {
    int i = before == null ? -1 : before.length() - 1;
    while (i >= 0 && Character.isWhitespace(before.charAt(i))) {
      i--;
    }
    return i >= 0 && ".!?".indexOf(before.charAt(i)) < 0;
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
