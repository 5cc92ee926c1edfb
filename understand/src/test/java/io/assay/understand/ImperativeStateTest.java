package io.assay.understand;

import static io.assay.understand.ReaderFixture.understood;
import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.ColumnRef;
import io.assay.pick.Measure;
import io.assay.pick.Pick;
import io.assay.pick.Projection;
import java.util.List;
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
  void aDatasetThatNamesStateKeepsTheWord() {
    // Pagila reads "state" as an address's district, so the word names data there, not a request
    Reading r =
        ReaderFixture.pagilaOrSkip().read("State the titles of films rated PG", "", List.of());
    assertThat(r).isNotInstanceOf(Reading.Understood.class);
  }
}
