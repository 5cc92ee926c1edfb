package io.assay.understand.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.Pick;
import io.assay.understand.ReaderFixture;
import org.junit.jupiter.api.Test;

/** "the names of the customers": what names rows that have no column called so. Own phrasings. */
class ListingNamesTest {

  @Test
  void theNamesOfRowsWithNoNameColumnAreTheirLabel() {
    Pick p =
        ReaderFixture.understood(
            ReaderFixture.pagilaOrSkip(), "list the names of customers who rented over 35 times");
    // listed as the groups the count condition applies to
    assertThat(p.toString()).contains("customer.first_name").contains("customer.last_name");
    assertThat(p.toString()).doesNotContain("category").doesNotContain("language");
  }

  @Test
  void theNamesOfRowsWithANameColumnAreThatColumn() {
    Pick p = ReaderFixture.understood(ReaderFixture.pagilaOrSkip(), "list the names of languages");
    assertThat(p.select().toString()).contains("language.name");
  }
}
