package io.assay.understand.model;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.ColumnRef;
import io.assay.recon.Recon;
import io.assay.understand.ReaderFixture;
import io.assay.understand.Scan;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What the model reader sends: closed sets from recon, no data rows. */
class ReaderPromptTest {

  private static String prompt(String question) {
    Scan scan = ReaderFixture.reader().scan(question, "");
    return ReaderPrompt.user(question, "", ClosedSets.of(ReaderFixture.recon(), scan), Map.of());
  }

  @Test
  void thePromptHoldsMetricsCodeValuesAndTheQuestionsWindows() {
    String p = prompt("How did card withdrawals behave month by month in 1996?");
    assertThat(p).contains("- card_withdrawal_amount: ").contains("trans.operation = VYBER KARTOU");
    assertThat(p).contains("- t1: \"").contains("1996-01-01 to 1996-12-31");
    assertThat(p).contains("Allowed grains: day, week, month, quarter, year, none");
  }

  @Test
  void storedValuesAppearOnlyWhenTheQuestionNamesThem() {
    Recon recon = ReaderFixture.recon();
    Scan plain = ReaderFixture.reader().scan("What was the total loan amount in 1997?", "");
    // Without a value named, every filter value offered is a code of the dataset's code lists.
    for (ClosedSets.ValueChoice v : ClosedSets.of(recon, plain).values().values()) {
      assertThat(recon.codes(v.column()))
          .as(v.id())
          .hasValueSatisfying(c -> assertThat(c.code(v.value())).isPresent());
    }
    // A stored value that is no code is offered when the question names it.
    ColumnRef column =
        recon.values().columns().stream()
            .filter(
                c ->
                    recon.codes(c).isEmpty()
                        && recon.values().values(c).stream().anyMatch(ReaderPromptTest::wordy))
            .findFirst()
            .orElse(null);
    if (column != null) {
      List<String> stored = recon.values().values(column);
      String asked = stored.stream().filter(ReaderPromptTest::wordy).findFirst().orElseThrow();
      String with = prompt("What was the total loan amount in " + asked + " in 1997?");
      assertThat(with).contains(column + " = " + asked);
      assertThat(stored.stream().filter(v -> with.contains(column + " = " + v + "\n")).count())
          .isLessThanOrEqualTo(2);
    }
  }

  /** A value written as words, which the value index finds in a sentence. */
  private static boolean wordy(String v) {
    return v.matches("[A-Z][a-z]{5,}");
  }
}
