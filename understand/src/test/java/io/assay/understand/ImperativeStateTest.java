package io.assay.understand;

import static io.assay.understand.ReaderFixture.understood;
import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.ColumnRef;
import io.assay.pick.Measure;
import io.assay.pick.Pick;
import io.assay.pick.Projection;
import org.junit.jupiter.api.Test;

/** "State …" opening a question asks for what follows, as "list" or "give" would. */
class ImperativeStateTest {

  @Test
  void stateOpeningAQuestionAsksForWhatFollows() {
    Pick accounts = understood(ReaderFixture.reader(), "State the accounts opened in 1994.");
    assertThat(accounts.select())
        .containsExactly(new Projection.Column(ColumnRef.of("account.account_id"), null));
    Pick gender =
        understood(ReaderFixture.reader(), "State the gender of the client with the highest loan.");
    assertThat(gender.select())
        .containsExactly(new Projection.Column(ColumnRef.of("client.gender"), null));
    Pick count = understood(ReaderFixture.reader(), "State the number of loans in 1997.");
    assertThat(count.measures()).containsExactly(Measure.metric("loan_count"));
  }

  @Test
  void aDatasetThatNamesStateStillReadsTheImperativeBeforeAnArticle() {
    // Pagila reads "state" as an address's district; opening a question before an article it is
    // still the request, and elsewhere the data's word
    Pick titles = understood(ReaderFixture.pagilaOrSkip(), "State the titles of films rated PG");
    assertThat(titles.select())
        .containsExactly(new Projection.Column(ColumnRef.of("film.title"), null));
    Pick perState =
        understood(ReaderFixture.pagilaOrSkip(), "which state has the fewest customers");
    assertThat(perState.groupBy()).containsExactly(ColumnRef.of("address.district"));
  }
}
