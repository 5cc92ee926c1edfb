package io.assay.web.ui;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.Mockito.mock;

import io.assay.algorithms.forecast.Forecaster;
import io.assay.analyses.AnalysisContext;
import io.assay.analyses.AnalysisRegistry;
import io.assay.analyses.Warehouse;
import io.assay.contract.finding.Finding;
import io.assay.contract.job.JobState;
import io.assay.contract.plan.Plan;
import io.assay.contract.plan.PlanStep;
import io.assay.datasets.testing.TestWarehouse;
import io.assay.recon.Recon;
import io.assay.recon.ReconLoader;
import io.assay.store.ArtifactStore;
import io.assay.understand.AnalysisCue;
import io.assay.understand.QuestionReader;
import io.assay.understand.Reading;
import io.assay.understand.plan.DeterministicPlanner;
import io.assay.understand.plan.PlanRequest;
import io.assay.web.toy.ValueSpread;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Adding an analysis is one class and one services line: the toy {@code value_spread} (test scope
 * only, {@code io.assay.web.toy}) is read from its cue word, planned by the deterministic planner
 * and shown on the job page under its own title, although no main code of the reader, the planner
 * or the web app names it.
 */
class ToyAnalysisTest {
  private static final String QUESTION = "What is the dispersion of the loan volume in 1997?";

  @Test
  void theToyIsInstalledWithItsCueWords() {
    assertThat(AnalysisRegistry.discover().names()).contains(ValueSpread.NAME);
    AnalysisCue cue = AnalysisCue.named("DISPERSION");
    assertThat(cue.analysis()).isEqualTo(ValueSpread.NAME);
    assertThat(cue.phrases()).contains("dispersion");
    // The shipped analyses keep their cues, in their order.
    assertThat(AnalysisCue.values())
        .containsSubsequence(
            AnalysisCue.TREND,
            AnalysisCue.ANOMALY,
            AnalysisCue.DRILL_DOWN,
            AnalysisCue.COMPARE,
            AnalysisCue.FORECAST,
            AnalysisCue.OUTLIERS,
            AnalysisCue.CORRELATE);
  }

  @Test
  void aQuestionWithItsCueWordIsPlannedAsItsStepAndItsFindingShownUnderItsTitle() {
    Recon recon = ReconLoader.load(TestWarehouse.get().readerDataSource(), "financial");
    Reading reading = QuestionReader.standard(recon).read(QUESTION, "", List.of());
    assertThat(reading).isInstanceOf(Reading.Understood.class);
    Reading.Understood u = (Reading.Understood) reading;
    assertThat(u.analyses()).containsExactly(AnalysisCue.named("DISPERSION"));

    Plan plan =
        new DeterministicPlanner(AnalysisRegistry.discover(), () -> recon)
            .plan(new PlanRequest(QUESTION, "", u.pick(), u.frame(), u.analyses()));
    assertThat(plan.steps()).extracting(PlanStep::analysis).containsExactly(ValueSpread.NAME);
    PlanStep step = plan.steps().get(0);
    assertThat(step.args()).containsEntry("metric", "loan_amount").containsKey("time");

    AnalysisContext context =
        new AnalysisContext(
            "job-1",
            0,
            mock(Warehouse.class),
            mock(ArtifactStore.class),
            null,
            mock(Forecaster.class),
            List.of(),
            null);
    Finding finding = new ValueSpread().run(step.stepArgs(), QUESTION, context);
    FindingView view = FindingView.of(finding, chart -> null);
    assertThat(view.analysisName()).isEqualTo("Spread of values");

    JobPage shown = withFindings(TemplatesTest.page(JobState.COMPLETED, false), List.of(view));
    Map<String, Object> vars = new HashMap<>();
    vars.put("page", shown);
    vars.put("operator", false);
    vars.put("analysisHelp", Map.of());
    assertThat(TemplatesTest.render("jobs/job", vars))
        .contains("Spread of values")
        .contains("The toy measured no spread");
  }

  private static JobPage withFindings(JobPage p, List<FindingView> findings) {
    return new JobPage(
        p.job(),
        p.progress(),
        p.state(),
        p.timeline(),
        p.plan(),
        p.planReason(),
        p.edits(),
        p.clarification(),
        findings,
        p.artifacts(),
        p.receipts(),
        p.reportSha256(),
        p.events(),
        p.lastEventId(),
        p.analyses(),
        p.codedColumns(),
        p.liveKey(),
        p.planKey(),
        p.notices(),
        p.decisionReason(),
        p.lastError());
  }
}
