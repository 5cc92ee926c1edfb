package io.assay.understand.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.understand.ReaderFixture;
import io.assay.understand.Reading;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Phrasings written for this test; none is an evaluation question. */
class RunningTotalsTest {

  private static Reading read(String q) {
    return ReaderFixture.reader().read(q, "", List.of());
  }

  @Test
  void aTotalOfARunningBalanceIsNotAnswered() {
    for (String q :
        List.of(
            "total balance of all accounts",
            "What is the sum of the balance of account 2000 in 1997?",
            "how much balance do the accounts in Sokolov hold in total",
            "growth of the balance of account 2000 from 1996 to 1997")) {
      Reading r = read(q);
      assertThat(r).as(q).isNotInstanceOf(Reading.Understood.class);
      assertThat(r.toString()).as(q).contains("running figure");
    }
  }

  @Test
  void anAverageOrAnExtremeOfItStaysReadable() {
    assertThat(read("average balance after transactions in March 1997"))
        .isInstanceOf(Reading.Understood.class);
    assertThat(read("the highest balance of account 2000")).isInstanceOf(Reading.Understood.class);
    assertThat(read("total amount of transactions in 1997")).isInstanceOf(Reading.Understood.class);
  }
}
