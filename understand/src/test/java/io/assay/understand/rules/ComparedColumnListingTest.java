package io.assay.understand.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.understand.ReaderFixture;
import io.assay.understand.Reading;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link ListingSelection}: a column a comparison filters is the condition on the rows, not what a
 * listing shows; a phrase that names no table to list instead is not answered.
 */
class ComparedColumnListingTest {

  @Test
  void aComparedColumnIsNotListed() {
    for (String q :
        List.of(
            "which loans have a duration of more than 36 months?",
            "list loans with a duration above 24 months")) {
      Reading r = ReaderFixture.reader().read(q, "", List.of());
      assertThat(r).as(q).isInstanceOf(Reading.Abstained.class);
    }
  }
}
