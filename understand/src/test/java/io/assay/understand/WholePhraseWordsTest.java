package io.assay.understand;

import static io.assay.understand.ReaderFixture.understood;
import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.ColumnRef;
import io.assay.pick.Comparison;
import io.assay.pick.Filter;
import io.assay.pick.Pick;
import io.assay.pick.Value;
import org.junit.jupiter.api.Test;

/**
 * A dataset phrase of one content word among function words ("up to date", "on track") names its
 * value only when written out whole. Own phrasings.
 */
class WholePhraseWordsTest {

  @Test
  void theWholePhraseNamesItsValue() {
    Pick pick = understood(ReaderFixture.reader(), "count the loans that are up to date");
    assertThat(pick.filters())
        .containsExactly(
            new Filter.Compare(ColumnRef.of("loan.status"), Comparison.EQ, Value.text("C")));
  }

  @Test
  void theContentWordAloneDoesNot() {
    // "date" is the word left of "up to date"; here it is the account's date, no loan status
    Pick pick =
        understood(ReaderFixture.reader(), "the latest date on which an account was opened");
    assertThat(pick.filters()).isEmpty();
    assertThat(pick.toString()).doesNotContain("loan");
  }
}
