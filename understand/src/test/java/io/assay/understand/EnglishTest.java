package io.assay.understand;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.understand.English.PartOfSpeech;
import org.junit.jupiter.api.Test;

/** WordNet through extjwnl: parts of speech, classes and synonyms of ordinary words. */
class EnglishTest {

  private final English english = English.shared();

  @Test
  void tellsVerbsOfAskingFromNouns() {
    assertThat(english.lookup("placed").dominant()).isEqualTo(PartOfSpeech.VERB);
    assertThat(english.lookup("fetch").dominant()).isEqualTo(PartOfSpeech.VERB);
    assertThat(english.lookup("residents").dominant()).isEqualTo(PartOfSpeech.NOUN);
    assertThat(english.lookup("residents").lemmas()).contains("resident");
  }

  @Test
  void knowsWordsThatNameOperations() {
    assertThat(english.lookup("ratio").classes()).contains("noun.relation");
    assertThat(english.lookup("grew").classes()).contains("verb.change");
    assertThat(english.lookup("looks").classes()).doesNotContain("verb.change", "noun.quantity");
  }

  @Test
  void namesAndSlipsAreUnknown() {
    assertThat(english.lookup("sokolov").known()).isFalse();
    assertThat(english.lookup("distrcts").known()).isFalse();
    assertThat(english.lookup("42").known()).isFalse();
  }

  @Test
  void tellsNamedPlacesFromKindsOfThings() {
    assertThat(english.lookup("london").named()).isTrue();
    assertThat(english.lookup("london").place()).isTrue();
    assertThat(english.lookup("Texas").place()).isTrue();
    // a kind of place, a month and a word that is also a first name are not named places
    assertThat(english.lookup("city").named()).isFalse();
    assertThat(english.lookup("june").place()).isFalse();
    assertThat(english.lookup("mark").named()).isFalse();
  }

  @Test
  void offersSynonymsOfCommonSenses() {
    assertThat(english.lookup("customers").synonyms()).contains("client");
    assertThat(english.lookup("often").synonyms()).contains("frequently");
  }

  @Test
  void mendsOneSlipOnAnEnglishWordWhenOneWordIsClearlyMeant() {
    assertThat(english.correction("recieve")).isEqualTo("receive");
    assertThat(english.correction("avrage")).isEqualTo("average");
    assertThat(english.correction("seperate")).isEqualTo("separate");
    // a known word, a short word and a name nothing is clearly meant by stay as written
    assertThat(english.correction("issue")).isNull();
    assertThat(english.correction("smth")).isNull();
    assertThat(english.correction("qzxv")).isNull();
  }

  @Test
  void namesTheActOfAVerbNotThePersonDoingIt() {
    assertThat(english.lookup("rented").events()).contains("rental").doesNotContain("renter");
    assertThat(english.lookup("paid").events()).contains("payment").doesNotContain("payer");
    assertThat(english.lookup("spent").events()).contains("spending");
    assertThat(english.lookup("residents").events()).isEmpty();
  }
}
