package io.assay.report.words;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Raw names in an analysis's own texts, as the job page shows them. */
class RawNamesTest {
  private final RawNames names =
      new RawNames(
          Labels.of(
              Map.of(
                  "district.a3", "Region",
                  "card_withdrawal_amount", "Card withdrawal amount",
                  "trans.k_symbol", "Payment purpose")),
          Set.of("district.a3", "card_withdrawal_amount", "trans.k_symbol"));

  @Test
  void columnsAndMetricsTheDatasetHoldsReadAsTheirLabels() {
    assertThat(names.relabel("district.a3 = 'south Moravia' explains 61% of the drop"))
        .isEqualTo("Region = 'south Moravia' explains 61% of the drop");
    assertThat(names.relabel("The drop in card_withdrawal_amount is split by trans.k_symbol."))
        .isEqualTo("The drop in card withdrawal amount is split by payment purpose.");
  }

  @Test
  void quotedValuesUnknownNamesAndAbbreviationsStayAsWritten() {
    assertThat(names.relabel("value 'card_withdrawal_amount' of history_periods, e.g. loan.x"))
        .isEqualTo("value 'card_withdrawal_amount' of history_periods, e.g. loan.x");
    assertThat(RawNames.NONE.relabel("district.a3 moved")).isEqualTo("district.a3 moved");
    assertThat(names.relabel(null)).isNull();
  }

  @Test
  void aReportRelabelsTheNamesItFrozeLabelsForAndFindsThemInQuotedTexts() {
    Labels labels = Labels.of(Map.of("district.a3", "Region", "trans.k_symbol", "Payment purpose"));
    assertThat(RawNames.in("across district.a3, trans.k_symbol and 'district.a3'; loan.x", labels))
        .containsExactly("district.a3", "trans.k_symbol");
    assertThat(RawNames.of(Map.of("district.a3", "Region")).relabel("across district.a3"))
        .isEqualTo("across region");
  }

  @Test
  void aCodedColumnAQueryNamesBareReadsAsItsLabel() {
    Labels labels = Labels.of(Map.of("a3", "Region", "card_withdrawal_amount", "Card withdrawal"));
    assertThat(RawNames.in("8 row(s) of a3, card_withdrawal_amount; ba18 and 'a3'", labels))
        .containsExactly("a3", "card_withdrawal_amount");
    assertThat(RawNames.of(Map.of("a3", "Region")).relabel("8 row(s) of a3, amount"))
        .isEqualTo("8 row(s) of region, amount");
  }

  @Test
  void aNameFollowedByItsOwnLabelInParenthesesIsSaidOnce() {
    assertThat(names.relabel("Share of the change by payment purpose (trans.k_symbol)"))
        .isEqualTo("Share of the change by payment purpose");
    assertThat(names.relabel("region (district.a3) Praha explains 24% of it"))
        .isEqualTo("region Praha explains 24% of it");
    // Different words in the parentheses stay.
    assertThat(names.relabel("region (south) and card_withdrawal_amount (in CZK)"))
        .isEqualTo("region (south) and card withdrawal amount (in CZK)");
  }
}
