package io.assay.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.assay.contract.evidence.ArtifactKind;
import io.assay.contract.finding.ArtifactRef;
import io.assay.contract.finding.DataDescription;
import io.assay.contract.finding.Derivation;
import io.assay.contract.finding.Finding;
import io.assay.contract.finding.FindingStatus;
import io.assay.contract.finding.Operand;
import io.assay.contract.finding.Operation;
import io.assay.contract.finding.TimeSeriesChart;
import io.assay.report.body.Block;
import io.assay.report.body.Fact;
import io.assay.report.body.ReportBody;
import io.assay.report.body.Segment;
import io.assay.report.body.Sentence;
import io.assay.report.check.CheckKind;
import io.assay.report.check.CheckReport;
import io.assay.report.check.CheckedBody;
import io.assay.report.check.ReportCheckFailedException;
import io.assay.report.check.ReportChecker;
import io.assay.report.check.ReportRepairer;
import io.assay.report.evidence.EvidencePool;
import io.assay.report.narrative.ReportWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Each check against the defect it exists for: the defect is seeded into a correct body, the check
 * catches it, and repair regenerates the affected section so that the next round passes.
 */
class ReportChecksTest {
  private MemoryEvidence memory;
  private AnomalyScenario scenario;
  private EvidencePool pool;
  private Outline outline;
  private ReportBody clean;

  @BeforeEach
  void setUp() {
    memory = new MemoryEvidence("job-checks");
    scenario = new AnomalyScenario("job-checks", memory);
    scenario.into(memory);
    pool = memory.pool();
    outline = Outline.of(scenario.request, pool);
    clean =
        new ReportWriter()
            .write(
                "job-checks",
                scenario.request.title(),
                "1998-01-03T10:00:00Z",
                scenario.request.context(),
                outline,
                pool);
  }

  private CheckedBody repair(ReportBody seeded) {
    return new ReportRepairer().checkAndRepair(seeded, outline, pool);
  }

  /** The defect is caught by {@code kind} in round 0, then the repaired body passes in round 1. */
  private CheckedBody assertCaughtAndRepaired(ReportBody seeded, CheckKind kind, String section) {
    CheckedBody result = repair(seeded);
    CheckReport first = result.history().get(0);
    assertThat(first.of(kind)).as(first.summary()).isNotEmpty();
    assertThat(first.sectionsToRepair()).containsExactly(section);
    assertThat(result.repairs()).isEqualTo(1);
    assertThat(result.history().get(1).passed()).isTrue();
    assertThat(result.body()).isEqualTo(clean);
    return result;
  }

  @Test
  void theDeterministicBodyPassesEveryCheck() {
    CheckedBody result = repair(clean);
    assertThat(result.repairs()).isZero();
    assertThat(result.history().get(0).summary()).isEqualTo("round 0: all checks passed");
  }

  @Test
  void numericDriftADriftedNumberIsCaughtAndRepaired() {
    ReportBody seeded =
        Bodies.editSection(
            clean,
            "q1",
            s ->
                Bodies.editSentences(
                    s,
                    t ->
                        Bodies.editSegments(
                            t,
                            g ->
                                g instanceof Segment.FactValue fv && fv.text().equals("-39.2%")
                                    ? new Segment.FactValue(fv.factId(), "-38.2%")
                                    : g)));
    CheckedBody result = assertCaughtAndRepaired(seeded, CheckKind.NUMERIC_DRIFT, "q1");
    assertThat(result.history().get(0).of(CheckKind.NUMERIC_DRIFT).get(0).message())
        .contains("shows -38.2% but fact q1.s0.change is -39.2%");
  }

  @Test
  void numericDriftANumberWrittenAsWordsOfTheReportIsCaught() {
    ReportBody seeded =
        Bodies.editSection(
            clean,
            "q2",
            s ->
                Bodies.editSentences(
                    s,
                    t ->
                        t.id().equals("q2.t0")
                            ? new Sentence(
                                t.id(),
                                List.of(
                                    new Segment.Text(
                                        "Roughly 9 in 10 of the drop came from one district.")),
                                t.factIds())
                            : t));
    CheckedBody result = assertCaughtAndRepaired(seeded, CheckKind.NUMERIC_DRIFT, "q2");
    assertThat(result.history().get(0).of(CheckKind.NUMERIC_DRIFT).get(0).message())
        .contains("writes a number that is bound to no fact");
  }

  @Test
  void factOmissionAnUncitedKeyFactIsCaughtAndRepaired() {
    // Drop the sentence that states the anomaly score: the fact stays, no sentence cites it.
    ReportBody seeded =
        Bodies.editSection(
            clean,
            "q1",
            s -> Bodies.editSentences(s, t -> t.factIds().contains("q1.s0.score") ? null : t));
    CheckedBody result = assertCaughtAndRepaired(seeded, CheckKind.FACT_OMISSION, "q1");
    assertThat(result.history().get(0).of(CheckKind.FACT_OMISSION))
        .extracting(i -> i.message())
        .anyMatch(m -> m.contains("no sentence states it"))
        .anyMatch(m -> m.contains("key figure \"Peak anomaly score\""));
  }

