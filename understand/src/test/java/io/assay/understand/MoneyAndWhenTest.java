package io.assay.understand;

import static io.assay.understand.ReaderFixture.pagilaOrSkip;
import static io.assay.understand.ReaderFixture.understood;
import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.ColumnRef;
import io.assay.pick.Pick;
import io.assay.pick.Projection;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A sum of money written with its currency next to a noun of rows is that row's amount, and "when
 * was …" answers only with a date. Phrasings written for this test, with the look-alikes that must
 * not be answered.
 */
class MoneyAndWhenTest {

  private static Reading read(QuestionReader reader, String question) {
    return reader.read(question, "", List.of());
  }

  @Test
  void moneyNextToANounOfRowsIsTheirAmount() {
    QuestionReader f = ReaderFixture.reader();
    Pick before = understood(f, "What is the birth date of the client with a loan of 98832 USD?");
    assertThat(before.filters().toString()).contains("loan.amount").contains("98832");
    assertThat(before.select())
        .containsExactly(new Projection.Column(ColumnRef.of("client.birth_date"), null));
    Pick after = understood(f, "Which account had a transaction of 3000 USD on 1997-01-05?");
    assertThat(after.filters().toString()).contains("trans.amount").contains("3000");
    Pick dollars = understood(pagilaOrSkip(), "How many payments of $0.99 were made in June 2022?");
    assertThat(dollars.filters().toString()).contains("payment.amount").contains("0.99");
  }

  @Test
  void moneyNextToSomethingThatIsNotRowsIsNotRead() {
    assertThat(read(ReaderFixture.reader(), "How many accounts have a balance of 3000 USD?"))
        .isNotInstanceOf(Reading.Understood.class);
  }

  @Test
  void aSumBeforeTheNounIsThatRowsAmount() {
    Pick p =
        understood(ReaderFixture.reader(), "Which account had a 3000 USD transaction in 1997?");
    assertThat(p.filters().toString()).contains("trans.amount").contains("EQ");
  }

  @Test
  void aComparedSumIsStillAComparison() {
    Pick p = understood(ReaderFixture.reader(), "How many loans over 400000 USD were there?");
    assertThat(p.filters().toString()).contains("GT").doesNotContain("EQ");
  }

  @Test
  void whenAsksForTheDateTheQuestionNames() {
    Pick p =
        understood(
            ReaderFixture.reader(), "For the owner of a loan of 98832 USD, when was the birthday?");
    assertThat(p.select())
        .containsExactly(new Projection.Column(ColumnRef.of("client.birth_date"), null));
  }

  @Test
  void whenWithoutADateToShowIsNotAnswered() {
    // the verb "born" names no column here: listing the clients' ids would answer another question
    assertThat(read(ReaderFixture.reader(), "When was the client with a loan of 98832 USD born?"))
        .isNotInstanceOf(Reading.Understood.class);
    assertThat(read(pagilaOrSkip(), "When was the rental 1185 returned?"))
        .isNotInstanceOf(Reading.Understood.class);
  }
}
