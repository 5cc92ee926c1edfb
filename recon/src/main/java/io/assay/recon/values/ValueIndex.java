package io.assay.recon.values;

import io.assay.pick.ColumnRef;
import io.assay.recon.CodeList;
import io.assay.recon.schema.SchemaIntrospector;
import io.assay.recon.text.DidYouMean;
import io.assay.recon.text.TextNormalizer;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The distinct values of low-cardinality text columns (district and region names, code values),
 * plus the user words declared for coded values, normalised with {@link TextNormalizer} so that
 * case, accents, punctuation and spacing do not matter. {@link #lookup(String)} finds the phrases
 * of a question that name values, longest phrase first ("east Bohemia" before "Bohemia").
 */
public final class ValueIndex {

  /**
   * English words that are also stored names in some warehouse (a district "Most", a category
   * "New", a person named "ZERO"): a one-word value match on one of them counts only when the
   * question spells it exactly as stored.
   */
  private static final Set<String> COMMON_WORDS =
      Set.of(
          "most", "as", "so", "on", "in", "at", "by", "for", "of", "to", "the", "and", "or", "new",
          "top", "best", "first", "last", "total", "all", "each", "every", "per", "zero", "day",
          "may", "will", "can", "long", "young", "west", "east", "north", "south", "hope", "rock",
          "chase", "grace", "price", "rate", "cost");

  private record Entry(ColumnRef column, String value, String meaning, boolean byWord) {}

  private final Map<String, List<Entry>> byPhrase = new LinkedHashMap<>();
  private final Map<ColumnRef, List<String>> valuesByColumn =
      new TreeMap<>((a, b) -> a.toString().compareTo(b.toString()));
  private int maxTokens = 1;

  /**
   * @param textValues distinct values per text column (from introspection)
   * @param codes declared code lists (their values are indexed even when introspection did not list
   *     the column, and their words always are)
   */
  public ValueIndex(Map<ColumnRef, List<String>> textValues, Collection<CodeList> codes) {
    Map<ColumnRef, CodeList> codeByColumn = new LinkedHashMap<>();
    for (CodeList c : codes) {
      codeByColumn.put(c.column(), c);
    }
    for (Map.Entry<ColumnRef, List<String>> e : textValues.entrySet()) {
      if (e.getValue().stream().allMatch(ValueIndex::numeric)) {
        continue; // numbers stored as text (district.a4–a7) are not names
      }
      valuesByColumn.put(e.getKey(), List.copyOf(e.getValue()));
    }
    for (CodeList c : codes) {
      Set<String> merged = new LinkedHashSet<>(valuesByColumn.getOrDefault(c.column(), List.of()));
      c.values().forEach(v -> merged.add(v.value()));
      valuesByColumn.put(c.column(), List.copyOf(merged));
    }
    for (Map.Entry<ColumnRef, List<String>> e : valuesByColumn.entrySet()) {
      CodeList codeList = codeByColumn.get(e.getKey());
      for (String value : e.getValue()) {
        String meaning =
            codeList == null ? null : codeList.code(value).map(CodeList.Code::meaning).orElse(null);
        String n = TextNormalizer.normalize(value);
        // One- and two-letter codes (loan status "A", gender "F", bank "AB") would match ordinary
        // words; they are reachable only through their declared words.
        if (n.length() >= 3 && !numeric(value)) {
          add(n, new Entry(e.getKey(), value, meaning, false));
        }
        if (codeList != null) {
          codeList
              .code(value)
              .ifPresent(
                  code -> {
                    for (String w : code.words()) {
                      add(TextNormalizer.normalize(w), new Entry(e.getKey(), value, meaning, true));
                    }
                  });
        }
      }
    }
  }

  private void add(String phrase, Entry entry) {
    if (phrase.isEmpty()) {
      return;
    }
    List<Entry> list = byPhrase.computeIfAbsent(phrase, k -> new ArrayList<>());
    if (!list.contains(entry)) {
      list.add(entry);
    }
    maxTokens = Math.max(maxTokens, phrase.split(" ").length);
  }

  /**
   * The value phrases in a text, longest first and non-overlapping, in text order. A phrase may
   * name values of several columns ("Prague": district.a2 'Hl.m. Praha' by word and district.a3
   * 'Prague'); all are returned and the caller decides.
   */
  public List<ValueMatch> lookup(String text) {
    List<TextNormalizer.Token> tokens = TextNormalizer.tokenize(text);
    List<ValueMatch> out = new ArrayList<>();
    int i = 0;
    while (i < tokens.size()) {
      int matched = 0;
      for (int n = Math.min(maxTokens, tokens.size() - i); n >= 1 && matched == 0; n--) {
        StringBuilder phrase = new StringBuilder();
        for (int k = i; k < i + n; k++) {
          if (k > i) {
            phrase.append(' ');
          }
          phrase.append(tokens.get(k).normalized());
        }
        List<Entry> entries = byPhrase.get(phrase.toString());
        if (entries == null) {
          continue;
        }
        int start = tokens.get(i).start();
        int end = tokens.get(i + n - 1).end();
        String original = text.substring(start, end);
        for (Entry e : entries) {
          if (n == 1
              && !e.byWord()
              && (COMMON_WORDS.contains(phrase.toString()) || names(e.column()))
              && !original.equals(e.value())) {
            continue;
          }
          out.add(
              new ValueMatch(e.column(), e.value(), e.meaning(), original, start, end, e.byWord()));
          matched = n;
        }
      }
      i += Math.max(matched, 1);
    }
    return out;
  }

  /** Values whose normalised form, or a declared word, equals the whole phrase. */
  public List<ValueMatch> lookupPhrase(String phrase) {
    List<Entry> entries = byPhrase.getOrDefault(TextNormalizer.normalize(phrase), List.of());
    return entries.stream()
        .map(
            e ->
                new ValueMatch(
                    e.column(), e.value(), e.meaning(), phrase, 0, phrase.length(), e.byWord()))
        .toList();
  }

  /** The indexed columns. */
  public Set<ColumnRef> columns() {
    return valuesByColumn.keySet();
  }

  /**
   * Whether a column's values are a long list of names (customers, titles, cities) rather than a
   * short list of codes: one of its values that is also an English word ("JUNE", "LONG") is more
   * likely the word than the name.
   */
  public boolean names(ColumnRef column) {
    return values(column).size() > SchemaIntrospector.DEFAULT_MAX_DISTINCT;
  }

  /** The known values of a column (empty when it is not indexed). */
  public List<String> values(ColumnRef column) {
    return valuesByColumn.getOrDefault(column, List.of());
  }

  /** Stored values of a column close to {@code asked}, by normalised spelling or declared word. */
  public List<String> closest(ColumnRef column, String asked, int max) {
    Map<String, String> spellings = new LinkedHashMap<>();
    for (String v : values(column)) {
      spellings.put(TextNormalizer.normalize(v), v);
    }
    byPhrase.forEach(
        (phrase, entries) ->
            entries.stream()
                .filter(e -> e.column().equals(column))
                .forEach(e -> spellings.putIfAbsent(phrase, e.value())));
    return DidYouMean.suggest(TextNormalizer.normalize(asked), spellings, max);
  }

  /** Number of indexed phrases (values and words). */
  public int size() {
    return byPhrase.size();
  }

  private static boolean numeric(String s) {
    return !s.isBlank() && s.strip().matches("-?[0-9]+([.,][0-9]+)?");
  }
}
