package io.assay.understand.rules;

import static io.assay.understand.ReaderFixture.pagilaOrSkip;
import static io.assay.understand.ReaderFixture.understood;
import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.ColumnRef;
import io.assay.pick.Comparison;
import io.assay.pick.Filter;
import io.assay.pick.Pick;
import io.assay.pick.Value;
import io.assay.understand.ReaderFixture;
import io.assay.understand.Reading;
import java.util.List;
import org.junit.jupiter.api.Test;

/** "loans with status C", "a rating of R": a one-letter code after its column. Own phrasings. */
class CodeAfterItsColumnTest {

  @Test
  void aWordForColumnsOfSeveralTablesIsTheColumnOfTheRowsNamed() {
    Pick trans = understood(ReaderFixture.reader(), "how many transactions went to bank QR");
    assertThat(trans.filters())
        .containsExactly(
            new Filter.Compare(ColumnRef.of("trans.bank"), Comparison.EQ, Value.text("QR")));
    Pick orders = understood(ReaderFixture.reader(), "count the orders sent to bank QR or WX");
    assertThat(orders.filters().toString()).contains("order.bank_to").doesNotContain("trans.");
    // no rows named: which bank is meant is not guessed
    assertThat(ReaderFixture.reader().read("the amount sent to bank QR", "", List.of()))
        .isNotInstanceOf(Reading.Understood.class);
  }

  @Test
  void aLetterAfterItsColumnIsThatCode() {
    Pick loans = understood(ReaderFixture.reader(), "number of loans with status C");
    assertThat(loans.filters())
        .containsExactly(
            new Filter.Compare(ColumnRef.of("loan.status"), Comparison.EQ, Value.text("C")));
    Pick films = understood(pagilaOrSkip(), "average length of films with a rating of R");
    assertThat(films.filters())
        .containsExactly(
            new Filter.Compare(ColumnRef.of("film.rating"), Comparison.EQ, Value.text("R")));
  }

  @Test
  void lettersJoinedToTheFirstAreCodesOfTheSameColumn() {
    // "a" is also an article: after "status is" it is the code
    Pick pick = understood(ReaderFixture.reader(), "count the loans whose status is A or B");
    assertThat(pick.filters())
        .containsExactly(
            new Filter.In(
                ColumnRef.of("loan.status"), List.of(Value.text("A"), Value.text("B")), false));
  }

  @Test
  void aLetterThatIsNoCodeOfTheColumnIsNotReadAndNotIgnored() {
    assertThat(read("How many loans have a status of X?"))
        .isNotInstanceOf(Reading.Understood.class);
    // a code letter away from its column is not set aside as a word without data meaning
    assertThat(read("how many loans in D and how many in C"))
        .isNotInstanceOf(Reading.Understood.class);
  }

  @Test
  void countingRowsThatAreInACodeCountsTheRowsNotTheCodes() {
    Pick pick = understood(ReaderFixture.reader(), "how many loans are in status B or D");
    assertThat(pick.filters())
        .containsExactly(
            new Filter.In(
                ColumnRef.of("loan.status"), List.of(Value.text("B"), Value.text("D")), false));
    assertThat(pick.measures().get(0).toString()).doesNotContain("COUNT_DISTINCT");
  }

  private static Reading read(String q) {
    return ReaderFixture.reader().read(q, "", List.of());
  }
}
