package io.assay.understand.model;

import static org.assertj.core.api.Assertions.assertThat;

import dev.langchain4j.model.chat.ChatModel;
import io.assay.analyses.AnalysisRegistry;
import io.assay.contract.job.ApprovalMode;
import io.assay.contract.job.JobRequest;
import io.assay.contract.plan.ClarificationAnswer;
import io.assay.contract.plan.Decision;
import io.assay.contract.plan.PlanStep;
import io.assay.contract.plan.Understanding;
import io.assay.llm.ReadingPolicy;
import io.assay.understand.ReaderCache;
import io.assay.understand.ReaderFixture;
import io.assay.understand.plan.DecisionMachine;
import io.assay.understand.plan.PlanningActivitiesImpl;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The model reader over real HTTP: langchain4j's OpenAI client against {@link
 * ScriptedOpenAiServer}, through the planning activity as the worker runs it. The questions are
 * phrasings the deterministic reader abstains on (own phrasings, not evaluation questions).
 */
class ModelReadingTest {

  /** The deterministic reader abstains on these ("behave", "oddity"; "withdrawn by card"). */
  static final String SERIES =
      "How did card withdrawal amounts behave month by month in 1996, and what is behind any"
          + " oddity?";

  static final String FIGURE = "How much was withdrawn by card in 1996?";

  /** The deterministic reader reads this one. */
  static final String PLAIN = "Total card withdrawal amount in 1996";

  static final String SERIES_REPLY =
      """
      {"understood":true,"metric":"card_withdrawal_amount","time":"t1","compare_with":"none",
       "grain":"month","filters":[],"group_by":[],"analyses":["anomaly","drill_down"],"unclear":""}
      """;

  static final String FIGURE_REPLY =
      """
      {"understood":true,"metric":"card_withdrawal_amount","time":"t1","compare_with":"none",
       "grain":"none","filters":[],"group_by":[],"analyses":[],"unclear":""}
      """;

  static final String INVENTED =
      """
      {"understood":true,"metric":"card_spend_total","time":"t1","compare_with":"none",
       "grain":"none","filters":[],"group_by":[],"analyses":[],"unclear":""}
      """;

  private static Understanding understand(
      ChatModel model, ReadingPolicy policy, String question, List<ClarificationAnswer> answers) {
    PlanningActivitiesImpl planning =
        new PlanningActivitiesImpl(
            ReaderFixture::recon,
            AnalysisRegistry.discover(),
            new ReaderCache(ReaderFixture::recon, r -> ReaderFixture.reader()),
            model,
            policy,
            20_000);
    return planning.understand(
        new JobRequest(
            "job-model", question, "financial", "tester", ApprovalMode.AUTO, 0, List.of(), ""),
        answers);
  }

  @Test
  void aQuestionTheDeterministicReaderAbstainsOnIsReadByTheModelIntoAPlan() {
    try (ScriptedOpenAiServer server = new ScriptedOpenAiServer(SERIES_REPLY)) {
      Understanding u = understand(server.model(), ReadingPolicy.FALLBACK, SERIES, List.of());

      assertThat(u.decision()).isEqualTo(Decision.PLAN);
      assertThat(server.requests).hasSize(1);
      assertThat(u.plan().steps())
          .extracting(PlanStep::analysis)
          .containsExactly("trend_anomaly", "drill_down");
      assertThat(u.plan().steps().get(0).args())
          .containsEntry("metric", "card_withdrawal_amount")
          .containsEntry("grain", "month")
          .containsEntry("time", Map.of("kind", "year", "year", 1996));
      assertThat(u.plan().reason()).startsWith(DecisionMachine.READ_BY_MODEL);
      assertThat(u.reason()).contains("Reader: model reader").contains("1 model call");
      String sent = server.requests.get(0);
      // structured output: the reply schema's enums are the closed sets
      assertThat(sent).contains("json_schema").contains("card_withdrawal_amount");
      assertThat(sent).contains("t1").contains("VYBER KARTOU");
    }
  }