  @Test
  void chartBindingAChartWithAlteredDataIsCaughtAndRepaired() {
    ReportBody seeded =
        Bodies.editSection(
            clean,
            "q1",
            s ->
                Bodies.editBlocks(
                    s,
                    b -> {
                      if (b instanceof Block.Chart c && c.data() instanceof TimeSeriesChart ts) {
                        List<TimeSeriesChart.Point> points = new ArrayList<>(ts.points());
                        TimeSeriesChart.Point march = points.get(2);
                        // Someone "smooths" the dip in the drawing.
                        points.set(
                            2,
                            new TimeSeriesChart.Point(
                                march.period(),
                                4_500_000,
                                march.baseline(),
                                march.lower(),
                                march.upper()));
                        return new Block.Chart(
                            c.stepId(),
                            new TimeSeriesChart(
                                ts.id(),
                                ts.title(),
                                ts.unit(),
                                ts.format(),
                                points,
                                ts.intervals(),
                                ts.source()),
                            c.facts());
                      }
                      return b;
                    }));
    CheckedBody result = assertCaughtAndRepaired(seeded, CheckKind.CHART_BINDING, "q1");
    assertThat(result.history().get(0).of(CheckKind.CHART_BINDING).get(0).message())
        .contains("differs from artifact")
        .contains("at /points/2/actual: stored 2934500.0, drawn 4500000.0");
  }

  @Test
  void referenceOverreachAnotherJobsArtifactIsCaughtAndRepaired() {
    MemoryEvidence other = new MemoryEvidence("job-other");
    ArtifactRef foreign =
        other.store("job-other:0:x", ArtifactKind.COMPUTATION, "k", Map.of("peak_score", 0.8312));
    ReportBody seeded =
        Bodies.editSection(
            clean,
            "q1",
            s ->
                Bodies.editFacts(
                    s,
                    f -> {
                      if (!f.id().equals("q1.s0.score")) {
                        return f;
                      }
                      Derivation d =
                          Derivation.of(
                              Operation.VALUE,
                              List.of(new Operand("peak score", 0.8312, foreign, "/peak_score")));
                      return new Fact(
                          f.id(),
                          f.stepId(),
                          f.figureId(),
                          f.label(),
                          f.value(),
                          f.unit(),
                          f.format(),
                          d,
                          List.of(foreign));
                    }));
    CheckedBody result = assertCaughtAndRepaired(seeded, CheckKind.REFERENCE_OVERREACH, "q1");
    assertThat(result.history().get(0).of(CheckKind.REFERENCE_OVERREACH).get(0).message())
        .contains("is not an artifact of job job-checks");
  }

  @Test
  void referenceOverreachEvidenceOfAnotherSectionIsCaughtAndRepaired() {
    ArtifactRef drillQuery = scenario.drill.artifacts().get(0);
    ReportBody seeded =
        Bodies.editSection(
            clean,
            "q1",
            s ->
                Bodies.editBlocks(
                    s,
                    b ->
                        b instanceof Block.Evidence e
                            ? new Block.Evidence(append(e.refs(), drillQuery))
                            : b));
    CheckedBody result = assertCaughtAndRepaired(seeded, CheckKind.REFERENCE_OVERREACH, "q1");
    assertThat(result.history().get(0).of(CheckKind.REFERENCE_OVERREACH).get(0).message())
        .contains("outside the evidence planned for this section");
  }

  @Test
  void coverageAMissingSectionIsCaughtAndRestoredInPlace() {
    ReportBody seeded = clean.withSections(List.of(clean.sections().get(1)));
    CheckedBody result = assertCaughtAndRepaired(seeded, CheckKind.COVERAGE, "q1");
    assertThat(result.body().sections()).extracting(s -> s.id()).containsExactly("q1", "q2");
  }

  @Test
  void coverageAStepWhoseAnswerWasDroppedIsCaught() {
    ReportBody seeded =
        Bodies.editSection(
            clean,
            "q2",
            s ->
                Bodies.editBlocks(
                    s,
                    b ->
                        (b instanceof Block.Paragraph p && p.role() == Block.Role.ANSWER)
                                || b instanceof Block.Chart
                            ? null
                            : b));
    assertCaughtAndRepaired(seeded, CheckKind.COVERAGE, "q2");
  }

