package io.assay.understand.rules;

import io.assay.understand.Mention;
import io.assay.understand.Target;
import io.assay.understand.Token;
import java.util.List;
import java.util.Set;

/**
 * "how many times were comedy films rented", "the number of times loans were granted": counting
 * occasions is counting the rows of the event the question names (the phrase after "times" whose
 * table a count metric counts), not a multiple ("how many times more …", which {@link TwoSides}
 * reads).
 */
final class Occasions implements Rule {

  /** Words after "times" that make it a multiple of another quantity. */
  private static final Set<String> MULTIPLE =
      Set.of(
          "more", "as", "less", "fewer", "larger", "bigger", "greater", "higher", "lower",
          "smaller", "that", "than");

  @Override
  public void apply(Draft d) {
    int times = occasionWord(d.scan.tokens);
    if (times < 0) {
      return;
    }
    // the event is named by a verb that also names its date ("rented"); a lone candidate will do
    List<Mention> candidates =
        d.scan.mentions.stream().filter(m -> m.first() > times && count(d, m) != null).toList();
    Mention event =
        candidates.stream()
            .filter(m -> d.schema.temporalColumn(m) != null)
            .findFirst()
            .orElse(candidates.size() == 1 ? candidates.get(0) : null);
    if (event == null) {
      return;
    }
    Target.Metric metric = count(d, event);
    d.occasionMetric = metric.name();
    d.occasionWord = times;
    d.note(
        "'"
            + event.text()
            + "' after 'how many times' → the number of "
            + metric.table()
            + " rows");
  }

  /** The plain row count a phrase names, or null. */
  static Target.Metric count(Draft d, Mention m) {
    List<Target.Metric> counts =
        m.all(Target.Metric.class).stream()
            .filter(x -> x.name().equals(d.schema.plainCountMetricOrNull(x.table())))
            .toList();
    return counts.size() == 1 ? counts.get(0) : null;
  }

  /** The token of "times" in "how many times" / "number of times" not read as a multiple, or -1. */
  static int occasionWord(List<Token> tokens) {
    for (int i = 2; i < tokens.size(); i++) {
      boolean counting =
          tokens.get(i - 2).norm().equals("how") && tokens.get(i - 1).norm().equals("many")
              || tokens.get(i - 2).norm().equals("number") && tokens.get(i - 1).norm().equals("of");
      if (counting
          && tokens.get(i).norm().equals("times")
          && (i + 1 >= tokens.size() || !MULTIPLE.contains(tokens.get(i + 1).norm()))) {
        return i;
      }
    }
    return -1;
  }
}
