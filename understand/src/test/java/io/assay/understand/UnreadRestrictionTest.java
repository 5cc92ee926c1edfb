package io.assay.understand;

import static io.assay.understand.ReaderFixture.pagilaOrSkip;
import static io.assay.understand.ReaderFixture.understood;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A word the reader cannot read that says which rows are meant (what they have, what they are)
 * stops the answer: counting every row instead would be a wrong answer. Phrasings written for this
 * test.
 */
class UnreadRestrictionTest {

  @Test
  void aNounTheRowsHaveIsNotDropped() {
    for (String q :
        List.of(
            "How many films have subtitles?",
            "list the films with bloopers",
            "how many customers have any complaints")) {
      assertThat(pagilaOrSkip().read(q, "", List.of())).as(q).isInstanceOf(Reading.Abstained.class);
    }
    assertThat(ReaderFixture.reader().read("How many accounts have overdrafts?", "", List.of()))
        .isInstanceOf(Reading.Abstained.class);
  }

  @Test
  void anAdjectiveSaidOfTheRowsIsNotDropped() {
    for (String q : List.of("How many customers are loyal?", "customers who are dormant")) {
      assertThat(pagilaOrSkip().read(q, "", List.of())).as(q).isInstanceOf(Reading.Abstained.class);
    }
    assertThat(ReaderFixture.reader().read("how many accounts are dormant", "", List.of()))
        .isNotInstanceOf(Reading.Understood.class);
  }

  @Test
  void aTimeTheReaderCannotReadIsNotDropped() {
    for (String q :
        List.of("how many rentals were made on weekends", "revenue in the evenings of June 2022")) {
      assertThat(pagilaOrSkip().read(q, "", List.of())).as(q).isInstanceOf(Reading.Abstained.class);
    }
  }

  @Test
  void wordsOfAskingAroundThemStillPass() {
    assertThat(understood(ReaderFixture.reader(), "Could you tell me how many accounts there are?"))
        .isNotNull();
    assertThat(understood(pagilaOrSkip(), "how many films are there with a rating of PG?"))
        .isNotNull();
  }
}
