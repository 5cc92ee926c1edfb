package io.assay.evals;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.assay.analyses.AnalysisRegistry;
import io.assay.contract.job.ApprovalMode;
import io.assay.contract.job.JobRequest;
import io.assay.contract.plan.Understanding;
import io.assay.understand.QuestionReader;
import io.assay.understand.plan.DecisionMachine;
import io.assay.understand.plan.DeterministicPlanner;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * {@code ./assay bench understand [FILE] [--runs N] [--json]}: deterministic understanding plus
 * planning per question (reader, decision, deterministic planner; no database, no LLM), timed after
 * a warm-up. Questions: those of a BIRD file when given, and the product's own scenario,
 * clarification and time-window questions. Prints each question's median and p90 and the median
 * over all runs of all questions (target: under 50 ms).
 */
public final class UnderstandBenchmark {

  /** Product questions timed besides the BIRD file's. */
  public static final List<String> PRODUCT_QUESTIONS =
      List.of(
          "Check the monthly cash withdrawal amount in 1997 and drill down if anything is unusual",
          "What was the transaction volume in 1997?",
          "Is anything unusual in the monthly cash withdrawal amount?",
          "What was the total amount of credits last quarter?",
          "List the top nine districts by number of crimes committed in 1996.",
          "Forecast the monthly cash withdrawal amount in Sokolov");

  /** One question's timings, in milliseconds. */
  public record Timing(String question, String decision, double medianMs, double p90Ms) {}

  public record Result(
      List<Timing> questions, double medianMs, double p90Ms, double p99Ms, int runs) {}

  private final DecisionMachine machine;

  public UnderstandBenchmark(QuestionReader reader, AnalysisRegistry registry) {
    this.machine = new DecisionMachine(reader, new DeterministicPlanner(registry, reader::recon));
  }

  /** Understands and plans one question (what is timed). */
  public Understanding once(String question, String hint) {
    return machine.decide(
        new JobRequest("bench", question, null, "bench", ApprovalMode.AUTO, 0, List.of(), hint),
        List.of());
  }

  /** Times each question {@code runs} times after {@code warmup} untimed rounds over all. */
  public Result measure(List<String[]> questions, int warmup, int runs) {
    for (int w = 0; w < warmup; w++) {
      for (String[] q : questions) {
        once(q[0], q[1]);
      }
    }
    List<Timing> timings = new ArrayList<>();
    List<Double> all = new ArrayList<>();
    for (String[] q : questions) {
      double[] ms = new double[runs];
      String decision = "";
      for (int i = 0; i < runs; i++) {
        long t0 = System.nanoTime();
        decision = once(q[0], q[1]).decision().name();
        ms[i] = (System.nanoTime() - t0) / 1e6;
        all.add(ms[i]);
      }
      Arrays.sort(ms);
      timings.add(new Timing(q[0], decision, percentile(ms, 0.5), percentile(ms, 0.9)));
    }
    double[] every = all.stream().mapToDouble(Double::doubleValue).sorted().toArray();
    return new Result(
        List.copyOf(timings),
        percentile(every, 0.5),
        percentile(every, 0.9),
        percentile(every, 0.99),
        runs);
  }

  static double percentile(double[] sorted, double p) {
    if (sorted.length == 0) {
      return Double.NaN;
    }
    int i = (int) Math.ceil(p * sorted.length) - 1;
    return sorted[Math.max(0, Math.min(sorted.length - 1, i))];
  }

  /**
   * The CLI entry: {@code args} follow {@code bench understand}: {@code [FILE] [--runs N]
   * [--json]}.
   *
   * @return 0, or 2 for a usage error (message on {@code err})
   */
  public static int run(
      String[] args,
      PrintStream out,
      PrintStream err,
      QuestionReader reader,
      AnalysisRegistry registry) {
    String file = null;
    int runs = 20;
    boolean json = false;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--json" -> json = true;
        case "--runs" -> {
          if (i + 1 >= args.length) {
            err.println("--runs needs a number");
            return 2;
          }
          try {
            runs = Integer.parseInt(args[++i]);
          } catch (NumberFormatException e) {
            err.println("--runs needs a whole number, got '" + args[i] + "'");
            return 2;
          }
          if (runs < 1 || runs > 10_000) {
            err.println("--runs must be within 1..10000");
            return 2;
          }
        }
        default -> {
          if (args[i].startsWith("-") || file != null) {
            err.println("usage: assay bench understand [FILE] [--runs N] [--json]");
            return 2;
          }
          file = args[i];
        }
      }
    }
    List<String[]> questions = new ArrayList<>();
    if (file != null) {
      Path path = Path.of(file);
      if (!Files.isReadable(path)) {
        err.println("cannot read " + path.toAbsolutePath());
        return 2;
      }
      try {
        for (BirdQuestion q : BirdQuestion.read(path)) {
          questions.add(new String[] {q.question(), q.evidence()});
        }
      } catch (IOException | IllegalArgumentException e) {
        err.println(e.getMessage());
        return 2;
      }
    }
    PRODUCT_QUESTIONS.forEach(q -> questions.add(new String[] {q, ""}));
    Result r = new UnderstandBenchmark(reader, registry).measure(questions, 3, runs);
    if (json) {
      ObjectMapper m = new ObjectMapper();
      ObjectNode root = m.createObjectNode();
      root.put("median_ms", round(r.medianMs()));
      root.put("p90_ms", round(r.p90Ms()));
      root.put("p99_ms", round(r.p99Ms()));
      root.put("runs_per_question", r.runs());
      ArrayNode qs = root.putArray("questions");
      for (Timing t : r.questions()) {
        qs.addObject()
            .put("question", t.question())
            .put("decision", t.decision())
            .put("median_ms", round(t.medianMs()))
            .put("p90_ms", round(t.p90Ms()));
      }
      out.println(root);
    } else {
      for (Timing t : r.questions()) {
        out.printf(
            "%8.2f ms  p90 %8.2f ms  %-22s %s%n",
            t.medianMs(),
            t.p90Ms(),
            t.decision(),
            t.question().length() > 90 ? t.question().substring(0, 87) + "..." : t.question());
      }
      out.printf(
          "understand+plan per question: median %.2f ms, p90 %.2f ms, p99 %.2f ms (%d questions"
              + " × %d runs; target median < 20 ms, p99 < 100 ms)%n",
          r.medianMs(), r.p90Ms(), r.p99Ms(), r.questions().size(), r.runs());
    }
    return 0;
  }

  private static double round(double ms) {
    return Math.round(ms * 100) / 100.0;
  }
}
