package io.assay.algorithms.text;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class PyFormatTest {

  @Test
  void fixedRoundsTheExactBinaryValueHalfToEven() {
    assertThat(PyFormat.fixed(0.125, 2)).isEqualTo("0.12");
    assertThat(PyFormat.fixed(1.005, 2)).isEqualTo("1.00");
    assertThat(PyFormat.fixed(2.675, 2)).isEqualTo("2.67");
    assertThat(PyFormat.fixed(-0.001, 2)).isEqualTo("-0.00");
    assertThat(PyFormat.fixed(12345.5, 0)).isEqualTo("12346");
  }

  @Test
  void percentMultipliesFirst() {
    assertThat(PyFormat.percent(0.1234, 1)).isEqualTo("12.3%");
  }

  @Test
  void strMatchesPythonRepr() {
    assertThat(PyFormat.str(0.7)).isEqualTo("0.7");
    assertThat(PyFormat.str(1.0)).isEqualTo("1.0");
    assertThat(PyFormat.str(1e-5)).isEqualTo("1e-05");
    assertThat(PyFormat.str(1e16)).isEqualTo("1e+16");
    assertThat(PyFormat.str(123456789.25)).isEqualTo("123456789.25");
    assertThat(PyFormat.str(-2.5e-7)).isEqualTo("-2.5e-07");
    assertThat(PyFormat.str(0.0001)).isEqualTo("0.0001");
  }

  @Test
  void listReprQuotesLikePython() {
    assertThat(PyFormat.repr(List.of("a", "it's", 2, 0.5, true)))
        .isEqualTo("['a', \"it's\", 2, 0.5, True]");
  }
}
