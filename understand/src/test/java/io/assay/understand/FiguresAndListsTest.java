package io.assay.understand;

import static io.assay.understand.ReaderFixture.understood;
import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.ColumnRef;
import io.assay.pick.Measure;
import io.assay.pick.Pick;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * Two periods subtracted, two figures in one answer, and "the IDs of the N …" lists, each on
 * phrasings written for this test (none is an evaluation question), with the phrasings that look
 * alike but must not be answered: a difference that is not between periods, a second figure of
 * other rows, a table the question relates by a verb the reader does not read.
 */
class FiguresAndListsTest {

  private static Reading read(QuestionReader reader, String question) {
    return reader.read(question, "", List.of());
  }

  private static Pick financial(String question) {
    return understood(ReaderFixture.reader(), question);
  }

  private static Pick pagila(String question) {
    QuestionReader p = ReaderFixture.pagila();
    Assumptions.assumeTrue(p != null, "the Pagila data is not on this machine");
    return understood(p, question);
  }

  private static void notAnswered(QuestionReader reader, String question) {
    assertThat(read(reader, question))
        .as("reading of '%s'", question)
        .isNotInstanceOf(Reading.Understood.class);
  }

  /** The metric a difference subtracts, and the first day of each side's period. */
  private static void difference(Pick p, String metric, String left, String right) {
    assertThat(p.measures().get(0)).isInstanceOf(Measure.Difference.class);
    Measure.Difference d = (Measure.Difference) p.measures().get(0);
    assertThat(((Measure.Metric) d.left()).metric()).isEqualTo(metric);
    assertThat(d.left().toString()).contains(left);
    assertThat(d.right().toString()).contains(right);
  }

  // ------------------------------------------------------------ two periods subtracted

  @Test
  void aDifferenceBetweenTwoPeriodsIsTheLaterLessTheEarlier() {
    difference(
        financial("What is the difference in total loan amount between 1996 and 1997?"),
        "loan_amount",
        "1997-01-01",
        "1996-01-01");
    difference(
        financial("What is the gap in the number of loans between 1996 and 1998?"),
        "loan_count",
        "1998-01-01",
        "1996-01-01");
    difference(
        pagila("what is the difference in the number of rentals between June 2022 and July 2022?"),
        "rental_count",
        "2022-07-01",
        "2022-06-01");
  }

  @Test
  void aComparedPeriodComesFirst() {
    difference(
        financial(
            "How did the number of accounts opened in 1996 compare with 1995? Give me the"
                + " difference."),
        "account_count",
        "1996-01-01",
        "1995-01-01");
    difference(
        pagila("how did revenue in May 2022 compare with June 2022? what is the difference?"),
        "revenue",
        "2022-05-01",
        "2022-06-01");
  }

  @Test
  void theDifferenceAndThePercentChangeAreTwoFigures() {
    Pick p =
        financial(
            "Compare the credit amount in March 1997 with February 1997 and give me the"
                + " difference and the percent change");
    difference(p, "credit_amount", "1997-03-01", "1997-02-01");
    assertThat(p.measures().get(1)).isInstanceOf(Measure.Growth.class);
    Pick q =
        pagila("give me the difference and the % change of revenue between May 2022 and June 2022");
    difference(q, "revenue", "2022-06-01", "2022-05-01");
    assertThat(q.measures()).hasSize(2);
  }

  @Test
  void aDifferenceNotBetweenPeriodsIsNotAnswered() {
    notAnswered(ReaderFixture.reader(), "What is the difference between owners and disponents?");
    notAnswered(ReaderFixture.reader(), "What is the difference in the loan amount?");
    notAnswered(
        ReaderFixture.reader(),
        "What is the difference in the loan amount between 1997 and March 1998?");
  }

  // ------------------------------------------------------------ two figures in one answer

  @Test
  void aggregatingWordsJoinedByAndShareTheColumnAfterThem() {
    Pick p = financial("lowest and highest order amount");
    assertThat(p.measures()).hasSize(2);
    assertThat(p.measures().toString()).contains("MIN").contains("MAX").contains("order.amount");
    Pick q = pagila("the mean and the largest payment amount per staff member");
    assertThat(q.measures()).hasSize(2);
    assertThat(q.measures().toString()).contains("AVG");
    // "average" is no average of the total after it: two figures, or none
    Pick r = financial("average and total credit amount in 1996");
    assertThat(r.measures()).hasSize(2);
  }

