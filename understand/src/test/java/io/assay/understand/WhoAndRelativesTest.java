package io.assay.understand;

import static io.assay.understand.ReaderFixture.pagilaOrSkip;
import static io.assay.understand.ReaderFixture.understood;
import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.ColumnRef;
import io.assay.pick.Direction;
import io.assay.pick.Order;
import io.assay.pick.Pick;
import io.assay.pick.Projection;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * "Who …" lists the dataset's people, an age word on other rows ranks by their date, a degree word
 * is never skipped by a phrase, and a relative clause does not restart a list. Phrasings written
 * for this test, with look-alikes that must not be answered.
 */
class WhoAndRelativesTest {

  private static Reading read(QuestionReader reader, String question) {
    return reader.read(question, "", List.of());
  }

  private static final Projection CLIENT_ID =
      new Projection.Column(ColumnRef.of("client.client_id"), null);

  @Test
  void whoListsTheOnlyTableOfPeople() {
    QuestionReader f = ReaderFixture.reader();
    Pick owner = understood(f, "Who is the owner of account 1520?");
    assertThat(owner.select()).containsExactly(CLIENT_ID);
    assertThat(owner.filters().toString()).contains("account.account_id").contains("OWNER");
    Pick largest = understood(f, "Who made the largest transaction in 1996?");
    assertThat(largest.select()).containsExactly(CLIENT_ID);
    assertThat(largest.orderBy())
        .containsExactly(new Order.ByColumn(ColumnRef.of("trans.amount"), Direction.DESC));
  }

  @Test
  void whoWithSeveralTablesOfPeopleIsNotGuessed() {
    // customers, actors and staff are all people: "who paid" does not say which
    Reading r = read(pagilaOrSkip(), "Who rented the most films in June 2022?");
    assertThat(r.toString()).doesNotContain("asked about");
    assertThat(read(ReaderFixture.reader(), "Who placed order 30000?").toString())
        .contains("asked about");
  }

  @Test
  void anAgeWordOnOtherRowsRanksByTheirDate() {
    Pick p = understood(ReaderFixture.reader(), "Which client has the oldest account?");
    assertThat(p.orderBy())
        .containsExactly(new Order.ByColumn(ColumnRef.of("account.date"), Direction.ASC));
    Pick own = understood(ReaderFixture.reader(), "Who is the oldest client in Pisek?");
    assertThat(own.orderBy())
        .containsExactly(new Order.ByColumn(ColumnRef.of("client.birth_date"), Direction.ASC));
  }

  @Test
  void aPhraseDoesNotSkipADegreeWord() {
    // "customer … rental" must not become "customers who rented" over "oldest"
    assertThat(read(pagilaOrSkip(), "Which customer has the oldest rental?"))
        .isNotInstanceOf(Reading.Understood.class);
    assertThat(read(pagilaOrSkip(), "Which customer has the longest rental?"))
        .isNotInstanceOf(Reading.Understood.class);
  }

  @Test
  void aRelativeClauseDoesNotRestartTheList() {
    // the clients are listed, those with a loan of 1997; never the loans
    Reading r = read(ReaderFixture.reader(), "Show the male clients who took loans in 1997.");
    if (r instanceof Reading.Understood u) {
      assertThat(u.pick().select()).containsExactly(CLIENT_ID);
      assertThat(u.pick().filters().toString()).contains("loan.date");
    }
  }

  @Test
  void aQuestionAfterACommaOrAnOpeningWhichStillLists() {
    QuestionReader f = ReaderFixture.reader();
    Pick p =
        understood(f, "For the male client born on 1950-05-04, which district does he live in?");
    assertThat(p.select()).isNotEmpty();
    assertThat(p.select().toString()).contains("district");
    Pick q = understood(f, "Which districts have clients who hold gold cards?");
    assertThat(q.select().toString()).contains("district");
  }

  @Test
  void aYearLikeNumberAfterARowNounIsThatRow() {
    QuestionReader f = ReaderFixture.reader();
    assertThat(understood(f, "Who is the owner of account 2000?").filters().toString())
        .contains("account.account_id")
        .doesNotContain("account.date");
    assertThat(understood(f, "List the loans of account number 1996.").filters().toString())
        .contains("account.account_id");
    // after a verb or "in" it is still a year
    assertThat(understood(f, "How many accounts were opened 1996?").time()).isNotNull();
    assertThat(understood(f, "How many loans were granted in 1996?").time()).isNotNull();
  }

  @Test
  void whoOrWhichRightAfterRowsOpensAClauseAboutThem() {
    Pick p = understood(ReaderFixture.reader(), "accounts which have more than 3 orders");
    assertThat(p.groupBy()).containsExactly(ColumnRef.of("account.account_id"));
    assertThat(p.having().toString()).contains("3");
    Pick c = understood(ReaderFixture.reader(), "clients who were born in 1980 and have a card");
    assertThat(c.select()).containsExactly(CLIENT_ID);
    Pick r = understood(pagilaOrSkip(), "actors who played in more than 25 films");
    assertThat(r.groupBy().toString()).contains("actor.");
    assertThat(r.having().toString()).contains("25");
    // after a comma the question starts again
    Pick d =
        understood(
            ReaderFixture.reader(), "For clients born in 1962, which district do they live in?");
    assertThat(d.select().toString()).contains("district.");
  }

  @Test
  void aCountOfRowsAfterAListWordNamesTheRows() {
    Pick p = understood(pagilaOrSkip(), "which customers have rented films in the Music category");
    assertThat(p.measures()).isEmpty();
    assertThat(p.select().toString()).contains("customer.");
    assertThat(p.filters().toString()).contains("Music");
    Pick n = understood(pagilaOrSkip(), "how many customers have rented films in 2022");
    assertThat(n.measures().toString()).contains("renting_customer_count");
  }

  @Test
  void aVerbAndItsObjectOnTheWayToAValueAreThatValuesCondition() {
    Pick p =
        understood(pagilaOrSkip(), "list the customers that rented movies of the Comedy category");
    assertThat(p.select().toString()).contains("customer.");
    assertThat(p.filters().toString()).contains("category.name").contains("Comedy");
  }

  @Test
  void aTimeAfterAVerbOfDatedRowsIsNotPutOnTheListedRows() {
    // "in 2006" was read as the customers' creation date
    Reading r = read(pagilaOrSkip(), "customers who rented a Comedy film in 2006");
    assertThat(r).isInstanceOf(Reading.Abstained.class);
    assertThat(((Reading.Abstained) r).reason()).contains("may date the rental rows");
    // with no such verb the listed rows' own date is meant
    Pick p = understood(ReaderFixture.reader(), "accounts opened in the Praha district in 1995");
    assertThat(p.timeColumn()).isEqualTo(ColumnRef.of("account.date"));
  }
}
