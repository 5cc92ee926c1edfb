package io.assay.algorithms.eval.rca;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.algorithms.testing.SharedFiles;
import java.io.IOException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Guards the F1 targets on the DEV split of shared/benchmarks/rca (about 15 s): the search
 * reaches 0.90 on B0 and beats the best reference method on S, L and RS; our Adtributor is within
 * 0.02 of the reference Adtributor.
 */
class RcaDevTargetsTest {
  static RcaEval.Report report;

  @BeforeAll
  static void run() throws IOException {
    report = RcaEval.evaluate(SharedFiles.shared("benchmarks/rca"));
  }

  @Test
  void searchMeetsTheTargets() {
    assertThat(report.f1("B0", RcaEval.SEARCH)).isGreaterThanOrEqualTo(0.90);
    assertThat(report.f1("S", RcaEval.SEARCH)).isGreaterThan(0.789);
    assertThat(report.f1("L", RcaEval.SEARCH)).isGreaterThan(0.600);
    assertThat(report.f1("RS", RcaEval.SEARCH)).isGreaterThan(0.267);
  }

  @Test
  void adtributorMatchesTheReferenceAdtributor() {
    assertThat(report.f1("B0", RcaEval.ADTRIBUTOR))
        .isCloseTo(0.1667, org.assertj.core.data.Offset.offset(0.02));
    assertThat(report.f1("S", RcaEval.ADTRIBUTOR))
        .isCloseTo(0.0, org.assertj.core.data.Offset.offset(0.02));
    assertThat(report.f1("L", RcaEval.ADTRIBUTOR))
        .isCloseTo(0.0, org.assertj.core.data.Offset.offset(0.02));
    assertThat(report.f1("RS", RcaEval.ADTRIBUTOR))
        .isCloseTo(0.2647, org.assertj.core.data.Offset.offset(0.02));
  }
}
