package io.assay.understand.plan;

import static org.assertj.core.api.Assertions.assertThat;

import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.json.JsonArraySchema;
import dev.langchain4j.model.chat.request.json.JsonEnumSchema;
import dev.langchain4j.model.chat.request.json.JsonObjectSchema;
import io.assay.contract.plan.Decision;
import io.assay.contract.plan.PlanStep;
import io.assay.contract.plan.Understanding;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The LLM planner driven by a scripted chat model. */
class LlmPlannerTest {

  private static final String SCENARIO =
      "Check the monthly cash withdrawal amount in 1997 and drill down if anything is unusual";

  private static final String GOOD =
      """
      {"steps":[
        {"analysis":"trend_anomaly","why":"scan the months of 1997",
         "args":{"metric":"cash_withdrawal_amount","grain":"month","time":{"kind":"year","year":1997,"month":null}}},
        {"analysis":"drill_down","why":"explain the unusual month",
         "args":{"metric":"cash_withdrawal_amount","dimensions":["district.a3","district.a2"],
                 "time":{"kind":"year","year":1997}}}],
       "reason":"scan then explain"}""";

  private static Understanding understand(ScriptedChatModel model, String question) {
    return Planning.activities(model).understand(Planning.request(question), List.of());
  }

  private static String lastUserText(ChatRequest r) {
    ChatMessage m = r.messages().get(r.messages().size() - 1);
    return ((UserMessage) m).singleText();
  }

  @Test
  void aValidReplyBecomesThePlanAndTheRequestCarriesEnumsFromReconAndTheCatalog() {
    ScriptedChatModel model = new ScriptedChatModel(GOOD);
    Understanding u = understand(model, SCENARIO);
    assertThat(u.decision()).isEqualTo(Decision.PLAN);
    assertThat(u.plan().reason()).startsWith("LLM planner: scan then explain");
    assertThat(u.plan().steps())
        .extracting(PlanStep::analysis)
        .containsExactly("trend_anomaly", "drill_down");
    assertThat(u.plan().steps().get(1).args())
        .containsEntry("dimensions", List.of("district.a3", "district.a2"))
        .containsEntry("time", Map.of("kind", "year", "year", 1997));

    assertThat(model.requests).hasSize(1);
    ChatRequest r = model.requests.get(0);
    JsonObjectSchema root = (JsonObjectSchema) r.responseFormat().jsonSchema().rootElement();
    JsonObjectSchema step =
        (JsonObjectSchema) ((JsonArraySchema) root.properties().get("steps")).items();
    assertThat(((JsonEnumSchema) step.properties().get("analysis")).enumValues())
        .contains("trend_anomaly", "drill_down", "direct_answer", "forecast");
    JsonObjectSchema args = (JsonObjectSchema) step.properties().get("args");
    assertThat(((JsonEnumSchema) args.properties().get("metric")).enumValues())
        .contains("cash_withdrawal_amount", "loan_count")
        .doesNotContain("revenue");
    assertThat(args.properties()).doesNotContainKeys("filters", "pick");
    assertThat(lastUserText(r))
        .contains(SCENARIO)
        .contains("cash_withdrawal_amount")
        .doesNotContain("SELECT");
  }

  @Test
  void aMalformedReplyIsRetriedOnceWithTheErrorThenAccepted() {
    ScriptedChatModel model = new ScriptedChatModel("Sure! I would run a trend analysis.", GOOD);
    Understanding u = understand(model, SCENARIO);
    assertThat(model.requests).hasSize(2);
    assertThat(lastUserText(model.requests.get(1))).contains("rejected").contains("not JSON");
    assertThat(u.plan().reason()).startsWith("LLM planner (its first reply was rejected");
    assertThat(u.plan().steps()).hasSize(2);
  }

  @Test
  void outOfSetChoicesTwiceFallBackToTheDeterministicPlanner() {
    String revenue =
        """
        {"steps":[{"analysis":"trend_anomaly","why":"x",
          "args":{"metric":"revenue","time":{"kind":"year","year":1997}}}],"reason":"r"}""";
    String sql =
        """
        {"steps":[{"analysis":"run_sql","why":"x","args":{"sql":"SELECT 1"}}],"reason":"r"}""";
    ScriptedChatModel model = new ScriptedChatModel(revenue, sql);
    Understanding u = understand(model, SCENARIO);
    assertThat(model.requests).hasSize(2);
    assertThat(lastUserText(model.requests.get(1))).contains("unknown metric 'revenue'");
    assertThat(u.decision()).isEqualTo(Decision.PLAN);
    assertThat(u.plan().reason())
        .startsWith("LLM plan not usable")
        .contains("unknown metric 'revenue'")
        .contains("'run_sql' is not one of")
        .contains("deterministic plan");
    assertThat(u.plan().steps())
        .extracting(PlanStep::analysis)
        .containsExactly("trend_anomaly", "drill_down");
  }

  @Test
  void argsAnAnalysisDoesNotTakeOrThatComeFromTheQuestionAreRejected() {
    String extra =
        """
        {"steps":[{"analysis":"forecast","why":"x",
          "args":{"metric":"cash_withdrawal_amount","dimensions":["district.a2"],
                  "filters":[{"kind":"compare","column":"trans.type","op":"eq","value":"VYDAJ"}]}}],
         "reason":"r"}""";
    ScriptedChatModel model = new ScriptedChatModel(extra, GOOD);
    Understanding u = understand(model, SCENARIO);
    String retry = lastUserText(model.requests.get(1));
    assertThat(retry).contains("forecast has no such argument").contains("comes from the question");
    assertThat(u.plan().steps()).hasSize(2);
  }

  @Test
  void anUnreachableModelFallsBackWithoutRetrying() {
    ScriptedChatModel model = new ScriptedChatModel(new RuntimeException("connection refused"));
    Understanding u = understand(model, SCENARIO);
    assertThat(model.requests).hasSize(1);
    assertThat(u.plan().reason())
        .contains("could not be reached: connection refused")
        .contains("deterministic plan");
    assertThat(u.plan().steps()).hasSize(2);
  }

  @Test
  void aDirectQuestionDoesNotAskTheModel() {
    ScriptedChatModel model = new ScriptedChatModel();
    Understanding u = understand(model, "How many loans were approved in 1997?");
    assertThat(u.decision()).isEqualTo(Decision.DIRECT_ANSWER);
    assertThat(model.requests).isEmpty();
  }

  @Test
  void filtersOfTheQuestionAreAddedToTheModelsSteps() {
    String forecast =
        """
        ```json
        {"steps":[{"analysis":"forecast","why":"next months",
          "args":{"metric":"cash_withdrawal_amount","grain":"month","horizon":3}}],"reason":"r"}
        ```""";
    ScriptedChatModel model = new ScriptedChatModel(forecast, GOOD);
    Understanding u = understand(model, "Forecast the monthly cash withdrawal amount in Sokolov");
    assertThat(model.requests).as(u.reason()).hasSize(1);
    assertThat(u.decision()).as(u.reason()).isEqualTo(Decision.PLAN);
    assertThat(u.plan().steps())
        .singleElement()
        .satisfies(
            s -> {
              assertThat(s.args()).containsEntry("horizon", 3).containsKey("filters");
              assertThat(s.args().get("filters").toString()).contains("district.a2", "Sokolov");
            });
  }
}