  @Test
  void derivationAFactThatNoLongerRecomputesIsCaughtAndRepaired() {
    ReportBody seeded =
        Bodies.editSection(
            clean,
            "q2",
            s ->
                Bodies.editFacts(
                    s,
                    f -> {
                      if (!f.id().equals("q2.s0.top_change")) {
                        return f;
                      }
                      Derivation d = f.derivation();
                      Derivation wrong = new Derivation(d.operation(), d.inputs(), -0.5);
                      return new Fact(
                          f.id(),
                          f.stepId(),
                          f.figureId(),
                          f.label(),
                          -0.5,
                          f.unit(),
                          f.format(),
                          wrong,
                          f.sources());
                    }));
    CheckedBody result = repair(seeded);
    assertThat(result.history().get(0).of(CheckKind.DERIVATION)).isNotEmpty();
    assertThat(result.history().get(0).sectionsToRepair()).containsExactly("q2");
    assertThat(result.body()).isEqualTo(clean);
  }

  @Test
  void repairRegeneratesOnlyTheAffectedSections() {
    // q1 carries an accepted rewording; q2 carries a defect. Repair rewrites q2 only.
    ReportBody reworded =
        Bodies.editSection(
            clean,
            "q1",
            s ->
                Bodies.editSentences(
                    s,
                    t ->
                        t.id().equals("q1.t1")
                            ? new Sentence(
                                t.id(),
                                List.of(
                                    new Segment.Text("That month scores "),
                                    new Segment.FactValue("q1.s0.score", "0.83"),
                                    new Segment.Text(" on the anomaly scale.")),
                                t.factIds())
                            : t));
    ReportBody seeded =
        Bodies.editSection(
            reworded,
            "q2",
            s ->
                Bodies.editSentences(
                    s,
                    t ->
                        Bodies.editSegments(
                            t,
                            g ->
                                g instanceof Segment.FactValue fv
                                        && fv.factId().equals("q2.s0.top_share")
                                    ? new Segment.FactValue(fv.factId(), "97.4%")
                                    : g)));
    CheckedBody result = repair(seeded);
    assertThat(result.history().get(0).sectionsToRepair()).containsExactly("q2");
    assertThat(result.body().section("q1")).isEqualTo(reworded.section("q1"));
    assertThat(result.body().section("q2")).isEqualTo(clean.section("q2"));
  }

  @Test
  void evidenceThatIsWrongInThePoolFailsAfterBoundedRepairsWithTheCheckReport() {
    // The trend step's chart artifact was revoked after the Finding was recorded: no regeneration
    // can make the report cite it, so the report fails with the check report.
    memory.revoke(scenario.trend.charts().get(0).source(), "read-back hash mismatch");
    EvidencePool revoked = memory.pool();
    ReportRepairer repairer = new ReportRepairer(new ReportChecker(), new ReportWriter(), 2);
    assertThatThrownBy(() -> repairer.checkAndRepair(clean, outline, revoked))
        .isInstanceOfSatisfying(
            ReportCheckFailedException.class,
            e -> {
              assertThat(e.history()).hasSize(3);
              assertThat(e.last().of(CheckKind.REFERENCE_OVERREACH))
                  .extracting(i -> i.message())
                  .anyMatch(m -> m.contains("was revoked: read-back hash mismatch"));
              assertThat(e.getMessage()).contains("after 2 repair(s)");
            });
  }

  @Test
  void aChartThatDiffersFromItsOwnArtifactFailsTheReport() {
    TimeSeriesChart stored = (TimeSeriesChart) scenario.trend.charts().get(0);
    List<TimeSeriesChart.Point> points = new ArrayList<>(stored.points());
    points.set(0, new TimeSeriesChart.Point("1997-01", 1, null, null, null));
    TimeSeriesChart forged =
        new TimeSeriesChart(
            stored.id(),
            stored.title(),
            stored.unit(),
            stored.format(),
            points,
            stored.intervals(),
            stored.source());
    Finding bad =
        new Finding(
            scenario.trend.stepId(),
            scenario.trend.analysis(),
            scenario.trend.goal(),
            scenario.trend.keyPath(),
            scenario.trend.data(),
            scenario.trend.artifacts(),
            scenario.trend.figures(),
            scenario.trend.statements(),
            List.of(forged),
            List.of(),
            List.of(),
            FindingStatus.OK);
    memory.finding(bad);
    EvidencePool forgedPool = memory.pool();
    ReportBody body =
        new ReportWriter()
            .write(
                "job-checks",
                "t",
                "1998-01-03T10:00:00Z",
                scenario.request.context(),
                outline,
                forgedPool);
    assertThatThrownBy(() -> new ReportRepairer().checkAndRepair(body, outline, forgedPool))
        .isInstanceOfSatisfying(
            ReportCheckFailedException.class,
            e -> assertThat(e.last().of(CheckKind.CHART_BINDING)).isNotEmpty());
  }