  @Test
  void eachModelReadingIsKeptForTheJobWithItsRawReplies() {
    List<String> kept = new java.util.ArrayList<>();
    try (ScriptedOpenAiServer server = new ScriptedOpenAiServer(INVENTED, FIGURE_REPLY)) {
      PlanningActivitiesImpl planning =
          new PlanningActivitiesImpl(
              ReaderFixture::recon,
              AnalysisRegistry.discover(),
              new ReaderCache(ReaderFixture::recon, r -> ReaderFixture.reader()),
              server.model(),
              ReadingPolicy.FALLBACK,
              20_000,
              (job, m) -> kept.add(job + " " + m.calls() + " " + m.tokens() + " " + m.replies()));
      planning.understand(
          new JobRequest(
              "job-kept", FIGURE, "financial", "tester", ApprovalMode.AUTO, 0, List.of(), ""),
          List.of());
    }
    assertThat(kept).hasSize(1);
    assertThat(kept.get(0)).startsWith("job-kept 2 1920 ").contains("card_spend_total");
  }

  @Test
  void aPlainFigureBecomesADirectAnswer() {
    try (ScriptedOpenAiServer server = new ScriptedOpenAiServer(FIGURE_REPLY)) {
      Understanding u = understand(server.model(), ReadingPolicy.FALLBACK, FIGURE, List.of());

      assertThat(u.decision()).isEqualTo(Decision.DIRECT_ANSWER);
      assertThat(u.plan().steps()).hasSize(1);
      assertThat(server.requests).hasSize(1);
    }
  }

  @Test
  void inFallbackTheModelIsNotCalledForWhatTheDeterministicReaderReads() {
    try (ScriptedOpenAiServer server = new ScriptedOpenAiServer()) {
      Understanding u = understand(server.model(), ReadingPolicy.FALLBACK, PLAIN, List.of());

      assertThat(u.decision()).isEqualTo(Decision.DIRECT_ANSWER);
      assertThat(server.requests).isEmpty();
    }
  }

  @Test
  void anInvalidReplyIsRetriedOnceWithTheValidationError() {
    try (ScriptedOpenAiServer server = new ScriptedOpenAiServer(INVENTED, FIGURE_REPLY)) {
      Understanding u = understand(server.model(), ReadingPolicy.FALLBACK, FIGURE, List.of());

      assertThat(u.decision()).isEqualTo(Decision.DIRECT_ANSWER);
      assertThat(server.requests).hasSize(2);
      assertThat(server.requests.get(1))
          .contains("was rejected")
          .contains("card_spend_total")
          .contains("is not one of the allowed metrics");
      assertThat(u.reason()).contains("2 model calls").contains("first reply was rejected");
    }
  }

  @Test
  void outOfSetNamesTwiceAskThePersonAndTheAnswerIsApplied() {
    try (ScriptedOpenAiServer server = new ScriptedOpenAiServer(INVENTED, INVENTED)) {
      Understanding u = understand(server.model(), ReadingPolicy.FALLBACK, FIGURE, List.of());

      assertThat(u.decision()).isEqualTo(Decision.CLARIFICATION_REQUIRED);
      assertThat(u.plan()).isNull();
      assertThat(server.requests).hasSize(2);
      assertThat(u.clarification().id()).isEqualTo("model-metric");
      assertThat(u.clarification().question()).contains("card_spend_total");
      assertThat(u.clarification().options())
          .extracting(o -> o.value())
          .contains("card_withdrawal_amount")
          .doesNotContain("card_spend_total");
    }
    // The person's choice replaces the model's, even when the model insists.
    try (ScriptedOpenAiServer server = new ScriptedOpenAiServer(INVENTED)) {
      Understanding u =
          understand(
              server.model(),
              ReadingPolicy.FALLBACK,
              FIGURE,
              List.of(new ClarificationAnswer("model-metric", "card_withdrawal_amount", "tester")));

      assertThat(u.decision()).isEqualTo(Decision.DIRECT_ANSWER);
      assertThat(server.requests).hasSize(1);
      assertThat(server.requests.get(0)).contains("The person chose for 'metric'");
    }
  }

