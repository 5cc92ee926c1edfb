package io.assay.understand.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.Measure;
import io.assay.understand.Target;
import org.junit.jupiter.api.Test;

/**
 * Words the dataset does not hold, read through WordNet: a slip of the keyboard on an English word
 * is mended before the question is read, and a verb names the event its noun names.
 */
class SlipsAndVerbsTest {

  @Test
  void aMisspeltWordOfAskingOrCountingIsReadAsMeant() {
    Draft f = Drafts.after(Leftovers.class, "how many loans were aproved in 1997?");
    assertThat(f.problems).isEmpty();
    assertThat(f.measure).isEqualTo(Measure.metric("loan_count"));
    Draft p = Drafts.pagilaAfter(Leftovers.class, "how many diferent ratings do films have?");
    assertThat(p.problems).isEmpty();
  }

  @Test
  void negationsAreNeverRespelt() {
    Draft f = Drafts.after(Leftovers.class, "how many clients dont have a loan?");
    assertThat(f.scan.tokens.get(3).norm()).isEqualTo("dont");
  }

  @Test
  void aVerbNamesTheEventItsNounNames() {
    Draft p = Drafts.pagilaAfter(AnswerForm.class, "how much was spent in May 2022?");
    assertThat(p.scan.mentions)
        .anyMatch(m -> m.text().equals("spent") && m.has(Target.Metric.class));
    Draft f = Drafts.after(AnswerForm.class, "how much money was paid out in 1997?");
    assertThat(f.scan.mentions).anyMatch(m -> m.text().equals("paid") && m.has(Target.Table.class));
    // a verb whose noun is the same word ("held" → a hold) names nothing by it
    Draft h = Drafts.after(AnswerForm.class, "which accounts are held in Pisek?");
    assertThat(h.scan.mentions).noneMatch(m -> m.text().equals("held"));
  }
}
