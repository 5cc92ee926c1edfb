package io.assay.understand.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.ColumnRef;
import io.assay.understand.QuestionReader;
import io.assay.understand.ReaderFixture;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JoinedValuesTest {

  @Test
  void aMeasureOverTwoValuesJoinedByAndAsksTogetherOrEach() {
    Draft d =
        Drafts.after(JoinedValues.class, "how many gold and junior cards were issued in 1997?");
    assertThat(d.clarification).isNotNull();
    assertThat(d.clarification.options())
        .extracting(o -> o.value())
        .containsExactly("together", "each");
    Draft p = Drafts.pagilaAfter(JoinedValues.class, "how many PG and R films are there?");
    assertThat(p.clarification).isNotNull();
  }

  @Test
  void theAnswerKeepsOneFigureOrSplitsByTheColumn() {
    QuestionReader r = ReaderFixture.reader();
    String q = "what is the total amount of loans in Prague and Brno?";
    Draft each = Drafts.after(r, JoinedValues.class, q, Map.of("joined:district.a2", "each"));
    assertThat(each.clarification).isNull();
    assertThat(each.groupBy).containsExactly(ColumnRef.of("district.a2"));
    Draft together =
        Drafts.after(r, JoinedValues.class, q, Map.of("joined:district.a2", "together"));
    assertThat(together.clarification).isNull();
    assertThat(together.groupBy).isEmpty();
  }

  @Test
  void orAndListingsDoNotAsk() {
    assertThat(
            Drafts.after(JoinedValues.class, "how many gold or junior cards were issued?")
                .clarification)
        .isNull();
    assertThat(
            Drafts.pagilaAfter(JoinedValues.class, "how many PG or R films are there?")
                .clarification)
        .isNull();
  }
}
