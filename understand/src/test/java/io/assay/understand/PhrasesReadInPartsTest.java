package io.assay.understand;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.ColumnRef;
import io.assay.pick.Comparison;
import io.assay.pick.Filter;
import io.assay.pick.Measure;
import io.assay.pick.Pick;
import io.assay.pick.Projection;
import io.assay.pick.Value;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Phrases of the dataset read in parts or passed over, on phrasings written for this test: a code's
 * words ending on its rows' noun, a noun qualifying the next, a flag's codes, a table named for the
 * tables it links, a contrast word inside a code's words.
 */
class PhrasesReadInPartsTest {

  private static Pick financial(String q) {
    return ReaderFixture.understood(ReaderFixture.reader(), q);
  }

  private static Pick pagila(String q) {
    return ReaderFixture.understood(ReaderFixture.pagilaOrSkip(), q);
  }

  private static Reading read(QuestionReader reader, String q) {
    return reader.read(q, "", List.of());
  }

  private static Filter.Compare eq(String column, Value value) {
    return new Filter.Compare(ColumnRef.parse(column), Comparison.EQ, value);
  }

  @Test
  void aCodesWordsEndingOnItsRowsNounLeaveTheRowsToList() {
    Pick films = pagila("show me the PG films");
    assertThat(films.select()).contains(new Projection.Column(ColumnRef.parse("film.title"), null));
    assertThat(films.filters().toString()).contains("film.rating").contains("PG");
    Pick cards = financial("list the gold cards issued in 1997");
    assertThat(cards.select())
        .containsExactly(new Projection.Column(ColumnRef.parse("card.card_id"), null));
    assertThat(cards.filters()).contains(eq("card.type", Value.text("gold")));
    // "gold card holders": the noun qualifies the next one, whose rows are counted
    Pick holders = financial("which region has the fewest gold card holders");
    assertThat(holders.measures().toString()).contains("client");
  }

  @Test
  void aNounOfTheRowsEachRowBelongsToOnlySaysWhoseTheyAre() {
    Pick payments = pagila("how many customer payments were there in June 2005");
    assertThat(payments.measures().get(0))
        .isEqualTo(new Measure.Metric("payment_count", List.of(), null));
    Pick transactions = financial("number of account transactions in 1997");
    assertThat(transactions.measures().get(0))
        .isEqualTo(new Measure.Metric("transaction_count", List.of(), null));
    Pick clients = financial("count the district clients born after 1980");
    assertThat(clients.measures().get(0))
        .isEqualTo(new Measure.Metric("client_count", List.of(), null));
  }

  @Test
  void twoNounsOfRowsNotSoRelatedAreNotGuessed() {
    for (String q : List.of("how many client accounts are there", "count the loan accounts")) {
      Reading r = read(ReaderFixture.reader(), q);
      assertThat(r).as(q).isInstanceOf(Reading.Abstained.class);
      assertThat(((Reading.Abstained) r).reason()).as(q).contains("two kinds of rows side by side");
    }
    assertThat(read(ReaderFixture.pagilaOrSkip(), "how many film actors are there"))
        .isInstanceOf(Reading.Abstained.class);
    // a noun and a verb are not two nouns
    Pick actors = pagila("Which actors appear in ALIEN CENTER?");
    assertThat(actors.select().toString()).contains("actor.");
  }

  @Test
  void aFlagsWordsReadAsItsCodes() {
    Pick inactive = pagila("how many customers of store 1 are inactive");
    assertThat(inactive.filters()).contains(eq("customer.active", Value.number(0)));
    Pick active = pagila("list the active customers");
    assertThat(active.filters()).containsExactly(eq("customer.active", Value.number(1)));
    // the word is a column of the staff too, which has no words for its values: not a customer's
    assertThat(read(ReaderFixture.pagilaOrSkip(), "how many active staff members are there"))
        .isNotInstanceOf(Reading.Understood.class);
  }

  @Test
  void aTableNamedForWhatItLinksIsNotReadFromThoseWords() {
    Pick films = pagila("films with actor Nick Wahlberg");
    assertThat(films.select()).contains(new Projection.Column(ColumnRef.parse("film.title"), null));
    assertThat(films.filters().toString()).contains("WAHLBERG");
  }

  @Test
  void aContrastWordWrittenInACodesWordsContrastsNothing() {
    Pick p = financial("number of remittances to another bank in 1996");
    assertThat(p.filters()).contains(eq("trans.operation", Value.text("PREVOD NA UCET")));
  }

  @Test
  void aVerbOfALinkTableBetweenTheRowsCountedAndRowsNamedSaysHowTheyMeet() {
    Pick p = pagila("in how many films did actor Penelope Guiness appear?");
    assertThat(p.measures().toString()).contains("film_count");
    assertThat(p.filters().toString()).contains("GUINESS");
    // with no rows named on the other side, the link restricts nothing known
    assertThat(read(ReaderFixture.pagilaOrSkip(), "how many films appear"))
        .isNotInstanceOf(Reading.Understood.class);
  }

  @Test
  void noPhraseReachesAcrossAnAuxiliaryDo() {
    Pick p = pagila("how many rentals did the store with id 1 have in 2005?");
    assertThat(p.measures().toString()).contains("rental_count");
    assertThat(p.filters().toString()).contains("store.store_id");
  }
}
