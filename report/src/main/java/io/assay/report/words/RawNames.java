package io.assay.report.words;

import io.assay.recon.ColumnInfo;
import io.assay.recon.Recon;
import io.assay.recon.TableInfo;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The people's words for the raw names an analysis's own texts still quote ("district.a3 = 'south
 * Moravia'", "card_withdrawal_amount in 1997"): each column reference and metric name of the
 * dataset is replaced by its label, lower-cased mid-sentence, and ISO periods read as periods
 * ("1997-11" → "November 1997"). Quoted values, figures and the stored finding do not change; only
 * what the job page and the report's renderings show does.
 */
public final class RawNames {
  /**
   * A quoted value (kept; an apostrophe inside a word, "Holt's", opens none), a qualified column
   * ({@code table.column}), a snake_case name or a coded name such as {@code a3} (letters then
   * digits: a column a query's output names bare).
   */
  private static final Pattern NAME =
      Pattern.compile(
          "(?<![\\p{L}\\p{N}])'[^']*'|\"[^\"]*\"|\\b[a-z][a-z0-9_]*\\.[a-z][a-z0-9_]*\\b"
              + "|\\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\\b|\\b[a-z]+[0-9]+\\b");

  /** Names that know no dataset: texts are shown as written. */
  public static final RawNames NONE = new RawNames(Labels.NONE, Set.of());

  private final Labels labels;
  private final Set<String> known;

  public RawNames(Labels labels, Set<String> known) {
    this.labels = labels;
    this.known = Set.copyOf(known);
  }

  /**
   * The qualified columns and the metrics of {@code recon}, and the analysis ids {@code labels}
   * names, in {@code labels}' words.
   */
  public static RawNames of(Recon recon, Labels labels) {
    Set<String> known = new HashSet<>();
    for (TableInfo t : recon.tables()) {
      for (ColumnInfo c : t.columns()) {
        known.add(c.table() + "." + c.name());
      }
    }
    recon.metrics().forEach(m -> known.add(m.name()));
    known.addAll(labels.analysisIds());
    return new RawNames(labels, known);
  }

  /**
   * The names a frozen report's labels give (raw name to label): the report relabels exactly the
   * names it froze labels for, so its renderings never depend on a later recon.
   */
  public static RawNames of(Map<String, String> labels) {
    return new RawNames(Labels.of(labels), labels.keySet());
  }

  /**
   * Whether {@code raw} is one of the names this relabels: a qualified column, a metric or an
   * analysis id (a bare column name is not: it may as well be a value).
   */
  public boolean knows(String raw) {
    return known.contains(raw);
  }

  /** The raw names {@code text} quotes that {@code labels} knows (outside quoted values). */
  public static List<String> in(String text, Labels labels) {
    List<String> out = new ArrayList<>();
    if (text == null) {
      return out;
    }
    Matcher m = NAME.matcher(text);
    while (m.find()) {
      String raw = m.group();
      if (!raw.startsWith("'") && !raw.startsWith("\"") && labels.knows(raw)) {
        out.add(raw);
      }
    }
    return out;
  }

  /**
   * {@code text} with the dataset's raw names in their people's words (a name followed by its own
   * label in parentheses said once), and its ISO months and days as people write periods ({@link
   * Periods#inText}).
   */
  public String relabel(String text) {
    return relabel(text, false);
  }

  /**
   * As {@link #relabel(String)}, for a text that continues a sentence when {@code inside}: a raw
   * name it starts with is lowered as one further in would be ("…, credit amount and …").
   */
  public String relabel(String text, boolean inside) {
    return Periods.inText(unrepeated(names(text, inside)));
  }

  /**
   * A statement's label ({@code {label:…}}) as shown where it stands: its raw names in words, and
   * when it is a dataset's label, its first letter as its place needs ("Region" starting a
   * sentence, "withdrawal amount" inside one); a code value or any other text keeps its case.
   */
  public String label(String text, boolean inside) {
    String shown = relabel(text, inside);
    if (labels.isLabel(text) || labels.isLabel(shown)) {
      return inside ? Labels.midSentence(shown) : Labels.sentenceStart(shown);
    }
    return shown;
  }

  /** A name followed by itself in parentheses, once both are in people's words. */
  private static final Pattern REPEATED =
      Pattern.compile(
          "(?<![\\p{L}\\p{N}])(\\p{L}[\\p{L}\\p{N} ]*?) \\((\\1)\\)", Pattern.CASE_INSENSITIVE);

  /** "transaction type (transaction type) VYBER" → "transaction type VYBER". */
  private static String unrepeated(String text) {
    if (text == null || text.indexOf('(') < 0) {
      return text;
    }
    return REPEATED.matcher(text).replaceAll("$1");
  }

  private String names(String text, boolean inside) {
    if (text == null || text.isEmpty() || known.isEmpty()) {
      return text;
    }
    Matcher m = NAME.matcher(text);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      String raw = m.group();
      String replacement = raw;
      if (known.contains(raw)) {
        String label = labels.label(raw);
        String before = text.substring(0, m.start());
        replacement =
            Labels.midSentenceAfter(before) || (inside && before.isBlank())
                ? Labels.midSentence(label)
                : label;
      }
      m.appendReplacement(out, Matcher.quoteReplacement(replacement));
    }
    m.appendTail(out);
    return out.toString();
  }
}
