package io.assay.understand.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.Pick;
import io.assay.understand.ReaderFixture;
import org.junit.jupiter.api.Test;

/** Phrasings written for this test; none is an evaluation question. */
class ColumnBeforeItsValueTest {

  @Test
  void aColumnNamedBeforeItsValueIsTheFiltersColumn() {
    Pick clients =
        ReaderFixture.understood(ReaderFixture.reader(), "list the clients whose gender is female");
    assertThat(clients.filters().toString()).contains("client.gender");
    Pick films = ReaderFixture.understood(ReaderFixture.pagilaOrSkip(), "films whose rating is PG");
    assertThat(films.filters().toString()).contains("film.rating");
  }

  @Test
  void aColumnTheValueDoesNotBelongToStaysUnexplained() {
    // the column named is not the one the value is stored in: not silently dropped
    Draft d = Drafts.after(ColumnBeforeItsValue.class, "list the clients whose district is female");
    assertThat(d.scan.mentions.stream().filter(m -> m.text().equals("district")))
        .allMatch(m -> !d.isUsed(m));
    // a name found only among another table's rows (actors') is not the customers' name
    for (String q :
        java.util.List.of(
            "how many customers have the first name Groucho",
            "customers whose last name is Bacall")) {
      assertThat(ReaderFixture.pagilaOrSkip().read(q, "", java.util.List.of()))
          .as(q)
          .isNotInstanceOf(io.assay.understand.Reading.Understood.class);
    }
  }
}
