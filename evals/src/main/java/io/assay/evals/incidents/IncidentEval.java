package io.assay.evals.incidents;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.assay.algorithms.forecast.StatisticalForecaster;
import io.assay.analyses.AnalysisRegistry;
import io.assay.analyses.AnalysisRunner;
import io.assay.contract.job.ApprovalMode;
import io.assay.contract.job.JobRequest;
import io.assay.contract.plan.Decision;
import io.assay.contract.plan.PlanStep;
import io.assay.contract.plan.Understanding;
import io.assay.evals.incidents.PlanRun.StepOutcome;
import io.assay.recon.Recon;
import io.assay.store.ArtifactStore;
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
import javax.sql.DataSource;

/**
 * {@code assay eval incidents [--dataset NAME] [--seed N] [--count K] [--json]}: the incident
 * benchmark. Each case injects one incident (or none) into a copy of the dataset's schema, asks a
 * generated question, runs the plan the reader and planner make of it with auto-approval (every
 * step's real analysis over the copy, fallbacks included) and scores what the findings report.
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

  public static int run(
      Options o,
      Recon served,
      String dataset,
      DataSource admin,
      DataSource reader,
      PrintStream out,
      PrintStream err)
      throws SQLException {
    String schema = "incident_eval_" + Math.abs(o.seed() % 1_000_000);
    err.println("eval incidents: copying " + served.schema() + " into " + schema + "...");
    long t0 = System.nanoTime();
    List<CaseResult> results = new ArrayList<>();
    try (IncidentSchema copy = IncidentSchema.create(admin, reader, served, dataset, schema)) {
      IncidentGenerator generator = new IncidentGenerator(copy);
      AnalysisRegistry registry = AnalysisRegistry.discover();
      AnalysisRunner runner = new AnalysisRunner(registry);
      QuestionReader questions = QuestionReader.standard(copy.recon);
      DecisionMachine machine =
          new DecisionMachine(questions, new DeterministicPlanner(registry, () -> copy.recon));
      ArtifactStore artifacts = new ArtifactStore(admin);
      StatisticalForecaster forecaster = new StatisticalForecaster();
      // Only metrics whose every phrasing the reader turns into a trend scan and a drill-down.
      List<String> unread = new ArrayList<>();
      generator.restrict(
          m -> {
            for (int t = 0; t < Phrasings.TEMPLATES.size(); t++) {
              String q = Phrasings.question(t, m.name().replace('_', ' '), 1997);
              Understanding u =
                  machine.decide(
                      new JobRequest(
                          "incident-eval-check",
                          q,
                          dataset,
                          "eval",
                          ApprovalMode.AUTO,
                          0,
                          List.of(),
                          null),
                      List.of());
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
        String jobId = "incident-eval-" + o.seed() + "-" + i + "-" + System.nanoTime();
        Understanding u =
            machine.decide(
                new JobRequest(
                    jobId, d.question(), dataset, "eval", ApprovalMode.AUTO, 0, List.of(), null),
                List.of());
        List<String> dims = u.plan() == null ? List.of() : drillDimensions(u.plan().steps());
        try {
          IncidentCase c = generator.inject(i, d, dims);
          List<StepOutcome> steps =
              u.decision() == Decision.PLAN
                  ? PlanRun.run(
                      u.plan(), d.question(), jobId, runner, copy.warehouse, artifacts, forecaster)
                  : List.of();
          CaseResult r = CaseResult.of(c, u.decision().name(), steps);
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