  @Test
  void aSecondFigureOfTheSameRowsJoinsTheAnswer() {
    Pick p =
        financial("For each loan duration, give the number of loans and the total loan amount.");
    assertThat(p.measures()).hasSize(2);
    assertThat(p.groupBy()).containsExactly(ColumnRef.of("loan.duration"));
    assertThat(financial("How many loans were there in 1997 and the total loan amount?").measures())
        .hasSize(2);
    Pick w = financial("How many card withdrawals were there in 1997 and the total amount?");
    assertThat(w.measures().get(1))
        .isEqualTo(
            new Measure.Aggregate(
                io.assay.pick.Aggregation.SUM, ColumnRef.of("trans.amount"), List.of(), null));
    Pick f = pagila("For each rating, how many films are there and the average rental rate?");
    assertThat(f.measures()).hasSize(2);
    assertThat(f.groupBy()).containsExactly(ColumnRef.of("film.rating"));
    assertThat(pagila("How many payments were there in May 2022 and the total amount?").measures())
        .hasSize(2);
    Pick c = pagila("How many films are there per category and the average length?");
    assertThat(c.measures()).hasSize(2);
    assertThat(c.groupBy()).containsExactly(ColumnRef.of("category.name"));
  }

  @Test
  void aSecondFigureOfOtherRowsIsNotAnswered() {
    notAnswered(
        ReaderFixture.reader(),
        "For each district, how many accounts are there and the number of clients?");
    QuestionReader p = ReaderFixture.pagila();
    Assumptions.assumeTrue(p != null, "the Pagila data is not on this machine");
    notAnswered(p, "How many rentals were there in June 2022 and the average amount?");
  }

  // ------------------------------------------------------------ the N rows a list keeps

  @Test
  void aNumberBeforeTheListedEntityKeepsThatManyRows() {
    Pick a = financial("Show the birth dates of the 3 oldest female clients.");
    assertThat(a.limit()).isEqualTo(3);
    Pick b = financial("List the birth dates of the 3 female clients with the largest loans.");
    assertThat(b.limit()).isEqualTo(3);
    assertThat(b.measures()).isEmpty();
    assertThat(pagila("Give the titles of the 3 films with the highest rental rate.").limit())
        .isEqualTo(3);
  }

  @Test
  void aNumberWithoutAnOrderIsNotAnswered() {
    notAnswered(ReaderFixture.reader(), "Show the IDs of the 3 female clients.");
  }

  // ------------------------------------------------------------ relations left unread

  @Test
  void aTableRelatedByAnUnreadVerbIsNotDropped() {
    notAnswered(ReaderFixture.reader(), "How many clients ordered loans?");
    QuestionReader p = ReaderFixture.pagila();
    Assumptions.assumeTrue(p != null, "the Pagila data is not on this machine");
    notAnswered(p, "How many actors starred in films?");
    notAnswered(p, "How many customers watched films?");
  }

  // ------------------------------------------------------------ "each" alone, "N times" of a value

  @Test
  void eachAlonePointsBackToTheEntityTheCountedRowsReferTo() {
    Pick p = financial("For districts with accounts, how many accounts does each have on average?");
    assertThat(p.measures().get(0)).isInstanceOf(Measure.OverGroups.class);
    assertThat(((Measure.OverGroups) p.measures().get(0)).per())
        .containsExactly(ColumnRef.of("district.district_id"));
    Pick s = pagila("For the stores, how many customers does each one have on average?");
    assertThat(((Measure.OverGroups) s.measures().get(0)).per())
        .containsExactly(ColumnRef.of("store.store_id"));
    // loans do not refer to clients directly: 'each' stays unread
    notAnswered(
        ReaderFixture.reader(),
        "Among clients with loans, how many loans does each have on average?");
    notAnswered(ReaderFixture.reader(), "How many loans does each have?");
  }

  @Test
  void aStoredValueBeforeNTimesIsTheEventCounted() {
    Pick p = financial("Which accounts made withdrawals more than 100 times?");
    assertThat(p.groupBy()).containsExactly(ColumnRef.of("account.account_id"));
    assertThat(p.having()).hasSize(1);
    assertThat(p.filters()).hasSize(1);
  }
}
