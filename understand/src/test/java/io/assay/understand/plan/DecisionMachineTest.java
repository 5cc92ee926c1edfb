package io.assay.understand.plan;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.analyses.direct.DirectPlanArgs;
import io.assay.analyses.drill.DrillPlanArgs;
import io.assay.analyses.trend.TrendPlanArgs;
import io.assay.contract.job.ApprovalMode;
import io.assay.contract.job.JobRequest;
import io.assay.contract.plan.Clarification;
import io.assay.contract.plan.ClarificationAnswer;
import io.assay.contract.plan.Decision;
import io.assay.contract.plan.Plan;
import io.assay.contract.plan.PlanStep;
import io.assay.contract.plan.Understanding;
import io.assay.pick.Pick;
import io.assay.pick.PickJson;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The decision over a question, through the planning activities' {@code understand}. */
class DecisionMachineTest {

  private final PlanningActivitiesImpl planning = Planning.activities(null);

  private static final String SCENARIO =
      "Check the monthly cash withdrawal amount in 1997 and drill down if anything is unusual";

  @Test
  void theScenarioPlansATrendScanThenADrillDown() {
    Understanding u = planning.understand(Planning.request(SCENARIO), List.of());
    assertThat(u.decision()).as(u.reason()).isEqualTo(Decision.PLAN);
    assertThat(u.reason()).contains("RECEIVED → READ → UNDERSTOOD → PLANNING → DECIDED");
    // The trace names the analyses in words, as operators read it on the job page.
    assertThat(u.reason()).contains("asks for ").contains(" and drill down").doesNotContain("[");
    List<PlanStep> steps = u.plan().steps();
    assertThat(steps).extracting(PlanStep::analysis).containsExactly("trend_anomaly", "drill_down");
    // planned steps carry their analyses' records; args() is their JSON
    assertThat(steps.get(0).stepArgs()).isInstanceOf(TrendPlanArgs.class);
    assertThat(steps.get(1).stepArgs()).isInstanceOf(DrillPlanArgs.class);
    Map<String, Object> trend = steps.get(0).args();
    assertThat(trend)
        .containsEntry("metric", "cash_withdrawal_amount")
        .containsEntry("grain", "month")
        .containsEntry("time", Map.of("kind", "year", "year", 1997));
    Map<String, Object> drill = steps.get(1).args();
    assertThat(drill)
        .containsEntry("metric", "cash_withdrawal_amount")
        .containsEntry("time", Map.of("kind", "year", "year", 1997));
    @SuppressWarnings("unchecked")
    List<String> dims = (List<String>) drill.get("dimensions");
    // region before district (coarse to fine); never the operation every cash withdrawal shares
    assertThat(dims).contains("district.a3", "district.a2").doesNotContain("trans.operation");
    assertThat(dims.indexOf("district.a3")).isLessThan(dims.indexOf("district.a2"));
    assertThat(steps.get(1).fallback()).isNotNull();
    assertThat(steps.get(1).fallback().analysis()).isEqualTo("multi_dimensional_rca");
    assertThat(steps).allSatisfy(s -> assertThat(s.why()).isNotBlank());
  }

  @Test
  void dimensionsNamedInTheQuestionAreTheDrillDownsCandidates() {
    Understanding u =
        planning.understand(
            Planning.request(
                "Check the monthly withdrawal amount in 1997 and drill down by region and operation if"
                    + " anything is unusual"),
            List.of());
    assertThat(u.decision()).as(u.reason()).isEqualTo(Decision.PLAN);
    assertThat(u.plan().steps().get(1).args())
        .containsEntry("metric", "withdrawal_amount")
        .containsEntry("dimensions", List.of("district.a3", "trans.operation"));
  }

