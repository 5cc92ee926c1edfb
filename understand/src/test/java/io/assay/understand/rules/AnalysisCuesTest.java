package io.assay.understand.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.understand.AnalysisCue;
import org.junit.jupiter.api.Test;

class AnalysisCuesTest {

  @Test
  void analysisWordsNameTheirAnalysesAndEveryPeriodIsKept() {
    Draft d = Drafts.after(AnalysisCues.class, "drill down into the loan amount in 1996 and 1997");
    assertThat(d.analyses).contains(AnalysisCue.DRILL_DOWN);
    Draft e = Drafts.after(AnalysisCues.class, "forecast the monthly credit amount after 1997");
    assertThat(e.analyses).containsExactly(AnalysisCue.FORECAST);
    assertThat(e.periods).hasSize(1);
  }

  @Test
  void aPlainQuestionAsksForNoAnalysis() {
    assertThat(Drafts.after(AnalysisCues.class, "how many loans are there?").analyses).isEmpty();
  }
}
