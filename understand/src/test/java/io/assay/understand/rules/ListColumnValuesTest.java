package io.assay.understand.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.ColumnRef;
import io.assay.pick.Filter;
import io.assay.pick.Pick;
import io.assay.pick.Value;
import io.assay.understand.ReaderFixture;
import org.junit.jupiter.api.Test;

/**
 * A column holding a list of values per row (a PostgreSQL text array): its elements are stored
 * values, and naming one keeps the rows whose list holds it. Phrasings written for this test.
 */
class ListColumnValuesTest {

  private static final ColumnRef FEATURES = ColumnRef.of("film.special_features");

  @Test
  void anElementNamedKeepsTheRowsWhoseListHoldsIt() {
    Pick p =
        ReaderFixture.understood(ReaderFixture.pagilaOrSkip(), "how many films include trailers");
    assertThat(p.filters())
        .containsExactly(new Filter.Contains(FEATURES, Value.text("Trailers"), false));
  }

  @Test
  void aNegatedElementKeepsTheRowsWithoutIt() {
    Pick p =
        ReaderFixture.understood(
            ReaderFixture.pagilaOrSkip(), "list the films that are not sold with commentaries");
    assertThat(p.filters())
        .containsExactly(new Filter.Contains(FEATURES, Value.text("Commentaries"), true));
  }
}