  @Test
  void otherAnalysisCuesPlanTheirAnalysesWithArgsFromTheQuestion() {
    Plan compare =
        planning
            .understand(
                Planning.request("Compare the credit amount in 1998 with 1997 by region"),
                List.of())
            .plan();
    assertThat(compare.steps())
        .singleElement()
        .satisfies(
            s -> {
              assertThat(s.analysis()).isEqualTo("compare_periods");
              // the later period is compared with the earlier one, whatever the word order
              assertThat(s.args())
                  .containsEntry("baseline", Map.of("kind", "year", "year", 1997))
                  .containsEntry("current", Map.of("kind", "year", "year", 1998))
                  .containsEntry("group_by", "district.a3");
            });
    Plan outliers =
        planning
            .understand(
                Planning.request("Which districts stand out in loan amount in 1997?"), List.of())
            .plan();
    assertThat(outliers.steps())
        .singleElement()
        .satisfies(
            s -> {
              assertThat(s.analysis()).isEqualTo("find_outliers");
              assertThat(s.args())
                  .containsEntry("metric", "loan_amount")
                  .containsEntry("entity", "district.a2");
            });
    Plan correlate =
        planning
            .understand(
                Planning.request(
                    "Is there a correlation between card withdrawals and credits in 1997?"),
                List.of())
            .plan();
    assertThat(correlate.steps())
        .singleElement()
        .satisfies(
            s ->
                assertThat(s.args())
                    .containsEntry("metrics", List.of("card_withdrawal_amount", "credit_amount")));
    Plan forecast =
        planning
            .understand(
                Planning.request("Forecast the number of loans for the next 6 months"), List.of())
            .plan();
    assertThat(forecast.steps())
        .singleElement()
        .satisfies(
            s ->
                assertThat(s.args())
                    .containsEntry("metric", "loan_count")
                    .containsEntry("horizon", 6)
                    .containsEntry("grain", "month"));
  }

  @Test
  void aLookupIsOneDirectAnswerStepWithItsPick() {
    Understanding u =
        planning.understand(
            Planning.request(
                "How many male customers who are living in North Bohemia have average salary greater"
                    + " than 8000?"),
            List.of());
    assertThat(u.decision()).isEqualTo(Decision.DIRECT_ANSWER);
    assertThat(u.plan().steps())
        .singleElement()
        .satisfies(
            s -> {
              assertThat(s.analysis()).isEqualTo("direct_answer");
              Pick p = PickJson.mapper().convertValue(s.args().get("pick"), Pick.class);
              assertThat(p.filters()).hasSize(3);
              // the step carries the Pick itself, not its JSON
              assertThat(s.stepArgs())
                  .isInstanceOfSatisfying(
                      DirectPlanArgs.class, d -> assertThat(d.pick()).isEqualTo(p));
            });
    assertThat(u.reason()).contains("'North Bohemia' → district.a3 = 'north Bohemia'");
  }

  @Test
  void anAmbiguousQuestionAsksAndTheAnswerContinuesToAPlan() {
    String q = "Is the monthly transaction volume in 1997 unusual?";
    Understanding asked = planning.understand(Planning.request(q), List.of());
    assertThat(asked.decision()).isEqualTo(Decision.CLARIFICATION_REQUIRED);
    Clarification c = asked.clarification();
    assertThat(c.topic()).isEqualTo("metric");
    assertThat(c.options())
        .extracting(Clarification.Option::value)
        .containsExactlyInAnyOrder("transaction_count", "transaction_amount");
    Understanding answered =
        planning.understand(
            Planning.request(q),
            List.of(new ClarificationAnswer(c.id(), "transaction_amount", "ana")));
    assertThat(answered.decision()).as(answered.reason()).isEqualTo(Decision.PLAN);
    assertThat(answered.plan().steps().get(0).args()).containsEntry("metric", "transaction_amount");
  }

  @Test
  void anAnalysisWithoutAWindowAsksWhichPeriodWithTheYearsOfTheData() {
    String q = "Is anything unusual in the monthly cash withdrawal amount?";
    Understanding asked = planning.understand(Planning.request(q), List.of());
    assertThat(asked.decision()).isEqualTo(Decision.CLARIFICATION_REQUIRED);
    assertThat(asked.clarification().topic()).isEqualTo("time_range");
    assertThat(asked.clarification().options())
        .extracting(Clarification.Option::value)
        .contains("year:1997", "year:1993", "all");
    Understanding answered =
        planning.understand(
            Planning.request(q),
            List.of(new ClarificationAnswer("time_range", "year:1996", "ana")));
    assertThat(answered.decision()).isEqualTo(Decision.PLAN);
    assertThat(answered.plan().steps().get(0).args())
        .containsEntry("time", Map.of("kind", "year", "year", 1996));
  }

  @Test
  void twoAmbiguitiesAreAskedOneAfterTheOther() {
    String q = "Is the transaction volume unusual?";
    Understanding first = planning.understand(Planning.request(q), List.of());
    assertThat(first.clarification().topic()).isEqualTo("metric");
    List<ClarificationAnswer> answers =
        List.of(new ClarificationAnswer(first.clarification().id(), "transaction_count", "ana"));
    Understanding second = planning.understand(Planning.request(q), answers);
    assertThat(second.clarification().topic()).isEqualTo("time_range");
    Understanding done =
        planning.understand(
            Planning.request(q),
            List.of(answers.get(0), new ClarificationAnswer("time_range", "all", "ana")));
    assertThat(done.decision()).isEqualTo(Decision.PLAN);
    assertThat(done.plan().steps().get(0).args().get("time"))
        .isEqualTo(Map.of("kind", "range", "from", "1993-01-01", "to", "1998-12-31"));
  }

