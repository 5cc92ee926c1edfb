package io.assay.understand.model;

import io.assay.contract.plan.Clarification;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The question to the person when the model insists on a name the dataset does not hold: which of
 * the allowed values was meant, those sharing most words with the question first. The answer comes
 * back as {@code model-<field>} and replaces the model's choice for that field.
 */
final class Ask {

  private Ask() {}

  static Clarification about(ReadingReply.OutOfSet out, ClosedSets sets, String question) {
    Map<String, String> options = new LinkedHashMap<>();
    String what;
    switch (out.field()) {
      case "metric" -> {
        sets.metrics().values().forEach(m -> options.put(m.name(), m.description()));
        what = "Which measure did you mean";
      }
      case "filters" -> {
        sets.values()
            .values()
            .forEach(
                v ->
                    options.put(
                        v.id(), v.meaning() == null ? v.id() : v.id() + " (" + v.meaning() + ")"));
        options.put(ClosedSets.NONE, "no filter");
        what = "Which rows did you mean";
      }
      case "group_by" -> {
        sets.columns().keySet().forEach(c -> options.put(c, c));
        options.put(ClosedSets.NONE, "no split");
        what = "Which split did you mean";
      }
      case "time", "compare_with" -> {
        sets.windows().values().forEach(w -> options.put(w.id(), w.text()));
        options.put(ClosedSets.NONE, "all data");
        what = "Which period did you mean";
      }
      case "grain" -> {
        sets.grains().forEach(g -> options.put(g, g));
        options.put(ClosedSets.NONE, "no series");
        what = "Which grain did you mean";
      }
      default -> {
        sets.analyses().keySet().forEach(a -> options.put(a, a.replace('_', ' ')));
        options.put(ClosedSets.NONE, "just the figures");
        what = "Which analysis did you mean";
      }
    }
    Set<String> words = words(question);
    List<Map.Entry<String, String>> ranked = new ArrayList<>(options.entrySet());
    ranked.sort(Comparator.comparingInt((Map.Entry<String, String> e) -> -overlap(words, e)));
    List<Clarification.Option> list =
        ranked.stream().map(e -> new Clarification.Option(e.getKey(), e.getValue())).toList();
    return new Clarification(
        ModelReader.ASK + out.field(),
        out.field(),
        what + "? The model reader named '" + out.name() + "', which the dataset does not hold.",
        list);
  }

  private static int overlap(Set<String> words, Map.Entry<String, String> e) {
    int n = 0;
    for (String w : words(e.getKey() + " " + e.getValue())) {
      n += words.contains(w) ? 1 : 0;
    }
    return n;
  }

  private static Set<String> words(String text) {
    Set<String> out = new java.util.HashSet<>();
    for (String w : text.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+")) {
      if (w.length() > 2) {
        out.add(w.length() > 4 && w.endsWith("s") ? w.substring(0, w.length() - 1) : w);
      }
    }
    return out;
  }
}
