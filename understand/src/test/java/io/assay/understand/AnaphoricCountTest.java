package io.assay.understand;

import static io.assay.understand.ReaderFixture.pagilaOrSkip;
import static io.assay.understand.ReaderFixture.understood;
import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.Pick;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * "Among the loans of 1995, how many were …": a count followed by a verb counts the rows named
 * before it, and a comparison with other rows is never dropped. Phrasings written for this test;
 * none is an evaluation question.
 */
class AnaphoricCountTest {

  @Test
  void howManyBeforeAVerbCountsTheRowsNamedBefore() {
    Pick accounts =
        understood(
            ReaderFixture.reader(),
            "Of the accounts opened in 1994, how many are in the east Bohemia region?");
    assertThat(accounts.measures().toString()).contains("account_count");
    assertThat(accounts.filters().toString()).contains("east Bohemia");
    Pick clients =
        understood(ReaderFixture.reader(), "Among the clients born in 1968, how many have a card?");
    assertThat(clients.measures().toString()).contains("client_count");
    assertThat(clients.filters().toString()).contains("card");
    Pick films = understood(pagilaOrSkip(), "Of the films rated G, how many are under 90 minutes?");
    assertThat(films.measures().toString()).contains("film_count");
  }

  @Test
  void howManyBeforeAVerbOfHavingCountsTheRowsThatHave() {
    Pick p = understood(ReaderFixture.reader(), "Among male clients, how many hold a junior card?");
    assertThat(p.measures().toString()).contains("client_count");
    assertThat(p.filters().toString()).contains("junior").contains("gender");
  }

  @Test
  void aMeasurePhraseLeftUnreadStopsTheReading() {
    Reading r =
        ReaderFixture.reader()
            .read("list the regions with their number of districts", "", List.of());
    assertThat(r).isNotInstanceOf(Reading.Understood.class);
  }

  @Test
  void aCountBeforeANounStillCountsThatNoun() {
    Pick regions = understood(ReaderFixture.reader(), "how many regions are there");
    assertThat(regions.measures().toString()).contains("district.a3");
  }

  @Test
  void rowsComparedWithOtherRowsAreNotAnsweredWithoutTheComparison() {
    for (String q :
        List.of(
            "how many clients have their accounts in the same district as they live",
            "how many loans went to another district's accounts")) {
      assertThat(ReaderFixture.reader().read(q, "", List.of()))
          .as(q)
          .isNotInstanceOf(Reading.Understood.class);
    }
  }
}
