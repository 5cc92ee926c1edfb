package io.assay.web.recon;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.recon.ReconDescription;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * How the schema page writes stored values: an empty one is named, a long preview cut with "…", a
 * long list of names listed in part and searched.
 */
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

  @Test
  void aListOfNamesIsSearchedNotListedWhole() {
    List<String> titles =
        java.util.stream.IntStream.range(0, 1000).mapToObj(i -> "TITLE " + i).toList();
    ReconDescription.IndexedColumn column =
        new ReconDescription.IndexedColumn("item.title", titles.size(), titles);

    assertThat(page.listed(column)).hasSize(ReconPage.LISTED);
    assertThat(page.unlisted(column)).isEqualTo(1000 - ReconPage.LISTED);
    ReconPage searched =
        new ReconPage(null, "title 99", List.of(), List.of(), List.of(), List.of(), Map.of());
    assertThat(searched.listed(column)).contains("TITLE 99", "TITLE 990").hasSize(11);
    assertThat(searched.unlisted(column)).isZero();
  }
}
