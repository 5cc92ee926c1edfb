package io.assay.understand;

import static io.assay.understand.ReaderFixture.pagilaOrSkip;
import static io.assay.understand.ReaderFixture.understood;
import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.ColumnRef;
import io.assay.pick.Measure;
import io.assay.pick.Order;
import io.assay.pick.Pick;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * "the largest number of X" ranks by how many X (never by X's amount), a phrase of the dataset
 * never reaches over a ranking word, and a participle after "were"/"have been" is the clause's
 * verb, not a word describing the noun after it. Phrasings written for this test.
 */
class CountSuperlativesAndPassivesTest {

  private static Reading read(QuestionReader reader, String question) {
    return reader.read(question, "", List.of());
  }

  private static void rankedByCount(Pick p, String group, String metric, int limit) {
    assertThat(p.groupBy()).containsExactly(ColumnRef.of(group));
    assertThat(p.measures()).hasSize(1);
    assertThat(p.measures().get(0).toString()).contains(metric);
    assertThat(p.orderBy()).hasSize(1);
    assertThat(p.orderBy().get(0)).isInstanceOf(Order.ByMeasure.class);
    assertThat(p.limit()).isEqualTo(limit);
  }

  @Test
  void theLargestNumberOfRowsRanksByTheirCount() {
    QuestionReader f = ReaderFixture.reader();
    rankedByCount(
        understood(f, "Which district has the highest number of loans?"),
        "district.a2",
        "loan_count",
        1);
    rankedByCount(
        understood(f, "Which 3 districts have the greatest number of clients?"),
        "district.a2",
        "client_count",
        3);
    Pick fewest = understood(f, "Which district has the lowest number of accounts?");
    rankedByCount(fewest, "district.a2", "account_count", 1);
    assertThat(((Order.ByMeasure) fewest.orderBy().get(0)).direction().name()).isEqualTo("ASC");
  }

  @Test
  void aComparativeWithoutThanInAWhichQuestionRanksAsTheMostOrFewest() {
    QuestionReader f = ReaderFixture.reader();
    rankedByCount(understood(f, "Which region has more loans?"), "district.a3", "loan_count", 1);
    Pick fewer = understood(f, "which of the regions has fewer accounts");
    rankedByCount(fewer, "district.a3", "account_count", 1);
    assertThat(((Order.ByMeasure) fewer.orderBy().get(0)).direction().name()).isEqualTo("ASC");
    // with "than" it compares with something named, which "more" alone does not read
    assertThat(read(f, "which districts have more loans than Benesov"))
        .isNotInstanceOf(Reading.Understood.class);
    // a "who" question about two named rows answers with those rows, which no ranking lists
    assertThat(read(f, "who has more loans, account 7 or account 25"))
        .isNotInstanceOf(Reading.Understood.class);
  }

  @Test
  void aNumberBeforeAColumnNounCountsItsGroups() {
    QuestionReader f = ReaderFixture.reader();
    rankedByCount(
        understood(f, "which 4 regions have the fewest loans"), "district.a3", "loan_count", 4);
  }

  @Test
  void whichRowsIsNotAnsweredByTheirCount() {
    // "customers made a payment" is also a count's phrase; "which" asks for the customers
    assertThat(read(pagilaOrSkip(), "which customers made a payment in May 2022"))
        .isNotInstanceOf(Reading.Understood.class);
  }

  @Test
  void aPhraseDoesNotSkipARankingWord() {
    // "store … number" is a store's id only when nothing ranks in between
    Pick p = understood(pagilaOrSkip(), "Which store has the largest number of rentals?");
    assertThat(p.groupBy()).containsExactly(ColumnRef.of("store.store_id"));
    assertThat(p.measures()).hasSize(1);
    assertThat(p.distinct()).isFalse();
    assertThat(p.limit()).isEqualTo(1);
  }

  @Test
  void aSizeWordOnAnAmountStillOrdersByTheAmount() {
    Pick p = understood(ReaderFixture.reader(), "Which client has the highest loan amount?");
    assertThat(p.measures()).isEmpty();
    assertThat(p.orderBy())
        .containsExactly(
            new Order.ByColumn(ColumnRef.of("loan.amount"), io.assay.pick.Direction.DESC));
  }

  @Test
  void aParticipleAfterBeOrHaveIsTheVerb() {
    QuestionReader f = ReaderFixture.reader();
    Pick p = understood(f, "Which accounts were charged a sanction interest more than 3 times?");
    assertThat(p.groupBy()).containsExactly(ColumnRef.of("account.account_id"));
    assertThat(p.having()).hasSize(1);
    assertThat(p.having().get(0).value().toString()).contains("3");
    Pick count = understood(f, "How many accounts were charged sanction interest?");
    assertThat(((Measure.Metric) count.measures().get(0)).metric()).isEqualTo("account_count");
    assertThat(count.filters().toString()).contains("trans.k_symbol");
  }

  @Test
  void aParticipleRightBeforeANounStillNarrowsIt() {
    assertThat(read(ReaderFixture.reader(), "How many charged accounts are there?"))
        .isNotInstanceOf(Reading.Understood.class);
    assertThat(read(pagilaOrSkip(), "How many billed customers are there?"))
        .isNotInstanceOf(Reading.Understood.class);
  }
}
