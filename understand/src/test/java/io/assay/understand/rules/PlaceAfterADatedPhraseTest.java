package io.assay.understand.rules;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A place right after the date of other rows than those asked about. Own phrasings. */
class PlaceAfterADatedPhraseTest {

  @Test
  void aPlaceTheAskedRowsReachWithoutTheDatedRowsIsNotGuessed() {
    Draft d =
        Drafts.after(
            PlaceAfterADatedPhrase.class,
            "list the clients holding accounts opened in 1996 in Kolin");
    assertThat(d.problems.toString()).contains("Kolin").contains("account");
  }

  @Test
  void aPlaceReachedThroughTheDatedRowsIsTheirs() {
    Draft loans =
        Drafts.after(
            PlaceAfterADatedPhrase.class, "count the loans of accounts opened in 1996 in Kolin");
    assertThat(loans.problems).isEmpty();
    Draft accounts =
        Drafts.after(PlaceAfterADatedPhrase.class, "count the accounts opened in 1996 in Kolin");
    assertThat(accounts.problems).isEmpty();
  }
}
