package io.assay.understand.rules;

import static io.assay.understand.ReaderFixture.pagilaOrSkip;
import static io.assay.understand.ReaderFixture.understood;
import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.ColumnRef;
import io.assay.pick.Measure;
import io.assay.pick.Pick;
import io.assay.understand.AnalysisCue;
import io.assay.understand.ReaderFixture;
import io.assay.understand.Reading;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * "a breakdown of loans by status" is the count per group; "break it down by district" after a
 * check stays the drill-down analysis. Phrasings written for this test.
 */
class BreakdownOfTest {

  @Test
  void aBreakdownOfRowsByAColumnCountsThemPerValue() {
    Pick loans = understood(ReaderFixture.reader(), "Give me a breakdown of loans by status.");
    assertThat(loans.measures()).containsExactly(Measure.metric("loan_count"));
    assertThat(loans.groupBy()).containsExactly(ColumnRef.of("loan.status"));
    Pick films = understood(pagilaOrSkip(), "What is the breakdown of films by rating?");
    assertThat(films.measures()).containsExactly(Measure.metric("film_count"));
    assertThat(films.groupBy()).containsExactly(ColumnRef.of("film.rating"));
  }

  @Test
  void aBreakdownOfAFigureKeepsTheFigure() {
    Pick p = understood(ReaderFixture.reader(), "breakdown of the loan amount by status");
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
