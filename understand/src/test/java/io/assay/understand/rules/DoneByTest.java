package io.assay.understand.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.contract.plan.ClarificationAnswer;
import io.assay.understand.QuestionReader;
import io.assay.understand.ReaderFixture;
import io.assay.understand.Reading;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link Groupings}: "by" and rows a value qualifies may name who made the rows or split the
 * answer. Phrasings written for this test; none is an evaluation question.
 */
class DoneByTest {

  private static final String QUESTION = "total loan amount by clients from Pisek";

  @Test
  void byRowsAValueQualifiesAsksForATotalOrAFigureEach() {
    QuestionReader r = ReaderFixture.reader();
    Reading asked = r.read(QUESTION, "", List.of());
    assertThat(asked).isInstanceOf(Reading.Ambiguous.class);
    String id = ((Reading.Ambiguous) asked).clarification().id();

    Reading total = r.read(QUESTION, "", List.of(new ClarificationAnswer(id, "total", "analyst")));
    assertThat(total).isInstanceOf(Reading.Understood.class);
    assertThat(((Reading.Understood) total).pick().groupBy()).isEmpty();
    assertThat(((Reading.Understood) total).pick().filters().toString()).contains("Pisek");

    Reading each = r.read(QUESTION, "", List.of(new ClarificationAnswer(id, "each", "analyst")));
    assertThat(each).isInstanceOf(Reading.Understood.class);
    assertThat(((Reading.Understood) each).pick().groupBy().toString()).contains("client");
  }

  @Test
  void byADimensionOrUnqualifiedRowsStillGroups() {
    QuestionReader r = ReaderFixture.reader();
    for (String q : List.of("total loan amount by region", "number of loans by district in 1997")) {
      Reading reading = r.read(q, "", List.of());
      assertThat(reading).as(q).isInstanceOf(Reading.Understood.class);
      assertThat(((Reading.Understood) reading).pick().groupBy()).as(q).isNotEmpty();
    }
  }
}
