package io.assay.understand.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.ColumnRef;
import io.assay.pick.Direction;
import io.assay.pick.Order;
import io.assay.pick.Pick;
import io.assay.understand.QuestionReader;
import io.assay.understand.ReaderFixture;
import io.assay.understand.Reading;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Phrasings written for this test; none is an evaluation question. */
class MeasuredSuperlativeTest {

  private static Order.ByColumn order(Pick p) {
    assertThat(p.orderBy()).hasSize(1);
    return (Order.ByColumn) p.orderBy().get(0);
  }

  @Test
  void theAdjectivesAttributeNamesTheColumnRanked() {
    QuestionReader pagila = ReaderFixture.pagilaOrSkip();
    Pick five = ReaderFixture.understood(pagila, "the 5 longest films");
    assertThat(order(five).direction()).isEqualTo(Direction.DESC);
    assertThat(order(five).column().column()).isEqualTo("length");
    assertThat(five.limit()).isEqualTo(5);

    Pick comedies = ReaderFixture.understood(pagila, "list the three shortest comedy films");
    assertThat(order(comedies).direction()).isEqualTo(Direction.ASC);
    assertThat(comedies.limit()).isEqualTo(3);
    assertThat(comedies.filters()).isNotEmpty();

    Pick which = ReaderFixture.understood(pagila, "which film is the longest");
    assertThat(order(which).column().column()).isEqualTo("length");

    // on the other dataset the same word finds a duration, through WordNet's first attribute
    Pick loan = ReaderFixture.understood(ReaderFixture.reader(), "which loan is the longest");
    assertThat(order(loan))
        .isEqualTo(new Order.ByColumn(ColumnRef.of("loan.duration"), Direction.DESC));
  }

  @Test
  void withoutSuchAColumnNothingIsRankedByTheAmount() {
    for (String q : List.of("Which customer has the longest rental?", "the shortest payment")) {
      assertThat(ReaderFixture.pagilaOrSkip().read(q, "", List.of()))
          .as(q)
          .isNotInstanceOf(Reading.Understood.class);
    }
    assertThat(ReaderFixture.reader().read("the longest client", "", List.of()))
        .isNotInstanceOf(Reading.Understood.class);
  }

  @Test
  void aNumberBeforeTheAdjectiveKeepsThatManyOfTheRowsListed() {
    Pick p =
        ReaderFixture.understood(
            ReaderFixture.pagilaOrSkip(), "show the titles of the 3 shortest films rated G");
    assertThat(order(p).direction()).isEqualTo(Direction.ASC);
    assertThat(p.limit()).isEqualTo(3);
    assertThat(p.select().toString()).contains("film.title");
  }
}
