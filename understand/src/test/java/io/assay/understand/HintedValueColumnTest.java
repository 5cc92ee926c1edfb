package io.assay.understand;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.ColumnRef;
import io.assay.pick.Comparison;
import io.assay.pick.Filter;
import io.assay.pick.Value;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A value that two columns hold ("Prague": a district's name and a region) is settled by a hint
 * that names one of those columns for a word, and asked about without one.
 */
class HintedValueColumnTest {

  private static Reading read(String q, String hint) {
    return ReaderFixture.reader().read(q, hint, List.of());
  }

  @Test
  void theHintedColumnHoldsTheValue() {
    Reading region =
        read("How many clients opened accounts in Prague?", "A3 contains the region names");
    assertThat(region).isInstanceOf(Reading.Understood.class);
    assertThat(((Reading.Understood) region).pick().filters())
        .contains(
            new Filter.Compare(ColumnRef.of("district.a3"), Comparison.EQ, Value.text("Prague")));
    Reading district =
        read("What is the number of loans in Prague?", "A2 refers to the district name");
    assertThat(district).isInstanceOf(Reading.Understood.class);
    assertThat(((Reading.Understood) district).pick().filters())
        .contains(
            new Filter.Compare(
                ColumnRef.of("district.a2"), Comparison.EQ, Value.text("Hl.m. Praha")));
  }

  @Test
  void withoutAHintTheReaderAsks() {
    assertThat(read("How many clients opened accounts in Prague?", ""))
        .isInstanceOf(Reading.Ambiguous.class);
    // a hint naming a column the value is not in decides nothing
    assertThat(read("How many clients opened accounts in Prague?", "A11 refers to average salary"))
        .isInstanceOf(Reading.Ambiguous.class);
  }

  @Test
  void aHintNamingAConditionGivesItsPhraseThatValue() {
    // hints written for this test in the form "when <condition>, it's <name>"
    Reading r =
        read(
            "How many gold cards are held by people allowed to sign?",
            "when the disposition type = 'DISPONENT', they are allowed to sign");
    assertThat(r).isInstanceOf(Reading.Understood.class);
    assertThat(((Reading.Understood) r).pick().filters())
        .contains(
            new Filter.Compare(ColumnRef.of("disp.type"), Comparison.EQ, Value.text("DISPONENT")));
    // a value no column stores gives nothing
    assertThat(
            read(
                "How many accounts are privileged?",
                "if the account kind = 'PLATINUM', it is privileged"))
        .isNotInstanceOf(Reading.Understood.class);
  }
}