  @Test
  void malformedJsonTwiceLeavesTheDeterministicOutcome() {
    try (ScriptedOpenAiServer server =
        new ScriptedOpenAiServer(ScriptedOpenAiServer.MALFORMED, ScriptedOpenAiServer.MALFORMED)) {
      Understanding u = understand(server.model(), ReadingPolicy.FALLBACK, FIGURE, List.of());

      assertThat(u.decision()).isEqualTo(Decision.ERROR);
      assertThat(server.requests).hasSize(2);
      assertThat(u.reason()).contains("model reader").contains("not JSON");
    }
  }

  @Test
  void anUnreachableModelSaysSoAndTheJobBehavesAsWithoutOne() {
    try (ScriptedOpenAiServer server = new ScriptedOpenAiServer(ScriptedOpenAiServer.TIMEOUT)) {
      Understanding u = understand(server.model(), ReadingPolicy.FALLBACK, FIGURE, List.of());
      Understanding without = understand(null, ReadingPolicy.FALLBACK, FIGURE, List.of());

      assertThat(server.requests).hasSize(1);
      assertThat(u.decision()).isEqualTo(without.decision()).isEqualTo(Decision.ERROR);
      assertThat(u.error()).startsWith(without.error()).contains("could not be reached");
    }
  }

  /** A job's log as the worker keeps it: every reading, and the tokens they spent together. */
  static final class JobLog implements ReadingLog {
    final List<ModelReading> kept = new java.util.ArrayList<>();
    long before;

    @Override
    public void keep(String jobId, ModelReading reading) {
      kept.add(reading);
    }

    @Override
    public long tokensSpent(String jobId) {
      return before + kept.stream().mapToLong(ModelReading::tokens).sum();
    }
  }

  private static Understanding understand(
      ChatModel model, JobLog log, int budget, List<ClarificationAnswer> answers) {
    return new PlanningActivitiesImpl(
            ReaderFixture::recon,
            AnalysisRegistry.discover(),
            new ReaderCache(ReaderFixture::recon, r -> ReaderFixture.reader()),
            model,
            ReadingPolicy.FALLBACK,
            budget,
            log)
        .understand(
            new JobRequest(
                "job-budget", FIGURE, "financial", "tester", ApprovalMode.AUTO, 0, List.of(), ""),
            answers);
  }

  @Test
  void theTokenBudgetIsTheJobsAReadingAfterAnAnswerMakesNoCallOnceItIsSpent() {
    JobLog log = new JobLog();
    try (ScriptedOpenAiServer server = new ScriptedOpenAiServer(INVENTED, INVENTED, FIGURE_REPLY)) {
      // 960 tokens a call: the first reading retries (960 < 1500) and asks the person.
      Understanding asked = understand(server.model(), log, 1500, List.of());
      assertThat(asked.decision()).isEqualTo(Decision.CLARIFICATION_REQUIRED);
      assertThat(server.requests).hasSize(2);

      // The answer re-reads the question: the job has spent 1920 of its 1500, so no call.
      Understanding after =
          understand(
              server.model(),
              log,
              1500,
              List.of(new ClarificationAnswer("model-metric", "card_withdrawal_amount", "tester")));
      assertThat(server.requests).hasSize(2);
      assertThat(after.decision()).isEqualTo(Decision.ERROR);
      assertThat(after.error()).contains("token budget for the model (1500) is spent");
      ModelReading last = log.kept.get(log.kept.size() - 1);
      assertThat(last.calls()).isZero();
      assertThat(last.budgetSpent()).isTrue();
      assertThat(last.jobNotice())
          .startsWith("The job's token budget for the model (1500) is spent")
          .endsWith("read without the model.");

      // With budget left the same answer is read by the model (one call, the person's metric).
      JobLog roomy = new JobLog();
      roomy.before = 1920;
      Understanding read =
          understand(
              server.model(),
              roomy,
              20_000,
              List.of(new ClarificationAnswer("model-metric", "card_withdrawal_amount", "tester")));
      assertThat(read.decision()).isEqualTo(Decision.DIRECT_ANSWER);
      assertThat(server.requests).hasSize(3);
    }
  }

