package io.assay.understand.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.ColumnRef;
import io.assay.pick.Direction;
import io.assay.pick.Order;
import io.assay.pick.Pick;
import io.assay.pick.Projection;
import io.assay.understand.QuestionReader;
import io.assay.understand.ReaderFixture;
import io.assay.understand.Reading;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Phrasings written for this test; none is an evaluation question. */
class RecencyTest {

  private static Reading read(QuestionReader r, String q) {
    return r.read(q, "", List.of());
  }

  private static Pick pick(QuestionReader r, String q) {
    return ReaderFixture.understood(r, q);
  }

  private static Pick pick(String q) {
    return pick(ReaderFixture.reader(), q);
  }

  private static Order.ByColumn order(Pick p) {
    assertThat(p.orderBy()).hasSize(1);
    return (Order.ByColumn) p.orderBy().get(0);
  }

  @Test
  void aWordOfRecencyRanksRowsByTheirOwnDate() {
    Pick three = pick("the three most recent loans");
    assertThat(order(three))
        .isEqualTo(new Order.ByColumn(ColumnRef.of("loan.date"), Direction.DESC));
    assertThat(three.limit()).isEqualTo(3);
    assertThat(three.select()).extracting(Object::toString).allMatch(s -> s.contains("loan."));

    Pick earliest = pick("the earliest loan");
    assertThat(order(earliest).direction()).isEqualTo(Direction.ASC);
    assertThat(earliest.limit()).isEqualTo(1);

    Pick listed = pick("list the 5 latest transactions in 1998");
    assertThat(order(listed).column()).isEqualTo(ColumnRef.of("trans.date"));
    assertThat(listed.limit()).isEqualTo(5);
    assertThat(listed.toString()).contains("1998");

    Pick pagila = pick(ReaderFixture.pagilaOrSkip(), "the 10 most recent payments");
    assertThat(order(pagila).direction()).isEqualTo(Direction.DESC);
    assertThat(pagila.limit()).isEqualTo(10);
  }

  @Test
  void theWordMayEndTheQuestionOrRankTheRowsOfAnother() {
    Pick opened = pick("which account was opened most recently?");
    assertThat(order(opened))
        .isEqualTo(new Order.ByColumn(ColumnRef.of("account.date"), Direction.DESC));
    assertThat(opened.limit()).isEqualTo(1);

    Pick client = pick("which client has the latest loan?");
    assertThat(order(client).column()).isEqualTo(ColumnRef.of("loan.date"));
    assertThat(client.select()).extracting(Object::toString).allMatch(s -> s.contains("client."));
  }

  @Test
  void aColumnOfTheLatestRowIsShownForThatRow() {
    // not the total of every loan's amount: the word used to be swallowed by the metric's phrase
    Pick p = pick("what is the amount of the latest loan?");
    assertThat(p.measures()).isEmpty();
    assertThat(p.select())
        .containsExactly(new Projection.Column(ColumnRef.of("loan.amount"), null));
    assertThat(order(p).column()).isEqualTo(ColumnRef.of("loan.date"));
  }

  @Test
  void whenAsksForTheDateOfTheLatestRow() {
    Pick loan = pick("When was the most recent loan granted?");
    assertThat(loan.select())
        .containsExactly(new Projection.Column(ColumnRef.of("loan.date"), null));
    assertThat(order(loan).direction()).isEqualTo(Direction.DESC);

    Pick rental = pick(ReaderFixture.pagilaOrSkip(), "When was the last rental?");
    assertThat(rental.select()).hasSize(1);
    assertThat(rental.select().get(0).toString()).contains("rental_date");

    // the earliest of a date is a date
    assertThat(pick("When was the first loan granted?").toString()).contains("loan.date");
  }

  @Test
  void rowsWithNoDateOfTheirOwnAreNotRankedByAGuess() {
    assertThat(read(ReaderFixture.pagilaOrSkip(), "the newest film"))
        .isNotInstanceOf(Reading.Understood.class);
  }

  @Test
  void lastAsAVerbIsNotDropped() {
    assertThat(read(ReaderFixture.reader(), "How many loans last longer than two years?"))
        .isNotInstanceOf(Reading.Understood.class);
  }

  @Test
  void lastBeforeAUnitOfTimeStaysATimeWindow() {
    Pick p = pick("how many loans were approved last year");
    assertThat(p.orderBy()).isEmpty();
    assertThat(p.limit()).isNull();
  }

  @Test
  void theNumberMayFollowTheWordAndTheDateMayBeNamed() {
    Pick five = pick("show the most recent 5 transactions of account 3");
    assertThat(five.limit()).isEqualTo(5);
    assertThat(order(five).column()).isEqualTo(ColumnRef.of("trans.date"));
    Pick first = pick(ReaderFixture.pagilaOrSkip(), "the earliest rental date");
    assertThat(first.measures().toString()).contains("MIN").contains("rental_date");
  }
}
