package io.assay.understand.rules;

import io.assay.understand.QuestionReader;
import io.assay.understand.ReaderFixture;
import java.util.Map;
import org.junit.jupiter.api.Assumptions;

/**
 * Drafts of questions read up to one rule of the pipeline, so a rule's test sees exactly what the
 * rule wrote (and what the rules before it gave it), not the whole reading.
 */
final class Drafts {

  private Drafts() {}

  /** The draft of {@code question} on the financial dataset after {@code rule} ran. */
  static Draft after(Class<? extends Rule> rule, String question) {
    return after(ReaderFixture.reader(), rule, question, Map.of());
  }

  static Draft after(
      QuestionReader reader, Class<? extends Rule> rule, String question, Map<String, String> a) {
    Draft d = new Draft(reader.scan(question, ""), reader.recon(), reader.lexiconFile(), a);
    for (PickAssembler.Stage s : PickAssembler.PIPELINE) {
      if (s.gated() && !d.clear()) {
        throw new AssertionError(
            "'" + question + "' stopped before " + rule.getSimpleName() + ": " + d.problems);
      }
      for (Rule r : s.rules()) {
        r.apply(d);
        if (rule.isInstance(r)) {
          return d;
        }
      }
    }
    throw new AssertionError(rule.getSimpleName() + " is not a rule of the pipeline");
  }

  /** The draft on the second shipped dataset; the test is skipped when its data is absent. */
  static Draft pagilaAfter(Class<? extends Rule> rule, String question) {
    QuestionReader reader = io.assay.understand.ReaderFixture.pagila();
    Assumptions.assumeTrue(reader != null, "the Pagila data is not on this machine");
    return after(reader, rule, question, Map.of());
  }
}
