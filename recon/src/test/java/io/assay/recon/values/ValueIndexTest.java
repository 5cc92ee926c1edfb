package io.assay.recon.values;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.assay.pick.ColumnRef;
import io.assay.recon.OfflineRecon;
import io.assay.recon.text.TextNormalizer;
import java.util.List;
import org.junit.jupiter.api.Test;

class ValueIndexTest {

  private static final ValueIndex INDEX = OfflineRecon.get().values();

  private static List<String> found(String text) {
    return INDEX.lookup(text).stream().map(m -> m.column() + "=" + m.value()).toList();
  }

  @Test
  void normalisationIgnoresCaseAccentsAndSpacing() {
    assertThat(TextNormalizer.normalize("Hl.m.  Praha")).isEqualTo("hl m praha");
    assertThat(TextNormalizer.normalize("Plzeň - město")).isEqualTo("plzen mesto");
    assertThat(TextNormalizer.normalize("EAST   Bohemia")).isEqualTo("east bohemia");
  }

  @Test
  void multiWordRegionIsMatchedAsOnePhrase() {
    List<ValueMatch> m = INDEX.lookup("How many clients live in east Bohemia?");
    assertThat(m)
        .extracting(ValueMatch::column, ValueMatch::value, ValueMatch::text, ValueMatch::byWord)
        .containsExactly(tuple(ColumnRef.of("district.a3"), "east Bohemia", "east Bohemia", false));
    assertThat(m.get(0).start()).isEqualTo(25);
    assertThat(m.get(0).end()).isEqualTo(37);
  }

  @Test
  void districtNamesMatchWhateverTheSpelling() {
    assertThat(found("female customers who stayed in Sokolov"))
        .contains("district.a2=Sokolov")
        .contains("client.gender=F");
    assertThat(found("accounts in HL.M. PRAHA")).containsExactly("district.a2=Hl.m. Praha");
    assertThat(found("branches in usti nad labem")).containsExactly("district.a2=Usti nad Labem");
    assertThat(found("Plzeň")).containsExactly("district.a2=Plzen - mesto");
  }

  @Test
  void pragueNamesBothTheCityDistrictAndTheRegion() {
    assertThat(found("loans in Prague"))
        .containsExactlyInAnyOrder("district.a2=Hl.m. Praha", "district.a3=Prague");
  }

  @Test
  void codeValuesAreFoundThroughTheirWords() {
    assertThat(found("accounts with weekly statements"))
        .containsExactly("account.frequency=POPLATEK TYDNE");
    assertThat(found("monthly cash withdrawal amount"))
        .containsExactly("account.frequency=POPLATEK MESICNE", "trans.operation=VYBER");
    assertThat(found("credit card withdrawal in 1998"))
        .containsExactly("trans.operation=VYBER KARTOU");
    assertThat(found("loans running in debt")).containsExactly("loan.status=D");
    assertThat(found("clients with a gold card")).containsExactly("card.type=gold");
  }

  @Test
  void storedCodesAreFoundToo() {
    assertThat(found("operation VYBER KARTOU")).containsExactly("trans.operation=VYBER KARTOU");
    assertThat(found("frequency = 'POPLATEK MESICNE'"))
        .containsExactly("account.frequency=POPLATEK MESICNE");
  }

  @Test
  void shortCodesAndCommonWordsDoNotMatchByAccident() {
    // "a" (loan status A), "most" (district Most), "D" must not become filters.
    assertThat(found("the district with the most crimes in a year")).isEmpty();
    assertThat(found("Which accounts are in Most?")).containsExactly("district.a2=Most");
  }

  @Test
  void numbersStoredAsTextAreNotIndexed() {
    assertThat(INDEX.columns()).doesNotContain(ColumnRef.of("district.a4"));
    assertThat(INDEX.columns())
        .contains(ColumnRef.of("district.a2"), ColumnRef.of("trans.k_symbol"));
  }

  @Test
  void closestValuesForASuggestion() {
    assertThat(INDEX.closest(ColumnRef.of("district.a3"), "North bohemia", 3))
        .containsExactly("north Bohemia");
    assertThat(INDEX.closest(ColumnRef.of("district.a2"), "Sokolow", 3)).containsExactly("Sokolov");
  }
}
