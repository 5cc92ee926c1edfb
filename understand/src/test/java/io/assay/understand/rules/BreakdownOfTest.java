package io.assay.understand.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.ColumnRef;
import io.assay.pick.Measure;
import io.assay.pick.Pick;
import io.assay.understand.AnalysisCue;
import io.assay.understand.QuestionReader;
import io.assay.understand.ReaderFixture;
import io.assay.understand.Reading;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * "a breakdown of loans by status" is the count per group; "break it down by district" after a
 * check stays the drill-down analysis. Phrasings written for this test.
 */
class BreakdownOfTest {

  private static Pick pick(QuestionReader reader, String question) {
    Reading r = reader.read(question, "", List.of());
    assertThat(r).as("reading of '%s': %s", question, r).isInstanceOf(Reading.Understood.class);
    return ((Reading.Understood) r).pick();
  }

  private static QuestionReader pagila() {
    QuestionReader p = ReaderFixture.pagila();
    Assumptions.assumeTrue(p != null, "the Pagila data is not on this machine");
    return p;
  }

  @Test
  void aBreakdownOfRowsByAColumnCountsThemPerValue() {
    Pick loans = pick(ReaderFixture.reader(), "Give me a breakdown of loans by status.");
    assertThat(loans.measures()).containsExactly(Measure.metric("loan_count"));
    assertThat(loans.groupBy()).containsExactly(ColumnRef.of("loan.status"));
    Pick films = pick(pagila(), "What is the breakdown of films by rating?");
    assertThat(films.measures()).containsExactly(Measure.metric("film_count"));
    assertThat(films.groupBy()).containsExactly(ColumnRef.of("film.rating"));
  }

  @Test
  void aBreakdownOfAFigureKeepsTheFigure() {
    Pick p = pick(ReaderFixture.reader(), "breakdown of the loan amount by status");
    assertThat(p.measures()).containsExactly(Measure.metric("loan_amount"));
  }

  @Test
  void breakingDownAfterACheckStaysTheAnalysis() {
    Reading r =
        ReaderFixture.reader()
            .read(
                "Check the monthly card withdrawals in 1996; if anything looks off, break it down"
                    + " by district",
                "",
                List.of());
    assertThat(r.toString()).contains(AnalysisCue.DRILL_DOWN.toString());
  }
}