  @Test
  void noRetryOnceTheJobsEarlierReadingsAndThisCallReachTheBudget() {
    JobLog log = new JobLog();
    log.before = 600;
    try (ScriptedOpenAiServer server =
        new ScriptedOpenAiServer(ScriptedOpenAiServer.MALFORMED, FIGURE_REPLY)) {
      Understanding u = understand(server.model(), log, 1500, List.of());

      assertThat(server.requests).hasSize(1);
      assertThat(u.reason()).contains("the job's token budget (1500) is spent");
      assertThat(log.kept).singleElement().satisfies(m -> assertThat(m.jobNotice()).isNull());
    }
  }

  @Test
  void theModelReadersCallsAreTimedAndTheirTokensCountedInTheLlmMetrics() {
    io.micrometer.core.instrument.simple.SimpleMeterRegistry meters =
        new io.micrometer.core.instrument.simple.SimpleMeterRegistry();
    try (ScriptedOpenAiServer server = new ScriptedOpenAiServer(INVENTED, FIGURE_REPLY)) {
      ChatModel observed =
          new io.assay.llm.ObservedChatModel(
              server.model(),
              new io.assay.llm.LlmCallListener(
                  io.opentelemetry.api.OpenTelemetry.noop().getTracer("test"), meters));
      understand(observed, new JobLog(), 20_000, List.of());
    }
    assertThat(meters.get("assay.llm.call").tag("outcome", "ok").timer().count()).isEqualTo(2);
    assertThat(
            meters
                .get("assay.llm.call")
                .timer()
                .totalTime(java.util.concurrent.TimeUnit.NANOSECONDS))
        .isPositive();
    assertThat(meters.get("assay.llm.tokens").tag("type", "input").counter().count())
        .isEqualTo(1800);
    assertThat(meters.get("assay.llm.tokens").tag("type", "output").counter().count())
        .isEqualTo(120);
  }

  @Test
  void anUnreachableModelGivesAJobNotice() {
    JobLog log = new JobLog();
    try (ScriptedOpenAiServer server = new ScriptedOpenAiServer(ScriptedOpenAiServer.TIMEOUT)) {
      understand(server.model(), log, 20_000, List.of());
    }
    assertThat(log.kept)
        .singleElement()
        .satisfies(
            m ->
                assertThat(m.jobNotice())
                    .startsWith("The model could not be reached (")
                    .endsWith("; the question was read without the model."));
  }

  @Test
  void alwaysAsksWhenTheReadersDisagreeShowingBoth() {
    String other = FIGURE_REPLY.replace("card_withdrawal_amount", "card_withdrawal_count");
    try (ScriptedOpenAiServer server = new ScriptedOpenAiServer(other, FIGURE_REPLY)) {
      Understanding u = understand(server.model(), ReadingPolicy.ALWAYS, PLAIN, List.of());

      assertThat(u.decision()).isEqualTo(Decision.CLARIFICATION_REQUIRED);
      assertThat(u.clarification().options())
          .extracting(o -> o.label())
          .anySatisfy(l -> assertThat(l).contains("card withdrawal amount"))
          .anySatisfy(l -> assertThat(l).contains("card withdrawal count"));

      // the same reading from both: no question, the deterministic Pick
      Understanding agreed = understand(server.model(), ReadingPolicy.ALWAYS, PLAIN, List.of());
      assertThat(agreed.decision()).isEqualTo(Decision.DIRECT_ANSWER);
      assertThat(agreed.reason()).contains("read it the same way");
      assertThat(server.requests).hasSize(2);
    }
  }
}
