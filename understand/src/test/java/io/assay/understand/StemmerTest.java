package io.assay.understand;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class StemmerTest {

  @Test
  void inflectionsMeetButAnAgentNounIsNotItsVerb() {
    assertThat(Stemmer.stem("crimes")).isEqualTo(Stemmer.stem("crime"));
    assertThat(Stemmer.stem("transferred")).isEqualTo(Stemmer.stem("transfer"));
    assertThat(Stemmer.stem("ordered")).isEqualTo(Stemmer.stem("order"));
    assertThat(Stemmer.stem("holders")).isNotEqualTo(Stemmer.stem("holds"));
    assertThat(Stemmer.stem("borrower")).isNotEqualTo(Stemmer.stem("borrow"));
  }
}
