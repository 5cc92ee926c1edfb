package io.assay.understand.plan;

import io.assay.analyses.Analysis;
import io.assay.analyses.AnalysisRegistry;
import io.assay.analyses.ArgCatalog;
import io.assay.analyses.Asked;
import io.assay.analyses.PlannerEntry;
import io.assay.contract.plan.Plan;
import io.assay.contract.plan.PlanStep;
import io.assay.contract.plan.PlanningException;
import io.assay.pick.TimeGrain;
import io.assay.recon.MetricDefinition;
import io.assay.recon.Recon;
import io.assay.understand.AnalysisCue;
import io.assay.understand.Frame;
import io.assay.understand.Period;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * The default planner: the analysis cues of a question pick the analyses whose cue words they are,
 * and each analysis's {@link PlannerEntry} builds its step from the understood frame (metric, time
 * window, grain, filters); the entries' order puts the steps in order (a scan before the drill-down
 * that explains it). A question without an analysis cue is planned by the entry of the analysis
 * that declares no cue words (the direct answer of the understood Pick). Every step's args are
 * validated against its analysis's args schema before the plan is returned.
 */
public final class DeterministicPlanner implements Planner {

  private final AnalysisRegistry registry;
  private final Supplier<Recon> recon;

  public DeterministicPlanner(AnalysisRegistry registry, Supplier<Recon> recon) {
    this.registry = registry;
    this.recon = recon;
  }

  @Override
  public Plan plan(PlanRequest request) {
    Recon r = recon.get();
    Set<AnalysisCue> cues = request.cues();
    if (cues.isEmpty()) {
      Analysis direct =
          registry.all().stream()
              .filter(a -> a.cues().cues().isEmpty() && a.planner().isPresent())
              .findFirst()
              .orElseThrow(() -> new PlanningException("no analysis answers a plain question"));
      PlannerEntry entry = direct.planner().orElseThrow();
      PlanStep step = checked(entry.step(asked(request, r, null)), r);
      return new Plan(List.of(step), entry.why());
    }
    Frame f = request.frame();
    String metric = f.metric();
    if (metric == null) {
      throw new PlanningException(
          "the analysis needs a named metric (one of "
              + metricNames(r)
              + "); the question's "
              + "measure is not one");
    }
    Asked asked = asked(request, r, metric);
    List<PlanStep> steps = new ArrayList<>();
    List<String> why = new ArrayList<>();
    for (PlannerEntry entry : entries(cues)) {
      steps.add(checked(entry.step(asked.after(steps)), r));
      why.add(entry.why());
    }
    if (steps.isEmpty()) {
      throw new PlanningException("no analysis matches the cues " + cues);
    }
    return new Plan(steps, String.join("; ", why));
  }

  /** The planner entries of the analyses the cues call for, in their order. */
  private List<PlannerEntry> entries(Set<AnalysisCue> cues) {
    Set<String> called = cues.stream().map(AnalysisCue::analysis).collect(Collectors.toSet());
    return registry.all().stream()
        .filter(a -> called.contains(a.name()))
        .flatMap(a -> a.planner().stream())
        .sorted(Comparator.comparingInt(PlannerEntry::order))
        .toList();
  }

  private static Asked asked(PlanRequest request, Recon r, String metric) {
    Frame f = request.frame();
    if (f == null) {
      return new Asked(
          r,
          request.pick(),
          null,
          List.of(),
          null,
          TimeGrain.MONTH,
          List.of(),
          List.of(),
          List.of(),
          null,
          List.of());
    }
    return new Asked(
        r,
        request.pick(),
        metric,
        f.metrics(),
        f.time(),
        f.grain() != null ? f.grain() : TimeGrain.MONTH,
        f.filters(),
        f.groupBy(),
        f.periods().stream().map(DeterministicPlanner::span).toList(),
        f.horizon(),
        List.of());
  }

  private static Asked.Span span(Period p) {
    Period before = p.minus(1);
    return new Asked.Span(
        p.from(),
        p.toTimeFilter(),
        p.toString(),
        new Asked.Span(before.from(), before.toTimeFilter(), before.toString(), null));
  }

  private static String metricNames(Recon r) {
    return r.metrics().stream()
        .filter(m -> m.timeColumn() != null)
        .map(MetricDefinition::name)
        .collect(Collectors.joining(", "));
  }

  /**
   * The step, its fallback first, with args checked against its analysis's schema (a planner bug
   * otherwise).
   */
  private PlanStep checked(PlanStep step, Recon r) {
    if (step.fallback() != null) {
      checked(step.fallback(), r);
    }
    Analysis a =
        registry
            .find(step.analysis())
            .orElseThrow(
                () -> new PlanningException("analysis " + step.analysis() + " is not installed"));
    List<String> problems = a.argsSchema().validate(step.stepArgs(), ArgCatalog.of(r));
    if (!problems.isEmpty()) {
      throw new PlanningException(
          "planned " + step.analysis() + " with invalid args: " + String.join("; ", problems));
    }
    return step;
  }
}
