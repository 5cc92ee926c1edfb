package io.assay.report.body;

import java.util.List;
import java.util.stream.Collectors;

/**
 * One sentence and the facts it states. A fact-bearing sentence binds the ids of the facts it
 * states; every {@link Segment.FactValue} in it must be one of them.
 */
public record Sentence(String id, List<Segment> segments, List<String> factIds) {
  public Sentence {
    segments = List.copyOf(segments);
    factIds = factIds == null ? List.of() : List.copyOf(factIds);
  }

  /** The sentence as plain text. */
  public String plain() {
    return segments.stream().map(Segment::shown).collect(Collectors.joining());
  }
}
