package io.assay.web.recon;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.recon.ReconDescription;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** How the schema page writes stored values: an empty one is named, a long list cut with "…". */
class ReconPageValuesTest {
  private final ReconPage page =
      new ReconPage(null, "", List.of(), List.of(), List.of(), List.of(), Map.of());

  @Test
  void anEmptyStoredValueIsNamedNotLeftAsAGap() {
    ReconDescription.IndexedColumn purpose =
        new ReconDescription.IndexedColumn("payment.purpose", 3, List.of("", "RENT", "TAX"));

    assertThat(page.preview(purpose, 120)).isEqualTo("(empty), RENT, TAX");
    assertThat(page.shown("")).isEqualTo("(empty)");
    assertThat(page.shown("RENT")).isEqualTo("RENT");
  }

  @Test
  void aLongListIsCutToTheGivenLengthWithAnEllipsis() {
    ReconDescription.IndexedColumn towns =
        new ReconDescription.IndexedColumn(
            "place.town", 4, List.of("Alderford", "Brookmere", "Castlewick", "Dunmoor"));

    String preview = page.preview(towns, 25);
    assertThat(preview).hasSize(25).endsWith("…").startsWith("Alderford, Brookmere");
    assertThat(page.preview(towns, 200)).isEqualTo("Alderford, Brookmere, Castlewick, Dunmoor");
  }
}
