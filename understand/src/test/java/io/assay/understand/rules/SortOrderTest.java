package io.assay.understand.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.Direction;
import io.assay.pick.Order;
import org.junit.jupiter.api.Test;

/**
 * {@link SortOrder}: words that say how to sort a measure's groups. Phrasings written for this
 * test; none is an evaluation question.
 */
class SortOrderTest {

  @Test
  void theGroupsAreSortedByTheirMeasure() {
    Draft d = Drafts.after(Leftovers.class, "sum of order amounts per bank in decreasing order");
    assertThat(d.problems).isEmpty();
    assertThat(d.rankedListOrder).isInstanceOf(Order.ByMeasure.class);
    assertThat(((Order.ByMeasure) d.rankedListOrder).direction()).isEqualTo(Direction.DESC);
    assertThat(d.listingLimit).isNull();
    Draft asc = Drafts.after(Leftovers.class, "number of clients per region, fewest first");
    assertThat(((Order.ByMeasure) asc.rankedListOrder).direction()).isEqualTo(Direction.ASC);
  }

  @Test
  void theWordSortedGoesWithItAndNoPhraseTakesOrder() {
    // "order" is also a table of this dataset: it must not become a dimension
    Draft d = Drafts.after(Leftovers.class, "loan count by region sorted from highest to lowest");
    assertThat(d.problems).isEmpty();
    assertThat(d.groupBy).hasSize(1);
    assertThat(d.groupBy.toString()).doesNotContain("order");
  }

  @Test
  void aListOfRowsIsNotSortedByAGuess() {
    assertThat(Drafts.after(Leftovers.class, "list the clients in ascending order").problems)
        .isNotEmpty();
  }
}
