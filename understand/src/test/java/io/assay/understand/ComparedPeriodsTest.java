package io.assay.understand;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The periods a comparison compares are its sides, never also filters on the rows. */
class ComparedPeriodsTest {

  private static Reading.Understood read(QuestionReader r, String q) {
    Reading reading = r.read(q, "", List.of());
    assertThat(reading).as(q).isInstanceOf(Reading.Understood.class);
    return (Reading.Understood) reading;
  }

  @Test
  void aPeriodWrittenRightAfterTheMetricIsASideNotAFilter() {
    Reading.Understood u =
        read(ReaderFixture.pagilaOrSkip(), "revenue in March 2022 versus April 2022");
    assertThat(u.analyses()).contains(AnalysisCue.COMPARE);
    assertThat(u.frame().periods()).hasSize(2);
    assertThat(u.frame().filters()).isEmpty();
    assertThat(u.frame().time()).isNull();
    Reading.Understood loans = read(ReaderFixture.reader(), "loan amount in 1995 versus 1998");
    assertThat(loans.frame().periods()).hasSize(2);
    assertThat(loans.frame().filters()).isEmpty();
  }

  @Test
  void oneComparedPeriodStaysTheWindow() {
    Reading.Understood u =
        read(ReaderFixture.pagilaOrSkip(), "compare rentals in 2022 between the two stores");
    assertThat(u.frame().time()).isNotNull();
  }
}
