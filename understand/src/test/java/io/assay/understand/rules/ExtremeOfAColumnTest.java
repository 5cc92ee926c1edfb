package io.assay.understand.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.Aggregation;
import io.assay.pick.ColumnRef;
import io.assay.pick.Measure;
import io.assay.pick.Pick;
import io.assay.understand.QuestionReader;
import io.assay.understand.ReaderFixture;
import io.assay.understand.Reading;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/** A superlative on a column with nothing listed is that column's maximum or minimum. */
class ExtremeOfAColumnTest {

  private static Reading read(QuestionReader reader, String q) {
    return reader.read(q, "", List.of());
  }

  private static Measure.Aggregate extreme(QuestionReader reader, String q) {
    Reading r = read(reader, q);
    assertThat(r).as("reading of '%s': %s", q, r).isInstanceOf(Reading.Understood.class);
    Pick p = ((Reading.Understood) r).pick();
    assertThat(p.measures()).hasSize(1);
    assertThat(p.orderBy()).isEmpty();
    return (Measure.Aggregate) p.measures().get(0);
  }

  @Test
  void aSuperlativeOnAColumnIsItsMaximumOrMinimum() {
    Measure.Aggregate max =
        extreme(ReaderFixture.reader(), "What was the largest transaction amount in 1997?");
    assertThat(max.fn()).isEqualTo(Aggregation.MAX);
    assertThat(max.column()).isEqualTo(ColumnRef.of("trans.amount"));
    QuestionReader pagila = ReaderFixture.pagila();
    Assumptions.assumeTrue(pagila != null, "the Pagila data is not on this machine");
    Measure.Aggregate pay = extreme(pagila, "What is the highest payment amount?");
    assertThat(pay.fn()).isEqualTo(Aggregation.MAX);
    assertThat(pay.column()).isEqualTo(ColumnRef.of("payment.amount"));
  }

  @Test
  void otherRowsLeftUnreadAreNotAnswered() {
    // whose highest amount? the clients are named but not read into the answer
    assertThat(
            read(
                ReaderFixture.reader(),
                "What is the highest loan amount among the clients in Pisek?"))
        .isNotInstanceOf(Reading.Understood.class);
  }

  @Test
  void aSuperlativeOnAnAmountOfOneRowIsThatColumnsExtreme() {
    Measure.Aggregate loan =
        extreme(ReaderFixture.reader(), "What is the highest amount of a loan?");
    assertThat(loan.fn()).isEqualTo(Aggregation.MAX);
    assertThat(loan.column()).isEqualTo(ColumnRef.of("loan.amount"));
    Measure.Aggregate trans =
        extreme(ReaderFixture.reader(), "what was the smallest amount of a transaction in 1996?");
    assertThat(trans.fn()).isEqualTo(Aggregation.MIN);
    assertThat(trans.column()).isEqualTo(ColumnRef.of("trans.amount"));
  }

  @Test
  void aHighestTotalIsNoRowsExtreme() {
    assertThat(read(ReaderFixture.reader(), "What is the highest total amount of loans?"))
        .isNotInstanceOf(Reading.Understood.class);
    assertThat(read(ReaderFixture.reader(), "What is the highest loan volume?"))
        .isNotInstanceOf(Reading.Understood.class);
  }

  @Test
  void theColumnsOwnRowsNamedAfterItAreItsOwner() {
    QuestionReader pagila = ReaderFixture.pagilaOrSkip();
    Measure.Aggregate max = extreme(pagila, "What is the highest amount of a payment?");
    assertThat(max.fn()).isEqualTo(Aggregation.MAX);
    assertThat(max.column()).isEqualTo(ColumnRef.of("payment.amount"));
    Measure.Aggregate min = extreme(pagila, "What was the lowest amount of a payment in 2022?");
    assertThat(min.fn()).isEqualTo(Aggregation.MIN);
    assertThat(min.column()).isEqualTo(ColumnRef.of("payment.amount"));
  }

  @Test
  void rowsOfAnotherTableStillMeanWhoseExtreme() {
    assertThat(read(ReaderFixture.reader(), "What is the highest amount of a loan of a client?"))
        .isNotInstanceOf(Reading.Understood.class);
  }

  @Test
  void aSuperlativeOnAColumnInEachGroupIsItsExtremePerGroup() {
    for (String q :
        List.of(
            "the smallest loan amount for each region",
            "what was the largest loan in every region?")) {
      Reading r = read(ReaderFixture.reader(), q);
      assertThat(r).as("reading of '%s': %s", q, r).isInstanceOf(Reading.Understood.class);
      Pick p = ((Reading.Understood) r).pick();
      assertThat(p.measures().get(0)).as(q).isInstanceOf(Measure.Aggregate.class);
      assertThat(p.groupBy()).as(q).containsExactly(ColumnRef.of("district.a3"));
    }
    // the top within each group is never a ranking of the rows by how many groups they have
    Reading each = read(ReaderFixture.reader(), "the biggest loan of each client");
    if (each instanceof Reading.Understood u) {
      assertThat(u.pick().orderBy()).isEmpty();
    }
  }

  @Test
  void aSizeWordOnRowsNamedByACodeIsTheirAmountsExtreme() {
    // "withdrawal" and "credit" name transactions by their type, read as that condition
    Pick p =
        ReaderFixture.understood(
            ReaderFixture.reader(), "What was the biggest single withdrawal in 1996?");
    assertThat(((Measure.Aggregate) p.measures().get(0)).column())
        .isEqualTo(ColumnRef.of("trans.amount"));
    assertThat(p.filters().toString()).contains("VYDAJ");
    Measure.Aggregate credit = extreme(ReaderFixture.reader(), "what is the smallest credit?");
    assertThat(credit.fn()).isEqualTo(Aggregation.MIN);
    assertThat(credit.column()).isEqualTo(ColumnRef.of("trans.amount"));
    // a total of them is no single row's extreme
    assertThat(read(ReaderFixture.reader(), "What was the largest total withdrawal?"))
        .isNotInstanceOf(Reading.Understood.class);
  }

  @Test
  void aClauseRightAfterOtherRowsSaysWhichRowsAreMeasured() {
    Measure.Aggregate max =
        extreme(
            ReaderFixture.reader(),
            "What is the largest amount of a transaction that the client whose loan was approved"
                + " on 1994-01-05 made?");
    assertThat(max.column()).isEqualTo(ColumnRef.of("trans.amount"));
    // a clause that is not read whole says nothing of which rows
    assertThat(
            read(
                ReaderFixture.pagilaOrSkip(),
                "What is the largest amount of a payment that the customer whose subscription was"
                    + " renewed on 2006-02-14 made?"))
        .isNotInstanceOf(Reading.Understood.class);
    // without a clause the other rows still ask whose extreme it is
    assertThat(
            read(ReaderFixture.reader(), "What is the largest amount of a transaction of clients?"))
        .isNotInstanceOf(Reading.Understood.class);
  }
}
