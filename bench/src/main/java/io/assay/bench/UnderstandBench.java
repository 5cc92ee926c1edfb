package io.assay.bench;

import io.assay.analyses.AnalysisRegistry;
import io.assay.contract.plan.Understanding;
import io.assay.evals.BirdQuestion;
import io.assay.evals.UnderstandBenchmark;
import io.assay.recon.Recon;
import io.assay.recon.ReconLoader;
import io.assay.recon.knowledge.KnowledgeSource;
import io.assay.understand.QuestionReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
 * Deterministic understanding + planning per question: the question reader (lexicon, value index,
 * time expressions, MiniLM for unknown words), the decision machine and the deterministic planner,
 * with no database and no LLM. Each invocation handles the next question of the set in turn, so
 * SampleTime's median is the median over questions; target under 50 ms. The set is the BIRD dev
 * file ({@code -Dassay.bird.file}, default {@code ../shared/evals/bird_financial_dev.json}, skipped
 * when absent) plus the product's own scenario, clarification and time-window questions. Recon
 * comes from the bundled schema snapshot.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class UnderstandBench {

  private UnderstandBenchmark bench;
  private final List<String[]> questions = new ArrayList<>();
  private int next;

  @Setup(Level.Trial)
  public void setUp() throws IOException {
    Recon recon =
        ReconLoader.fromSnapshot(
            ReconLoader.bundledSnapshot("financial"), KnowledgeSource.classpath("financial"));
    bench = new UnderstandBenchmark(QuestionReader.standard(recon), AnalysisRegistry.discover());
    Path bird =
        Path.of(System.getProperty("assay.bird.file", "../shared/evals/bird_financial_dev.json"));
    if (Files.isReadable(bird)) {
      for (BirdQuestion q : BirdQuestion.read(bird)) {
        questions.add(new String[] {q.question(), q.evidence()});
      }
    }
    UnderstandBenchmark.PRODUCT_QUESTIONS.forEach(q -> questions.add(new String[] {q, ""}));
  }

  @Benchmark
  public Understanding understandAndPlan() {
    String[] q = questions.get(next);
    next = (next + 1) % questions.size();
    return bench.once(q[0], q[1]);
  }
}
