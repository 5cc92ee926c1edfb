package io.assay.understand.rules;

import static io.assay.understand.ReaderFixture.pagilaOrSkip;
import static io.assay.understand.ReaderFixture.understood;
import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.Measure;
import io.assay.pick.Pick;
import io.assay.understand.ReaderFixture;
import org.junit.jupiter.api.Test;

/**
 * "what share of revenue comes from store 2": a share of a total is taken of that total (it was the
 * share of the payments' count, a silent wrong answer); a share of rows still counts them. Own
 * phrasings.
 */
class ShareOfATotalTest {

  @Test
  void aShareOfATotalSharesTheTotal() {
    Pick p = understood(pagilaOrSkip(), "what share of revenue comes from store 2");
    Measure.Ratio r = (Measure.Ratio) p.measures().get(0);
    assertThat(r.numerator()).isInstanceOf(Measure.Metric.class);
    assertThat(((Measure.Metric) r.numerator()).metric()).isEqualTo("revenue");
    assertThat(((Measure.Metric) r.numerator()).filters()).hasSize(1);
    assertThat(((Measure.Metric) r.denominator()).filters()).isEmpty();
    Pick loans =
        understood(ReaderFixture.reader(), "what share of the loan amount is in north Moravia");
    assertThat(((Measure.Metric) ((Measure.Ratio) loans.measures().get(0)).numerator()).metric())
        .isEqualTo("loan_amount");
  }

  @Test
  void aShareOfRowsCountsThem() {
    Pick p = understood(ReaderFixture.reader(), "what percentage of loans are running");
    Measure.Ratio r = (Measure.Ratio) p.measures().get(0);
    assertThat(r.numerator()).isInstanceOf(Measure.Aggregate.class);
  }
}
