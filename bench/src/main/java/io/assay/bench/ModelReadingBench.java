package io.assay.bench;

import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.Capability;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import io.assay.analyses.AnalysisRegistry;
import io.assay.contract.job.ApprovalMode;
import io.assay.contract.job.JobRequest;
import io.assay.contract.plan.Understanding;
import io.assay.llm.ReadingPolicy;
import io.assay.recon.Recon;
import io.assay.recon.ReconLoader;
import io.assay.recon.knowledge.KnowledgeSource;
import io.assay.understand.QuestionReader;
import io.assay.understand.model.ModelReader;
import io.assay.understand.model.Readers;
import io.assay.understand.plan.DecisionMachine;
import io.assay.understand.plan.DeterministicPlanner;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The model reader's overhead outside the model call, side by side with the deterministic reader
 * alone, on questions the deterministic reader abstains on (own phrasings). The model answers at
 * once from memory, so {@code modelReader − deterministicAlone} is what reading with the model adds
 * besides the round trip: closed sets from recon, prompt, schema, reply check, composing the Pick,
 * planning. Target: under 20 ms per question. Recon from the bundled schema snapshot.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class ModelReadingBench {

  private static final String REPLY =
      "{\"understood\":true,\"metric\":\"%s\",\"time\":\"t1\",\"compare_with\":\"none\","
          + "\"grain\":\"%s\",\"filters\":[],\"group_by\":[],\"analyses\":%s,\"unclear\":\"\"}";

  /** Question, then the model's reply to it. */
  private static final List<String[]> QUESTIONS =
      List.of(
          new String[] {
            "How did card withdrawal amounts behave month by month in 1996, and what is behind"
                + " any oddity?",
            REPLY.formatted("card_withdrawal_amount", "month", "[\"anomaly\",\"drill_down\"]")
          },
          new String[] {
            "How much was withdrawn by card in 1996?",
            REPLY.formatted("card_withdrawal_amount", "none", "[]")
          },
          new String[] {
            "Gimme the monthly credit amount in 1997 pronto and zoom into anything weird",
            REPLY.formatted("credit_amount", "month", "[\"anomaly\",\"drill_down\"]")
          });

  /** Phrasings the deterministic reader reads into the same Picks and plans as the model does. */
  private static final List<String> READABLE =
      List.of(
          "Check the monthly card withdrawal amount in 1996 and drill down if anything is unusual",
          "Total card withdrawal amount in 1996",
          "Check the monthly credit amount in 1997 and drill down if anything is unusual");

  private DecisionMachine alone;
  private int nextReadable;
  private DecisionMachine withModel;
  private int next;

  @Setup(Level.Trial)
  public void setUp() {
    Recon recon =
        ReconLoader.fromSnapshot(
            ReconLoader.bundledSnapshot("financial"), KnowledgeSource.classpath("financial"));
    QuestionReader reader = QuestionReader.standard(recon);
    DeterministicPlanner planner =
        new DeterministicPlanner(AnalysisRegistry.discover(), () -> recon);
    alone = new DecisionMachine(reader, planner);
    ChatModel instant =
        new ChatModel() {
          @Override
          public ChatResponse doChat(ChatRequest request) {
            String asked = ((UserMessage) request.messages().get(1)).singleText();
            for (String[] q : QUESTIONS) {
              if (asked.contains(q[0])) {
                return ChatResponse.builder().aiMessage(AiMessage.from(q[1])).build();
              }
            }
            throw new IllegalStateException("not scripted");
          }

          @Override
          public Set<Capability> supportedCapabilities() {
            return Set.of(Capability.RESPONSE_FORMAT_JSON_SCHEMA);
          }
        };
    withModel =
        new DecisionMachine(
            reader,
            planner,
            new Readers(new ModelReader(instant, 20_000), ReadingPolicy.FALLBACK, null));
    // The comparison holds only if the model reader reads every question into a plan.
    for (String[] q : QUESTIONS) {
      Understanding u = withModel.decide(nextQuestion(), List.of());
      if (u.plan() == null || !u.plan().reason().startsWith(DecisionMachine.READ_BY_MODEL)) {
        throw new IllegalStateException("not read by the model reader: " + q[0] + ": " + u);
      }
    }
  }

  private JobRequest nextQuestion() {
    String q = QUESTIONS.get(next)[0];
    next = (next + 1) % QUESTIONS.size();
    return new JobRequest("bench", q, null, "bench", ApprovalMode.AUTO, 0, List.of(), "");
  }

  @Benchmark
  public Understanding deterministicAlone() {
    return alone.decide(nextQuestion(), List.of());
  }

  /** The same plans read deterministically: planning and composing without the model reader. */
  @Benchmark
  public Understanding deterministicReadsTheSame() {
    String q = READABLE.get(nextReadable);
    nextReadable = (nextReadable + 1) % READABLE.size();
    return alone.decide(
        new JobRequest("bench", q, null, "bench", ApprovalMode.AUTO, 0, List.of(), ""), List.of());
  }

  @Benchmark
  public Understanding modelReader() {
    return withModel.decide(nextQuestion(), List.of());
  }
}
