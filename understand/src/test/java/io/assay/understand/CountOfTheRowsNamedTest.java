package io.assay.understand;

import static io.assay.understand.ReaderFixture.pagilaOrSkip;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * An analysis or a series over time of rows named by a word, with no metric phrase: the rows' count
 * when it is their only plain additive metric, else the reader asks. Phrasings written for this
 * test.
 */
class CountOfTheRowsNamedTest {

  @Test
  void rowsWithOnlyACountAreCounted() {
    Reading r = pagilaOrSkip().read("rentals by month in 2022", "", List.of());
    assertThat(r).isInstanceOf(Reading.Understood.class);
    assertThat(((Reading.Understood) r).frame().metric()).isEqualTo("rental_count");
    Reading scan =
        pagilaOrSkip()
            .read("any odd weeks for rentals during 2022? drill down if so", "", List.of());
    assertThat(scan).isInstanceOf(Reading.Understood.class);
    assertThat(((Reading.Understood) scan).frame().metric()).isEqualTo("rental_count");
  }

  @Test
  void rowsWithAnAmountAsWellAsACountAsk() {
    assertThat(pagilaOrSkip().read("payments by month in 2022", "", List.of()))
        .isNotInstanceOf(Reading.Understood.class);
    assertThat(
            ReaderFixture.reader()
                .read(
                    "Check the monthly loans in 1996 and drill down if anything is unusual",
                    "",
                    List.of()))
        .isInstanceOf(Reading.Ambiguous.class);
  }
}
