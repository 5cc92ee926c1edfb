package io.assay.understand.rules;

import static io.assay.understand.ReaderFixture.pagilaOrSkip;
import static io.assay.understand.ReaderFixture.understood;
import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.Direction;
import io.assay.pick.Measure;
import io.assay.pick.Order;
import io.assay.pick.Pick;
import io.assay.understand.ReaderFixture;
import io.assay.understand.Reading;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * "rented the most times", "borrowed least often": a superlative of occasions ranks the listed rows
 * by the count of the event the verb before it names. Phrasings written for this test, with
 * look-alikes that must not be answered.
 */
class MostTimesTest {

  private static Order by(String metric, Direction dir) {
    return new Order.ByMeasure(metric, null, dir);
  }

  @Test
  void theMostTimesRanksByTheEventsCount() {
    Pick most =
        understood(pagilaOrSkip(), "List the two movies rented the most times in August 2022.");
    assertThat(most.measures())
        .containsExactly(new Measure.Metric("rental_count", List.of(), "rental_count"));
    assertThat(most.orderBy()).containsExactly(by("rental_count", Direction.DESC));
    assertThat(most.limit()).isEqualTo(2);
    assertThat(most.time()).isNotNull();
    Pick least = understood(pagilaOrSkip(), "which title got rented least often?");
    assertThat(least.orderBy()).containsExactly(by("rental_count", Direction.ASC));
    assertThat(least.limit()).isEqualTo(1);
  }

  @Test
  void theMostAtTheEndRanksTheSameWay() {
    Pick p = understood(pagilaOrSkip(), "Which movie was rented the most in 2022?");
    assertThat(p.orderBy()).containsExactly(by("rental_count", Direction.DESC));
  }

  @Test
  void aPhraseOfPeopleAndTheirEventListsThePeopleRankedByTheEvent() {
    Pick p = understood(pagilaOrSkip(), "Which two customers paid most frequently in 2022?");
    assertThat(p.groupBy().toString()).contains("customer.");
    assertThat(p.orderBy()).containsExactly(by("payment_count", Direction.DESC));
    assertThat(p.limit()).isEqualTo(2);
    // "paid the most" is an amount, not how often: not read as a count
    assertThat(pagilaOrSkip().read("Which customer paid the most?", "", List.of()))
        .isNotInstanceOf(Reading.Understood.class);
  }

  @Test
  void withoutAnEventVerbTheWordsAreNotGuessed() {
    // nothing names the event counted
    assertThat(pagilaOrSkip().read("Which movie has the most times?", "", List.of()))
        .isNotInstanceOf(Reading.Understood.class);
    // "the most" alone over rows with an amount may mean the money: not guessed
    assertThat(
            ReaderFixture.reader()
                .read("Which district was loaned the most in 1997?", "", List.of()))
        .isNotInstanceOf(Reading.Understood.class);
    // a verb the dataset does not know
    assertThat(
            ReaderFixture.reader().read("Which account was charged the most times?", "", List.of()))
        .isNotInstanceOf(Reading.Understood.class);
  }
}
