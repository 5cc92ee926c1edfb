package io.assay.understand.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.ColumnRef;
import io.assay.pick.Pick;
import io.assay.pick.Projection;
import io.assay.understand.ReaderFixture;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link ListingSelection}: a column a comparison filters is the condition on the rows, not what a
 * listing shows: the rows named before the having-word are listed.
 */
class ComparedColumnListingTest {

  @Test
  void aComparedColumnIsNotListed() {
    for (String q :
        List.of(
            "which loans have a duration of more than 36 months?",
            "list loans with a duration above 24 months")) {
      Pick p = ReaderFixture.understood(ReaderFixture.reader(), q);
      assertThat(p.select())
          .as(q)
          .containsExactly(new Projection.Column(ColumnRef.of("loan.loan_id"), null));
      assertThat(p.filters()).as(q).hasSize(1);
    }
  }
}
