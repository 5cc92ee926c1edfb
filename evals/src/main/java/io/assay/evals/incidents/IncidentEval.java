package io.assay.evals.incidents;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.assay.analyses.AnalysisRegistry;
import io.assay.contract.job.ApprovalMode;
import io.assay.contract.job.JobRequest;
import io.assay.contract.plan.Decision;
import io.assay.contract.plan.PlanStep;
import io.assay.contract.plan.Understanding;
import io.assay.understand.QuestionReader;
import io.assay.understand.plan.DecisionMachine;
import io.assay.understand.plan.DeterministicPlanner;
import java.io.PrintStream;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code assay eval incidents [--dataset NAME] [--seed N] [--count K] [--json]}: the incident
 * benchmark. Each case injects one incident (or none) into a copy of the dataset's schema that is
 * served as a dataset of its own, asks a generated question as a job of the real workflow with
 * auto-approval (question, plan, analyses, report on the worker), and scores what the job's
 * persisted findings report.
 */
public final class IncidentEval {
  private IncidentEval() {}

  /** Options of one run. */
  public record Options(String dataset, long seed, int count, boolean json) {
    public static Options parse(String[] args) {
      String dataset = null;
      long seed = 1;
      int count = 40;
      boolean json = false;
      for (int i = 0; i < args.length; i++) {
        switch (args[i]) {
          case "--dataset" -> dataset = value(args, ++i, "--dataset");
          case "--seed" -> seed = Long.parseLong(value(args, ++i, "--seed"));
          case "--count" -> count = Integer.parseInt(value(args, ++i, "--count"));
          case "--json" -> json = true;
          default ->
              throw new IllegalArgumentException(
                  "unknown option " + args[i] + " for eval incidents");
        }
      }
      if (count < 1 || count > 1000) {
        throw new IllegalArgumentException("--count must be 1..1000, got " + count);
      }
      return new Options(dataset, seed, count, json);
    }

    private static String value(String[] args, int i, String option) {
      if (i >= args.length) {
        throw new IllegalArgumentException(option + " needs a value");
      }
      return args[i];
    }
  }

