package io.assay.understand.rules;

import static io.assay.understand.ReaderFixture.pagilaOrSkip;
import static io.assay.understand.ReaderFixture.understood;
import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.Aggregation;
import io.assay.pick.ColumnRef;
import io.assay.pick.Comparison;
import io.assay.pick.Direction;
import io.assay.pick.Filter;
import io.assay.pick.Measure;
import io.assay.pick.Order;
import io.assay.pick.Pick;
import io.assay.pick.Value;
import io.assay.understand.ReaderFixture;
import io.assay.understand.Reading;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Rankings by a count with values or a counting word between the ranking word and the rows counted,
 * and rows of a linking table counted. Phrasings written for this test, with look-alikes that must
 * not be answered.
 */
class CountedRowsTest {

  @Test
  void aValuesPhraseEndingInTheRowsNounCountsThoseRows() {
    Pick p = understood(pagilaOrSkip(), "which actor played in the most Drama films?");
    assertThat(p.filters().toString()).contains("Drama");
    assertThat(p.groupBy()).contains(ColumnRef.of("actor.first_name"));
    assertThat(p.orderBy())
        .containsExactly(new Order.ByMeasure("film_count", null, Direction.DESC));
    assertThat(p.limit()).isEqualTo(1);
  }

  @Test
  void valuesBetweenTheRankingWordAndTheRowsFilterTheCountedRows() {
    Pick p =
        understood(ReaderFixture.reader(), "Which district has the most classic card holders?");
    assertThat(p.filters())
        .contains(
            new Filter.Compare(ColumnRef.of("card.type"), Comparison.EQ, Value.text("classic")));
    assertThat(p.groupBy()).containsExactly(ColumnRef.of("district.a2"));
    assertThat(p.orderBy())
        .containsExactly(new Order.ByMeasure("client_count", null, Direction.DESC));
    assertThat(p.limit()).isEqualTo(1);
    Pick least =
        understood(
            ReaderFixture.reader(),
            "which region is home to the smallest number of gold card holders?");
    assertThat(least.groupBy()).containsExactly(ColumnRef.of("district.a3"));
    assertThat(least.orderBy())
        .containsExactly(new Order.ByMeasure("client_count", null, Direction.ASC));
  }

  @Test
  void onPagilaTheSameWordsCountTheFilteredRows() {
    Pick p = understood(pagilaOrSkip(), "Which category has the largest number of PG-13 films?");
    assertThat(p.filters().toString()).contains("film.rating");
    assertThat(p.orderBy())
        .containsExactly(new Order.ByMeasure("film_count", null, Direction.DESC));
  }

  @Test
  void aLinkingTableIsCountedByItsRows() {
    Pick p =
        understood(pagilaOrSkip(), "Which 4 actors have the biggest number of film appearances?");
    assertThat(p.measures())
        .containsExactly(
            new Measure.Aggregate(
                Aggregation.COUNT,
                ColumnRef.of("film_actor.actor_id"),
                List.of(),
                "film_actor_count"));
    assertThat(p.limit()).isEqualTo(4);
    Pick by = understood(pagilaOrSkip(), "list the top 3 actors by number of roles");
    assertThat(by.orderBy())
        .containsExactly(new Order.ByMeasure("film_actor_count", null, Direction.DESC));
    assertThat(by.limit()).isEqualTo(3);
  }

  @Test
  void withoutACountOrRowsTheWordsAreNotGuessed() {
    // a size word on a value alone names no count and no column
    assertThat(
            ReaderFixture.reader().read("Which district has the largest gold card?", "", List.of()))
        .isNotInstanceOf(Reading.Understood.class);
    // nothing counted after the counting word
    assertThat(pagilaOrSkip().read("top 3 actors by number of", "", List.of()))
        .isNotInstanceOf(Reading.Understood.class);
  }
}
