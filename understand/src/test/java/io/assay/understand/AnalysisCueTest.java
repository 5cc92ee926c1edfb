package io.assay.understand;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.assay.analyses.AnalysisRegistry;
import java.util.List;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class AnalysisCueTest {

  @Test
  void theCuesAreThoseTheInstalledAnalysesDeclareInTheirOrder() {
    assertThat(AnalysisCue.values())
        .containsExactly(
            AnalysisCue.TREND,
            AnalysisCue.ANOMALY,
            AnalysisCue.DRILL_DOWN,
            AnalysisCue.COMPARE,
            AnalysisCue.FORECAST,
            AnalysisCue.OUTLIERS,
            AnalysisCue.CORRELATE);
    for (AnalysisCue c : AnalysisCue.values()) {
      assertThat(AnalysisRegistry.discover().find(c.analysis())).as(c.name()).isPresent();
      assertThat(c.means()).isNotBlank();
    }
    assertThat(AnalysisCue.ANOMALY.analysis()).isEqualTo("trend_anomaly");
    assertThat(AnalysisCue.TREND.analysis()).isEqualTo("trend_anomaly");
    assertThat(AnalysisCue.DRILL_DOWN.phrases()).contains("drill down", "root cause", "why");
  }

  @Test
  void aSetOfCuesIteratesInDeclarationOrderAsTheEnumSetDid() {
    TreeSet<AnalysisCue> cues = new TreeSet<>(List.of(AnalysisCue.CORRELATE, AnalysisCue.TREND));
    cues.add(AnalysisCue.DRILL_DOWN);
    assertThat(cues)
        .containsExactly(AnalysisCue.TREND, AnalysisCue.DRILL_DOWN, AnalysisCue.CORRELATE);
    assertThat(AnalysisCue.named("DRILL_DOWN")).isSameAs(AnalysisCue.DRILL_DOWN);
    assertThat(AnalysisCue.DRILL_DOWN).hasToString("DRILL_DOWN");
  }

  @Test
  void aCueNoInstalledAnalysisDeclaresIsRefusedByName() {
    assertThatThrownBy(() -> AnalysisCue.named("SEASONALITY"))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("SEASONALITY");
  }

  @Test
  void everyWordOfTheAnalysesCuePhrasesIsACueWordOfTheReader() {
    for (AnalysisCue c : AnalysisCue.values()) {
      for (String phrase : c.phrases()) {
        for (String word : phrase.split(" ")) {
          assertThat(Words.isCueWord(word)).as(c.name() + ": " + word).isTrue();
        }
      }
    }
  }
}