  /**
   * Runs the benchmark on {@code copy}, served as dataset {@code dataset}: each case is injected,
   * asked as a job through {@code jobs}, scored from what the job persisted and undone.
   */
  public static int run(
      Options o,
      IncidentSchema copy,
      String dataset,
      JobPath jobs,
      PrintStream out,
      PrintStream err)
      throws SQLException {
    long t0 = System.nanoTime();
    List<CaseResult> results = new ArrayList<>();
    IncidentGenerator generator = new IncidentGenerator(copy);
    AnalysisRegistry registry = AnalysisRegistry.discover();
    // The benchmark's own reading of a question, used only to choose what to inject (metrics
    // whose every phrasing is planned as a trend scan and a drill-down; the drill's dimensions as
    // slices). The job reads and plans the question again, as it would any question.
    QuestionReader questions = QuestionReader.standard(copy.recon);
    DecisionMachine machine =
        new DecisionMachine(questions, new DeterministicPlanner(registry, () -> copy.recon));
    List<String> unread = new ArrayList<>();
    generator.restrict(
        m -> {
          for (int t = 0; t < Phrasings.TEMPLATES.size(); t++) {
            String q = Phrasings.question(t, m.name().replace('_', ' '), 1997);
            Understanding u = machine.decide(request("incident-eval-check", q, dataset), List.of());
            if (u.decision() != Decision.PLAN || drillDimensions(u.plan().steps()).isEmpty()) {
              unread.add(q + " → " + u.decision() + (u.error() == null ? "" : ": " + u.error()));
              return false;
            }
          }
          return true;
        });
    for (String q : unread) {
      err.println("eval incidents: not planned, metric left out: " + q);
    }
    err.println("eval incidents: metrics " + generator.metricNames());
    for (int i = 0; i < o.count(); i++) {
      IncidentGenerator.Draft d = generator.draft(i, o.seed());
      Understanding u =
          machine.decide(request("incident-eval-draft", d.question(), dataset), List.of());
      List<String> dims = u.plan() == null ? List.of() : drillDimensions(u.plan().steps());
      try {
        IncidentCase c = generator.inject(i, d, dims);
        if (IncidentDump.folder() != null) {
          IncidentDump.write(IncidentDump.folder(), o.seed(), c, dims, copy);
        }
        CaseResult r = CaseResult.of(c, jobs.run(d.question()));
        r = r.withSameSlice(SameSlice.among(copy, c, r.named()));
        results.add(r);
        // Progress: the table on stdout, or (with --json) the same line on stderr.
        (o.json() ? err : out).println(line(r));
      } catch (RuntimeException e) {
        err.println("case " + i + " could not be run: " + e.getMessage());
        throw e;
      } finally {
        copy.restore();
      }
    }
    IncidentScore score = IncidentScore.of(results, (System.nanoTime() - t0) / 1e9);
    if (o.json()) {
      try {
        out.println(new ObjectMapper().writeValueAsString(score.json(o)));
      } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
        throw new IllegalStateException(e);
      }
    } else {
      out.println(score.table(o));
    }
    return 0;
  }

  private static JobRequest request(String id, String question, String dataset) {
    return new JobRequest(id, question, dataset, "eval", ApprovalMode.AUTO, 0, List.of(), null);
  }

  @SuppressWarnings("unchecked")
  private static List<String> drillDimensions(List<PlanStep> steps) {
    for (PlanStep s : steps) {
      if (s.analysis().equals("drill_down") && s.args().get("dimensions") instanceof List<?> l) {
        return (List<String>) l;
      }
    }
    return List.of();
  }

  private static String line(CaseResult r) {
    IncidentCase c = r.incident();
    return String.format(
        Locale.ROOT,
        "%3d %-6s %-26s %-28s %s x%d %+.1f noise | %s flagged=%s %s named=%s %s%s",
        c.index(),
        c.kind().label(),
        c.metric(),
        c.dimension() == null ? "-" : c.dimension() + "=" + String.join("+", c.values()),
        c.start(),
        c.months(),
        c.noise() > 0 ? c.change() / c.noise() : 0,
        r.decision(),
        r.flagged() ? r.from() + ".." + r.to() : "no",
        r.direction() == null ? "" : r.direction(),
        r.named().subList(0, Math.min(3, r.named().size())),
        r.consistent() == null ? "" : r.consistent() ? "consistent" : "INCONSISTENT",
        r.note().isEmpty() ? "" : " [" + r.note() + "]");
  }

  static Map<String, Object> caseJson(CaseResult r) {
    IncidentCase c = r.incident();
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("index", c.index());
    m.put("kind", c.kind().label());
    m.put("metric", c.metric());
    m.put("dimension", c.dimension());
    m.put("values", c.values());
    m.put("start", c.start().toString());
    m.put("months", c.months());
    m.put("change_in_noise", c.noise() > 0 ? c.change() / c.noise() : 0);
    m.put("question", c.question());
    m.put("job", r.job());
    m.put("decision", r.decision());
    m.put("flagged", r.flagged() ? r.from() + ".." + r.to() : null);
    m.put("direction", r.direction());
    m.put("named", r.named());
    m.put("period_hit", r.periodHit());
    m.put("cause_hit_at_1", r.causeHit(1));
    m.put("cause_hit_at_3", r.causeHit(3));
    m.put("cause_hit_at_1_strict", r.strictCauseHit(1));
    m.put("same_slice", List.copyOf(r.sameSlice()));
    m.put("false_alarm", r.falseAlarm());
    m.put("consistent", r.consistent());
    m.put("note", r.note());
    m.put("named_by", r.namedBy());
    m.put("trace", r.trace());
    return m;
  }
}
