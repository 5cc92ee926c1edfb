package io.assay.understand.rules;

import static io.assay.understand.ReaderFixture.pagilaOrSkip;
import static io.assay.understand.ReaderFixture.understood;
import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.Comparison;
import io.assay.pick.Having;
import io.assay.pick.Pick;
import io.assay.pick.Value;
import io.assay.understand.Reading;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * "customers who paid" is one phrase of the dataset (a distinct count); before "more than N times"
 * it names the customers listed and the payments counted for each. Phrasings written for this test,
 * with look-alikes that must not be answered.
 */
class DistinctOccasionsTest {

  private static Pick pick(String question) {
    return understood(pagilaOrSkip(), question);
  }

  @Test
  void theEntityIsListedAndItsEventRowsCounted() {
    Pick paid = pick("Which customers paid more than 35 times?");
    assertThat(paid.groupBy().toString()).contains("customer.");
    assertThat(paid.having())
        .containsExactly(Having.on("payment_count", Comparison.GT, Value.number(35)));
    Pick rented = pick("Which customers have rented at least 45 times?");
    assertThat(rented.having())
        .containsExactly(Having.on("rental_count", Comparison.GE, Value.number(45)));
  }

  @Test
  void aCountOfOtherRowsOrOfTheEntitiesIsNotGuessed() {
    // films, not times: the films each customer rented are counted, as for "list customers who …"
    Pick films = pick("Which customers have rented more than 30 films?");
    assertThat(films.having())
        .containsExactly(Having.on("film_count", Comparison.GT, Value.number(30)));
    assertThat(films.groupBy().toString()).contains("customer.");
    // how many such customers: each customer kept by how many payments it has
    Reading paid =
        pagilaOrSkip().read("How many customers paid more than 35 times?", "", List.of());
    assertThat(paid).isInstanceOf(Reading.Understood.class);
    assertThat(((Reading.Understood) paid).pick().filters())
        .containsExactly(
            new io.assay.pick.Filter.RelatedCount("payment", List.of(), Comparison.GT, 35));
  }
}
