package io.assay.understand.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.Measure;
import io.assay.pick.Pick;
import io.assay.understand.QuestionReader;
import io.assay.understand.ReaderFixture;
import io.assay.understand.Reading;
import java.util.List;
import org.junit.jupiter.api.Test;

/** "How much did customer 148 pay?": the total that sums the act the verb names. */
class HowMuchOfAnActTest {

  private static String metric(Pick p) {
    return ((Measure.Metric) p.measures().get(0)).metric();
  }

  @Test
  void aVerbAfterTheRowsWhoDidItIsTheTotalOfItsAct() {
    QuestionReader pagila = ReaderFixture.pagilaOrSkip();
    Pick paid = ReaderFixture.understood(pagila, "how much has customer 12 paid in 2005?");
    assertThat(metric(paid)).isEqualTo("revenue");
    assertThat(paid.filters().toString()).contains("customer.customer_id");
    assertThat(paid.toString()).contains("2005");
    assertThat(metric(ReaderFixture.understood(pagila, "How much did customers in Japan pay?")))
        .isEqualTo("revenue");
    Pick withdrew =
        ReaderFixture.understood(
            ReaderFixture.reader(), "how much did account 7 withdraw in total in 1996");
    assertThat(metric(withdrew)).isEqualTo("withdrawal_amount");
    assertThat(withdrew.filters().toString()).contains("account.account_id");
  }

  @Test
  void aPassiveVerbIsTheTotalOfItsAct() {
    QuestionReader pagila = ReaderFixture.pagilaOrSkip();
    assertThat(metric(ReaderFixture.understood(pagila, "How much was paid in May 2005?")))
        .isEqualTo("revenue");
  }

  @Test
  void byWhatMeansOrWhoIsNotGuessed() {
    // "by card": the means (card withdrawals) or a split per card; neither is read as a total
    assertThat(
            ReaderFixture.reader().read("How much was withdrawn by card in 1997?", "", List.of()))
        .isNotInstanceOf(Reading.Understood.class);
    // a verb that names no act of the data is not a total
    assertThat(ReaderFixture.reader().read("How much did client 3 borrow?", "", List.of()))
        .isNotInstanceOf(Reading.Understood.class);
  }

  @Test
  void aCountOfTheActStaysACount() {
    QuestionReader pagila = ReaderFixture.pagilaOrSkip();
    Pick p = ReaderFixture.understood(pagila, "how many payments did customer 12 make?");
    assertThat(metric(p)).isEqualTo("payment_count");
  }

  @Test
  void aVerbAfterAnAmountKeepsTheRowsOfItsAct() {
    Pick p =
        ReaderFixture.understood(
            ReaderFixture.reader(), "what is the average amount withdrawn by account 12?");
    Measure.Aggregate avg = (Measure.Aggregate) p.measures().get(0);
    assertThat(avg.fn().name()).isEqualTo("AVG");
    assertThat(avg.filters().toString()).contains("VYDAJ");
    Pick received =
        ReaderFixture.understood(ReaderFixture.reader(), "how much did account 5 receive in 1995");
    assertThat(metric(received)).isEqualTo("credit_amount");
  }
}
