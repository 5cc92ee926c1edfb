package io.assay.understand.rules;

import static io.assay.understand.ReaderFixture.pagilaOrSkip;
import static io.assay.understand.ReaderFixture.understood;
import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.ColumnRef;
import io.assay.pick.Projection;
import io.assay.understand.ReaderFixture;
import io.assay.understand.Reading;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link OwnerPhrase}: a column phrase several tables hold, narrowed by the phrase after "of".
 * Phrasings written for this test; without the "of" phrase the reader still asks.
 */
class OwnerPhraseTest {

  @Test
  void thePhraseAfterOfPicksTheColumn() {
    assertThat(understood(pagilaOrSkip(), "Show the address id of the stores").select())
        .containsExactly(new Projection.Column(ColumnRef.of("store.address_id"), null));
    assertThat(
            understood(
                    ReaderFixture.reader(),
                    "List the district id of the branch for accounts opened in 1993")
                .select())
        .containsExactly(new Projection.Column(ColumnRef.of("account.district_id"), null));
  }

  @Test
  void withoutAnOwnerTheReaderAsks() {
    assertThat(pagilaOrSkip().read("Show the address id", "", List.of()))
        .isInstanceOf(Reading.Ambiguous.class);
    assertThat(
            ReaderFixture.reader()
                .read("For the loan granted on 1997/3/5, what is the district id?", "", List.of()))
        .isInstanceOf(Reading.Ambiguous.class);
  }
}
