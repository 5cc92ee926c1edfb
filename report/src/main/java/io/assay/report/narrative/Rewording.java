package io.assay.report.narrative;

import io.assay.contract.finding.DisplayFormat;
import io.assay.report.body.Fact;
import io.assay.report.body.Section;
import io.assay.report.body.Segment;
import io.assay.report.body.Sentence;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Accepts a reworded sentence only if it says the same numbers: every number in it equals one of
 * the original sentence's facts within the rounding it shows, every fact the original showed is
 * still shown, every date and quoted text is still there verbatim, and no other digit appears. An
 * accepted rewording is turned back into segments, so it is checked and rendered like any other
 * sentence.
 */
public final class Rewording {
  private static final Pattern NUMBER =
      Pattern.compile(
          "(?<![\\p{L}\\p{N}.,])[-+]?(?:\\d{1,3}(?:,\\d{3})+|\\d+)(?:\\.\\d+)?%?(?![\\p{L}\\p{N}])");

  private Rewording() {}

  /** The reworded sentence as segments, or empty with the original to be kept. */
  public static Optional<Sentence> accept(Sentence original, String reworded, Section section) {
    if (reworded == null || reworded.isBlank()) {
      return Optional.empty();
    }
    // Spans of the reworded text that reproduce the original's quotes and dates, by start offset.
    TreeMap<Integer, Segment> fixed = new TreeMap<>();
    TreeMap<Integer, Integer> ends = new TreeMap<>();
    List<Segment> protectedSegments = new ArrayList<>();
    for (Segment s : original.segments()) {
      if (s instanceof Segment.Quote || s instanceof Segment.DateValue) {
        protectedSegments.add(s);
      }
    }
    protectedSegments.sort(Comparator.comparingInt((Segment s) -> s.shown().length()).reversed());
    for (Segment s : protectedSegments) {
      int at = findFree(reworded, s.shown(), ends);
      if (at < 0) {
        return Optional.empty();
      }
      fixed.put(at, s);
      ends.put(at, at + s.shown().length());
    }
    List<String> mustShow = new ArrayList<>();
    for (Segment s : original.segments()) {
      if (s instanceof Segment.FactValue fv && !mustShow.contains(fv.factId())) {
        mustShow.add(fv.factId());
      }
    }
    List<Segment> segments = new ArrayList<>();
    List<String> shown = new ArrayList<>();
    int at = 0;
    for (Map.Entry<Integer, Segment> entry : fixed.entrySet()) {
      if (!free(reworded.substring(at, entry.getKey()), original, section, segments, shown)) {
        return Optional.empty();
      }
      segments.add(entry.getValue());
      at = ends.get(entry.getKey());
    }
    if (!free(reworded.substring(at), original, section, segments, shown)) {
      return Optional.empty();
    }
    if (!shown.containsAll(mustShow)) {
      return Optional.empty();
    }
    return Optional.of(new Sentence(original.id(), segments, original.factIds()));
  }

  /** Free text: numbers become fact values when they match a bound fact; any other digit fails. */
  private static boolean free(
      String text, Sentence original, Section section, List<Segment> out, List<String> shown) {
    if (hasDigitOutsideNumbers(text)) {
      return false;
    }
    Matcher m = NUMBER.matcher(text);
    int at = 0;
    while (m.find()) {
      Optional<Fact> fact = matching(m.group(), original, section);
      if (fact.isEmpty()) {
        return false;
      }
      addText(text.substring(at, m.start()), out);
      out.add(new Segment.FactValue(fact.get().id(), m.group()));
      shown.add(fact.get().id());
      at = m.end();
    }
    addText(text.substring(at), out);
    return true;
  }

  private static boolean hasDigitOutsideNumbers(String text) {
    return NUMBER.matcher(text).replaceAll("").chars().anyMatch(Character::isDigit);
  }

  private static Optional<Fact> matching(String token, Sentence original, Section section) {
    for (String factId : original.factIds()) {
      Optional<Fact> fact = section.fact(factId);
      if (fact.isPresent()) {
        DisplayFormat format = fact.get().format();
        if (format.matches(token, fact.get().value())) {
          return fact;
        }
      }
    }
    return Optional.empty();
  }

  private static void addText(String text, List<Segment> out) {
    if (!text.isEmpty()) {
      out.add(new Segment.Text(text));
    }
  }

  private static int findFree(String text, String needle, TreeMap<Integer, Integer> taken) {
    int from = 0;
    while (true) {
      int at = text.indexOf(needle, from);
      if (at < 0) {
        return -1;
      }
      int end = at + needle.length();
      boolean overlaps =
          taken.entrySet().stream().anyMatch(e -> at < e.getValue() && e.getKey() < end);
      if (!overlaps) {
        return at;
      }
      from = at + 1;
    }
  }
}
