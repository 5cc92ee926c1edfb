package io.assay.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.report.body.ReportBody;
import io.assay.report.body.Section;
import io.assay.report.body.Segment;
import io.assay.report.body.Sentence;
import io.assay.report.check.CheckedBody;
import io.assay.report.check.ReportRepairer;
import io.assay.report.evidence.EvidencePool;
import io.assay.report.narrative.ReportWriter;
import io.assay.report.narrative.Rewording;
import io.assay.report.narrative.RewordingReviser;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The LLM path: a rewording is kept only if it says exactly the same numbers. */
class RewordingTest {
  private Section q1;
  private Sentence first;
  private ReportBody body;
  private EvidencePool pool;
  private Outline outline;

  @BeforeEach
  void setUp() {
    MemoryEvidence memory = new MemoryEvidence("job-reword");
    AnomalyScenario scenario = new AnomalyScenario("job-reword", memory);
    scenario.into(memory);
    pool = memory.pool();
    outline = Outline.of(scenario.request, pool);
    body =
        new ReportWriter()
            .write(
                "job-reword",
                "t",
                "1998-01-03T10:00:00Z",
                scenario.request.context(),
                outline,
                pool);
    q1 = body.section("q1").orElseThrow();
    first = q1.sentences().get(0);
    assertThat(first.plain())
        .isEqualTo(
            "Cash withdrawals in March 1997 were 2,934,500 CZK against a "
                + "baseline of 4,830,000 CZK, a change of -39.2%.");
  }

  @Test
  void aRewordingWithTheSameNumbersIsAcceptedAndBoundToTheFacts() {
    Optional<Sentence> out =
        Rewording.accept(
            first,
            "In March 1997, withdrawals reached only "
                + "2,934,500 CZK versus the expected 4,830,000 CZK (-39%).",
            q1);
    assertThat(out).isPresent();
    assertThat(out.get().segments())
        .filteredOn(g -> g instanceof Segment.FactValue)
        .extracting(g -> ((Segment.FactValue) g).factId())
        .containsExactly("q1.s0.actual", "q1.s0.baseline", "q1.s0.change");
    assertThat(out.get().segments())
        .filteredOn(g -> g instanceof Segment.Text)
        .allMatch(g -> g.shown().chars().noneMatch(Character::isDigit));
  }

  @Test
  void aRewordingWhoseNumbersDifferIsRejected() {
    assertThat(
            Rewording.accept(
                first,
                "In March 1997 withdrawals were 2,934,500 CZK against "
                    + "4,830,000 CZK, a change of -41.2%.",
                q1))
        .as("drifted")
        .isEmpty();
    assertThat(
            Rewording.accept(
                first,
                "In March 1997 withdrawals were 2.9 million CZK against "
                    + "4,830,000 CZK, a change of -39.2%.",
                q1))
        .as("rescaled")
        .isEmpty();
    assertThat(
            Rewording.accept(
                first, "In March 1997 withdrawals fell by -39.2% to 2,934,500 CZK.", q1))
        .as("dropped the baseline")
        .isEmpty();
    assertThat(
            Rewording.accept(
                first,
                "In March 1997 (Q1) withdrawals were 2,934,500 CZK against "
                    + "4,830,000 CZK, a change of -39.2%.",
                q1))
        .as("invented digit")
        .isEmpty();
    assertThat(
            Rewording.accept(
                first,
                "In March withdrawals were 2,934,500 CZK against "
                    + "4,830,000 CZK, a change of -39.2%.",
                q1))
        .as("lost its date")
        .isEmpty();
  }

  @Test
  void theReviserKeepsAcceptedRewordingsAndTheBodyStillPassesItsChecks() {
    RewordingReviser reviser =
        new RewordingReviser(
            sentence ->
                sentence.startsWith("Cash")
                    ? "In March 1997 withdrawals came to 2,934,500 CZK, against a baseline of 4,830,000 CZK "
                        + "(-39.2%)."
                    : sentence.replace("0.83", "0.93").replace("87.4%", "78.4%"));
    ReportBody revised = reviser.revise(body);
    assertThat(reviser.accepted()).isEqualTo(1);
    assertThat(reviser.rejected()).isEqualTo(2);
    CheckedBody checked = new ReportRepairer().checkAndRepair(revised, outline, pool);
    assertThat(checked.repairs()).isZero();
    assertThat(checked.body().section("q1").orElseThrow().sentences().get(0).plain())
        .startsWith("In March 1997 withdrawals came to");
    assertThat(checked.body().section("q1").orElseThrow().sentences().get(1).plain())
        .contains("0.83");
  }
}