  /** What a step whose arguments were refused recorded, as the check that refused wrote it. */
  private static final String REFUSED =
      "invalid args for drill_down: arg 'grain': expected one of day, week, month, quarter,"
          + " year, got 'fortnight'";

  @Test
  void aFailedStepsErrorReadsInPeoplesWordsAndStillPassesTheDriftCheck() {
    memory.finding(
        Finding.builder(scenario.drillStep, "drill_down")
            .goal("Find the district that explains the drop")
            .error(REFUSED)
            .build(FindingStatus.FAILED));
    EvidencePool p = memory.pool();
    Outline o = Outline.of(scenario.request, p);
    io.assay.report.words.Labels labels =
        io.assay.report.words.Labels.NONE.withAnalyses(Map.of("drill_down", "Drill-down"));
    ReportBody body =
        new ReportWriter()
            .write(
                "job-checks",
                "t",
                "1998-01-03T10:00:00Z",
                scenario.request.context(),
                o,
                p,
                labels);
    String said =
        body.section("q2").orElseThrow().blocks().stream()
            .filter(Block.Unanswered.class::isInstance)
            .map(b -> ((Block.Unanswered) b).sentences().get(0).plain())
            .findFirst()
            .orElseThrow();
    assertThat(said)
        .isEqualTo(
            "The drill-down step failed: Drill-down cannot run: grain should be one of day,"
                + " week, month, quarter, year, not 'fortnight'.");
    // The words are the recorded error's own, so the checks pass them without a repair.
    CheckedBody result = new ReportRepairer().checkAndRepair(body, o, p);
    assertThat(result.repairs()).isZero();
    assertThat(result.body()).isEqualTo(body);

    // Words that no recorded error gives are still a quote nothing recorded.
    ReportBody forged =
        Bodies.editSection(
            body,
            "q2",
            s ->
                Bodies.editBlocks(
                    s,
                    b ->
                        b instanceof Block.Unanswered u
                            ? new Block.Unanswered(
                                u.stepId(),
                                u.sentences().stream()
                                    .map(
                                        t ->
                                            Bodies.editSegments(
                                                t,
                                                g ->
                                                    g instanceof Segment.Quote
                                                        ? new Segment.Quote(
                                                            "Drill-down cannot run: grain is"
                                                                + " wrong")
                                                        : g))
                                    .toList())
                            : b));
    CheckReport caught =
        new ReportChecker().check(new io.assay.report.check.CheckInput(forged, o, p), 0);
    assertThat(caught.of(CheckKind.NUMERIC_DRIFT)).isNotEmpty();

    // Through the whole pipeline: the renderings' audits accept the words too.
    FrozenReport report =
        new ReportBuilder(() -> labels)
            .build(scenario.request, p, java.time.Instant.parse("1998-01-03T10:00:00Z"));
    assertThat(report.html()).contains("Drill-down cannot run: grain should be one of day");
    assertThat(report.html()).doesNotContain("invalid args", "arg &#39;grain&#39;", "drill_down");
  }

  @Test
  void aFailedOrEmptyStepIsCoveredBySayingWhy() {
    Finding failed =
        Finding.builder(scenario.drillStep, "drill_down")
            .goal("Find the district that explains the drop")
            .error("statement timeout after the reader's limit")
            .nextStep("Narrow the period")
            .build(FindingStatus.FAILED);
    memory.finding(failed);
    EvidencePool p = memory.pool();
    Outline o = Outline.of(scenario.request, p);
    ReportBody body =
        new ReportWriter()
            .write("job-checks", "t", "1998-01-03T10:00:00Z", scenario.request.context(), o, p);
    CheckedBody result = new ReportRepairer().checkAndRepair(body, o, p);
    assertThat(result.repairs()).isZero();
    assertThat(result.body().section("q2").orElseThrow().blocks())
        .anyMatch(
            b ->
                b instanceof Block.Unanswered u
                    && u.sentences()
                        .get(0)
                        .plain()
                        .equals(
                            "The drill down step failed: statement timeout after the reader's limit."));
    Finding empty =
        Finding.builder(scenario.drillStep, "drill_down")
            .data(new DataDescription("no VYBER rows in the flagged month", 0, List.of()))
            .build(FindingStatus.EMPTY);
    memory.finding(empty);
    EvidencePool p2 = memory.pool();
    Outline o2 = Outline.of(scenario.request, p2);
    ReportBody body2 =
        new ReportWriter()
            .write("job-checks", "t", "1998-01-03T10:00:00Z", scenario.request.context(), o2, p2);
    assertThat(new ReportRepairer().checkAndRepair(body2, o2, p2).repairs()).isZero();
  }

  private static List<ArtifactRef> append(List<ArtifactRef> refs, ArtifactRef ref) {
    List<ArtifactRef> out = new ArrayList<>(refs);
    out.add(ref);
    return out;
  }
}
