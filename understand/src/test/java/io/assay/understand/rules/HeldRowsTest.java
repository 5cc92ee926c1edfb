package io.assay.understand.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.Filter;
import io.assay.understand.QuestionReader;
import io.assay.understand.ReaderFixture;
import io.assay.understand.Reading;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Phrasings written for this test; none is an evaluation question. */
class HeldRowsTest {

  private static List<String> held(Draft d) {
    return d.related.stream().filter(e -> !e.negated()).map(Filter.Exists::table).toList();
  }

  @Test
  void aVerbOfHavingKeepsRowsWithSuchRelatedRows() {
    assertThat(held(Drafts.after(HeldRows.class, "how many clients hold cards")))
        .containsExactly("card");
    assertThat(held(Drafts.after(HeldRows.class, "list accounts that have loans")))
        .containsExactly("loan");
    assertThat(held(Drafts.after(HeldRows.class, "how many districts have clients?")))
        .containsExactly("client");
    assertThat(held(Drafts.pagilaAfter(HeldRows.class, "list the stores that have customers")))
        .containsExactly("customer");
  }

  @Test
  void aPhraseThatMayNameAValueIsTheRowsHeldAfterTheVerb() {
    // "credit card" also names a kind of transaction; after "own a" it names the cards
    Draft d =
        Drafts.after(HeldRows.class, "show the clients who own a credit card and also have a loan");
    assertThat(held(d)).containsExactly("card", "loan");
    assertThat(held(Drafts.after(HeldRows.class, "accounts having both a card and a loan")))
        .containsExactly("card", "loan");
    assertThat(held(Drafts.after(HeldRows.class, "how many districts have at least one client")))
        .containsExactly("client");
    assertThat(d.filters).isEmpty();
  }

  @Test
  void aDateAfterTheHeldRowsDatesThemNotTheRowsCounted() {
    Reading r =
        ReaderFixture.reader().read("how many districts have had loans in 1997", "", List.of());
    assertThat(r).isInstanceOf(Reading.Understood.class);
    assertThat(((Reading.Understood) r).pick().toString())
        .contains("loan.date")
        .doesNotContain("district.");
  }

  @Test
  void aValueAfterTheHeldRowsIsSaidOfThem() {
    Draft d = Drafts.after(HeldRows.class, "which clients hold an account in the Pisek district");
    assertThat(d.related)
        .containsExactly(
            new Filter.Exists("account", List.of(Filter.eq("district.a2", "Pisek")), false));
    assertThat(d.filters).isEmpty();
    Reading r =
        ReaderFixture.reader().read("how many clients have a loan from Pisek", "", List.of());
    assertThat(r).isInstanceOf(Reading.Understood.class);
    assertThat(((Reading.Understood) r).pick().filters())
        .containsExactly(
            new Filter.Exists("loan", List.of(Filter.eq("district.a2", "Pisek")), false));
  }

  @Test
  void aWordForRowsOfOneKindHolds() {
    assertThat(held(Drafts.after(HeldRows.class, "how many disponents hold a card")))
        .containsExactly("card");
    assertThat(held(Drafts.after(HeldRows.class, "how many owners have a loan")))
        .containsExactly("loan");
  }

  @Test
  void aWordBeforeAnotherNounIsPartOfItsName() {
    // "credit" alone may name loans or credit transactions; before "card of type" it names cards
    Reading r =
        ReaderFixture.reader()
            .read("how many female clients own a credit card of type junior", "", List.of());
    assertThat(r).isInstanceOf(Reading.Understood.class);
    String pick = ((Reading.Understood) r).pick().toString();
    assertThat(pick).contains("junior").doesNotContain("loan").doesNotContain("PRIJEM");
  }

  @Test
  void aRowNamedByItsNumberIsAConditionNotTheSubject() {
    assertThat(held(Drafts.after(HeldRows.class, "how many accounts in district 5 have a loan")))
        .containsExactly("loan");
  }

  @Test
  void rowsOnTheWayToTheHeldRowsPassTheConditionOn() {
    assertThat(held(Drafts.after(HeldRows.class, "list the clients of accounts that have a loan")))
        .containsExactly("loan");
  }

  @Test
  void aConditionOnOtherRowsThanTheAnsweredOnesIsNotAnswered() {
    QuestionReader r = ReaderFixture.reader();
    Reading reading = r.read("how many accounts of clients who have a card", "", List.of());
    assertThat(reading).isInstanceOf(Reading.Abstained.class);
  }

  @Test
  void notReadWhenAColumnOfTheRowsFollowsOrTheQuestionAsksAShare() {
    assertThat(held(Drafts.after(HeldRows.class, "how many accounts have a loan amount over 9000")))
        .isEmpty();
    assertThat(held(Drafts.after(HeldRows.class, "what share of clients have a card"))).isEmpty();
    assertThat(held(Drafts.after(HeldRows.class, "how many clients have no card"))).isEmpty();
    assertThat(held(Drafts.after(HeldRows.class, "how many accounts don't have a loan"))).isEmpty();
    assertThat(held(Drafts.after(HeldRows.class, "clients who have never had a card"))).isEmpty();
    assertThat(
            held(
                Drafts.after(
                    HeldRows.class,
                    "for clients who have loans, what is the average loan amount per client")))
        .isEmpty();
  }

  @Test
  void aWordTheDatasetGivesRowsOfOneKindIsASubject() {
    // "women" are female clients: the loan they have was dropped, counting every woman
    io.assay.pick.Pick p =
        ReaderFixture.understood(ReaderFixture.reader(), "How many women have a loan?");
    assertThat(p.filters())
        .anyMatch(f -> f instanceof Filter.Exists e && e.table().equals("loan") && !e.negated());
  }
}
