package io.assay.report.words;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A label's first letter where a sentence puts it, and the analyses named by their own display
 * names: the one place reports, pages and alerts take both from.
 */
class LabelsTest {
  private final Labels labels =
      Labels.of(
              Map.of(
                  "district.a3", "Region",
                  "withdrawal_amount", "Withdrawal amount",
                  "trans.amount_czk", "CZK amount",
                  "account.id", "ID of the account"))
          .withAnalyses(Map.of("drill_down", "Drill-down", "trend_anomaly", "Trend anomaly"));

  @Test
  void aLabelInsideASentenceIsLoweredUnlessItStartsWithAnAcronymOrACode() {
    assertThat(Labels.midSentence("District name")).isEqualTo("district name");
    assertThat(Labels.midSentence("Withdrawal amount")).isEqualTo("withdrawal amount");
    // All capitals, capitals or digits inside the first word: an acronym, a code, a name.
    assertThat(Labels.midSentence("CZK amount")).isEqualTo("CZK amount");
    assertThat(Labels.midSentence("ID of the account")).isEqualTo("ID of the account");
    assertThat(Labels.midSentence("A2")).isEqualTo("A2");
    assertThat(Labels.midSentence("VYBER KARTOU")).isEqualTo("VYBER KARTOU");
    assertThat(Labels.midSentence("McKinley county")).isEqualTo("McKinley county");
    assertThat(Labels.midSentence("A class")).isEqualTo("A class");
    // Already lower, or not a word.
    assertThat(Labels.midSentence("region")).isEqualTo("region");
    assertThat(Labels.midSentence("1997 total")).isEqualTo("1997 total");
    assertThat(Labels.sentenceStart("region")).isEqualTo("Region");
  }

  @Test
  void aWordIsInsideASentenceWhenTextThatEndsNoSentencePrecedesIt() {
    assertThat(Labels.midSentenceAfter("")).isFalse();
    assertThat(Labels.midSentenceAfter("It rose. ")).isFalse();
    assertThat(Labels.midSentenceAfter("Over 48 periods, ")).isTrue();
    assertThat(Labels.midSentenceAfter("Path taken: ")).isTrue();
  }

  @Test
  void labelsAreKnownInAnyCaseAndWithTheRawNameTheyStandFor() {
    assertThat(labels.isLabel("region")).isTrue();
    assertThat(labels.isLabel("Withdrawal amount")).isTrue();
    assertThat(labels.isLabel("region (district.a3)")).isTrue();
    assertThat(labels.isLabel("Prague")).isFalse();
    assertThat(labels.isLabel("region (loan.x)")).isFalse();
  }

  @Test
  void analysesAreNamedByTheirOwnDisplayNamesAndUnknownOnesByTheirWords() {
    assertThat(labels.analysis("drill_down")).isEqualTo("Drill-down");
    assertThat(labels.analysis("old_analysis")).isEqualTo("Old analysis");
    assertThat(labels.knows("trend_anomaly")).isTrue();
    assertThat(labels.analysisIds()).containsExactlyInAnyOrder("drill_down", "trend_anomaly");
    // A report's texts that quote an analysis's id read its name, lowered inside a sentence.
    RawNames names = new RawNames(labels, Set.of("drill_down", "withdrawal_amount"));
    assertThat(names.relabel("Try a finer grain, or drill_down if withdrawal_amount moved."))
        .isEqualTo("Try a finer grain, or drill-down if withdrawal amount moved.");
  }

  @Test
  void aStatementsLabelTakesTheCaseItsPlaceNeedsAndAValueKeepsItsOwn() {
    RawNames names = new RawNames(labels, Set.of("district.a3", "withdrawal_amount"));
    assertThat(names.label("region (district.a3)", false)).isEqualTo("Region");
    assertThat(names.label("Withdrawal amount", true)).isEqualTo("withdrawal amount");
    assertThat(names.label("withdrawal_amount", true)).isEqualTo("withdrawal amount");
    assertThat(names.label("withdrawal_amount", false)).isEqualTo("Withdrawal amount");
    assertThat(names.label("Prague", true)).isEqualTo("Prague");
    assertThat(names.label("north Moravia", false)).isEqualTo("north Moravia");
  }
}
