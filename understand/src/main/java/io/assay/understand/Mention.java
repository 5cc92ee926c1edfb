package io.assay.understand;

import java.util.List;

/**
 * A phrase of the question that the lexicon recognised, with everything it may name ("average
 * salary" is both metric average_salary and column district.a11; "amount" is a column of three
 * tables). The reader picks one target by the role the phrase plays.
 *
 * @param first index of the first token
 * @param last index of the last token (inclusive)
 * @param fuzzy true when found by embedding similarity rather than by a lexicon phrase
 */
public record Mention(int first, int last, String text, List<Target> targets, boolean fuzzy) {

  public Mention {
    targets = List.copyOf(targets);
  }

  public <T extends Target> List<T> all(Class<T> kind) {
    return targets.stream().filter(kind::isInstance).map(kind::cast).toList();
  }

  public <T extends Target> T one(Class<T> kind) {
    List<T> found = all(kind);
    return found.isEmpty() ? null : found.get(0);
  }

  public boolean has(Class<? extends Target> kind) {
    return targets.stream().anyMatch(kind::isInstance);
  }
}