  @Test
  void whatCannotBeExpressedIsAnErrorThatSaysWhatIsMissing() {
    Understanding u =
        planning.understand(Planning.request("What is the revenue of our stores?"), List.of());
    assertThat(u.decision()).isEqualTo(Decision.ERROR);
    assertThat(u.error()).contains("'revenue'").contains("'stores'");
    assertThat(u.reason()).startsWith("RECEIVED → READ: abstained");
  }

  @Test
  void anAnalysisOfANonAdditiveMetricCannotDrillDown() {
    Understanding u =
        planning.understand(
            Planning.request("Drill down into the average balance in 1997"), List.of());
    assertThat(u.decision()).isEqualTo(Decision.ERROR);
    assertThat(u.error()).contains("sum or a count");
  }

  @Test
  void anotherDatasetIsAnError() {
    JobRequest r =
        new JobRequest("j", "How many loans?", "retail", "t", ApprovalMode.AUTO, 0, List.of(), "");
    Understanding u = planning.understand(r, List.of());
    assertThat(u.decision()).isEqualTo(Decision.ERROR);
    assertThat(u.error()).contains("'retail'").contains("financial");
  }

  // ------------------------------------------------------------ plain requests (issue 16)

  private Understanding understand(String q) {
    return planning.understand(Planning.request(q), List.of());
  }

  @Test
  void storedValuesImplyTheMetricAnAnalysisReads() {
    for (String q :
        List.of(
            "Keep an eye on the monthly cash withdrawals in 1997 and drill down if something seems"
                + " off",
            "Watch the monthly cash withdrawals of 1995; if anything looks weird, break it down")) {
      Understanding u = understand(q);
      assertThat(u.decision()).as(u.reason()).isEqualTo(Decision.PLAN);
      assertThat(u.plan().steps())
          .extracting(PlanStep::analysis)
          .as(q)
          .containsExactly("trend_anomaly", "drill_down");
      assertThat(String.valueOf(u.plan().steps().get(0).args().get("metric")))
          .startsWith("cash_withdrawal");
    }
  }

  @Test
  void aMetricsOwnWordsAreItsNameEvenWhenAnotherRuleTookThem() {
    for (String q :
        List.of(
            "Review the monthly number of credits in 1996 and flag anything odd",
            "Look at the monthly number of withdrawals in 1995 for anything unusual")) {
      Understanding u = understand(q);
      assertThat(u.decision()).as(u.reason()).isEqualTo(Decision.PLAN);
      assertThat(String.valueOf(u.plan().steps().get(0).args().get("metric"))).endsWith("_count");
    }
  }

  @Test
  void twoPeriodsNamedBoundTheWindow() {
    for (String q :
        List.of(
            "What drove the change in the credit amount between March 1997 and April 1997?",
            "Compare the cash withdrawal amount in May 1996 with April 1996 and drill down by"
                + " region")) {
      Understanding u = understand(q);
      assertThat(u.decision()).as(u.reason()).isEqualTo(Decision.PLAN);
      assertThat(u.plan().steps()).extracting(PlanStep::analysis).as(q).contains("drill_down");
    }
  }

  @Test
  void aSeriesOfStoredValuesIsADirectAnswer() {
    for (String q :
        List.of(
            "Show me cash withdrawals by month in 1997",
            "Give me the credits per month for 1996")) {
      Understanding u = understand(q);
      assertThat(u.decision()).as(u.reason()).isEqualTo(Decision.DIRECT_ANSWER);
      Pick p =
          PickJson.mapper().convertValue(u.plan().steps().get(0).args().get("pick"), Pick.class);
      assertThat(p.grain()).isNotNull();
    }
  }

  @Test
  void aMeasureNobodyNamedIsAskedWithTheClosestFirst() {
    Understanding u = understand("Anything unusual in the monthly balance figures for 1997?");
    assertThat(u.decision()).as(u.reason()).isEqualTo(Decision.CLARIFICATION_REQUIRED);
    assertThat(u.clarification().options().get(0).value()).isEqualTo("average_balance");
  }
}
