package io.assay.understand.rules;

import static io.assay.understand.ReaderFixture.understood;
import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.ColumnRef;
import io.assay.pick.Comparison;
import io.assay.pick.Filter;
import io.assay.pick.Pick;
import io.assay.pick.Value;
import io.assay.understand.ReaderFixture;
import io.assay.understand.Reading;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Two words for one column not joined by "or"/"and" narrow each other; values of different columns
 * joined by "or" are not read as both holding. Own phrasings.
 */
class NarrowingValuesTest {

  @Test
  void aSecondWordNarrowsAWordNamingSeveralCodes() {
    // "running" names two statuses, "in debt" one of them
    Pick pick = understood(ReaderFixture.reader(), "total amount of running loans in debt");
    assertThat(pick.filters())
        .containsExactly(
            new Filter.Compare(ColumnRef.of("loan.status"), Comparison.EQ, Value.text("D")));
  }

  @Test
  void wordsWithNoCodeInCommonAreNotUnited() {
    assertThat(read("count running loans with no problems"))
        .isNotInstanceOf(Reading.Understood.class);
  }

  @Test
  void eitherOfTwoColumnsIsNotReadAsBoth() {
    // a region, then districts, in one list joined by "or"
    assertThat(read("clients in Prague, Pisek or Sokolov"))
        .isNotInstanceOf(Reading.Understood.class);
    assertThat(read("accounts in north Moravia or Pisek"))
        .isNotInstanceOf(Reading.Understood.class);
    Pick same = understood(ReaderFixture.reader(), "clients in Pisek, Tabor or Sokolov");
    assertThat(same.filters()).hasSize(1).first().isInstanceOf(Filter.In.class);
  }

  @Test
  void aColumnNameSeveralTablesShareIsCheckedAgainstTheRowsAskedAbout() {
    // only an actor is stored under that name; the customers' first names are not indexed
    assertThat(
            ReaderFixture.pagilaOrSkip()
                .read("Which customers have the first name Penelope?", "", List.of()))
        .isNotInstanceOf(Reading.Understood.class);
    Pick actors = understood(ReaderFixture.pagilaOrSkip(), "actors whose last name is Guiness");
    assertThat(actors.filters())
        .containsExactly(
            new Filter.Compare(
                ColumnRef.of("actor.last_name"), Comparison.EQ, Value.text("GUINESS")));
  }

  private static Reading read(String q) {
    return ReaderFixture.reader().read(q, "", List.of());
  }
}
