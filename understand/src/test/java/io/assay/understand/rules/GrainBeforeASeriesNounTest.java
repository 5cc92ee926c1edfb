package io.assay.understand.rules;

import static io.assay.understand.ReaderFixture.understood;
import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.Pick;
import io.assay.pick.TimeGrain;
import io.assay.understand.ReaderFixture;
import org.junit.jupiter.api.Test;

/**
 * "the monthly trend of card withdrawals": a grain word before a noun for a series is the grain,
 * although "monthly" is also a word for the monthly statement (it was read as that filter, a silent
 * wrong answer). Own phrasings.
 */
class GrainBeforeASeriesNounTest {

  @Test
  void aGrainWordBeforeASeriesNounIsTheGrain() {
    Pick p =
        understood(ReaderFixture.reader(), "what is the monthly trend of card withdrawals in 1997");
    assertThat(p.grain()).isEqualTo(TimeGrain.MONTH);
    assertThat(p.filters().toString()).doesNotContain("account.frequency");
  }

  @Test
  void theStatementWordsStillNameTheFrequency() {
    Pick p = understood(ReaderFixture.reader(), "how many accounts have a weekly statement");
    assertThat(p.grain()).isNull();
    assertThat(p.filters().toString()).contains("account.frequency");
  }
}
