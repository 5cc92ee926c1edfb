package io.assay.report;

import io.assay.contract.job.JobRequest;
import io.assay.contract.job.PlanEditRecord;
import io.assay.contract.job.StepState;
import io.assay.contract.job.StepStatus;
import io.assay.contract.plan.Plan;
import io.assay.contract.plan.PlanStep;
import io.assay.contract.report.FrozenContext;
import io.assay.contract.report.PlanQuestion;
import io.assay.contract.report.ReportRequest;
import io.assay.recon.MetricDefinition;
import io.assay.recon.Recon;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Freezes what a report is written against: the metric definitions (from recon), filters (including
 * values people excluded), dimensions, people's plan edits and known limitations; and one plan
 * question per step, answered by that step's Finding or said to be unanswered.
 */
public final class ReportPreparation {
  private final Supplier<Recon> recon;

  public ReportPreparation(Supplier<Recon> recon) {
    this.recon = recon;
  }

  public ReportRequest prepare(
      JobRequest job,
      Plan plan,
      List<PlanEditRecord> edits,
      List<StepStatus> steps,
      List<String> findingStepIds) {
    Recon knowledge = recon.get();
    Set<String> metricNames = new LinkedHashSet<>();
    Set<String> filters = new LinkedHashSet<>();
    Set<String> dimensions = new LinkedHashSet<>();
    List<String> limitations = new ArrayList<>();
    List<PlanQuestion> questions = new ArrayList<>();

    for (int i = 0; i < plan.steps().size(); i++) {
      PlanStep step = plan.steps().get(i);
      collect(step.args(), metricNames, filters, dimensions);
      StepStatus status = i < steps.size() ? steps.get(i) : null;
      String stepPrefix = job.jobId() + ":" + i + ":";
      List<String> answeredBy =
          findingStepIds.stream().filter(id -> id.startsWith(stepPrefix)).toList();
      if (status != null && status.status() != StepState.DONE) {
        limitations.add(
            "Step "
                + (i + 1)
                + " ("
                + step.analysis()
                + ") gave no answer: "
                + (status.error() == null
                    ? status.status().name().toLowerCase(java.util.Locale.ROOT)
                    : status.error()));
      }
      String text = step.why().isBlank() ? "Step " + (i + 1) + ": " + step.analysis() : step.why();
      questions.add(new PlanQuestion("q" + (i + 1), text, answeredBy));
    }

    List<FrozenContext.MetricDefinition> metrics = new ArrayList<>();
    for (String name : metricNames) {
      knowledge
          .metric(name)
          .ifPresent(
              (MetricDefinition m) ->
                  metrics.add(
                      new FrozenContext.MetricDefinition(m.name(), m.description(), m.unit())));
    }
    List<FrozenContext.PlanEdit> frozenEdits =
        edits.stream()
            .map(e -> new FrozenContext.PlanEdit(e.by(), e.at(), e.description()))
            .toList();
    FrozenContext context =
        new FrozenContext(
            job.question(),
            metrics,
            List.copyOf(filters),
            List.of(),
            List.of(),
            List.copyOf(dimensions),
            frozenEdits,
            limitations);
    return new ReportRequest(job.jobId(), title(job.question()), context, questions);
  }

  /**
   * Reads the args conventions every analysis shares: metric(s), dimensions, filters, exclusions.
   */
  private static void collect(
      Map<String, Object> args, Set<String> metrics, Set<String> filters, Set<String> dimensions) {
    addAll(args.get("metric"), metrics);
    addAll(args.get("metrics"), metrics);
    addAll(args.get("dimensions"), dimensions);
    addAll(args.get("dimension"), dimensions);
    if (args.get("filters") instanceof List<?> list) {
      list.forEach(f -> filters.add(describe(f)));
    }
  }

  /** A filter as people read it: {@code trans.operation ≠ 'VYBER KARTOU'}; other shapes as JSON. */
  private static String describe(Object filter) {
    if (filter instanceof Map<?, ?> f && f.get("column") != null && f.get("op") != null) {
      Object value =
          f.get("value") instanceof Map<?, ?> v && v.containsKey("value")
              ? v.get("value")
              : f.get("value");
      String op = String.valueOf(f.get("op"));
      String symbol =
          switch (op.toLowerCase(java.util.Locale.ROOT)) {
            case "eq" -> "=";
            case "ne" -> "≠";
            case "lt" -> "<";
            case "le" -> "≤";
            case "gt" -> ">";
            case "ge" -> "≥";
            default -> op;
          };
      String shown = value instanceof String s ? "'" + s + "'" : String.valueOf(value);
      return f.get("column") + " " + symbol + " " + shown;
    }
    return String.valueOf(filter);
  }

  private static void addAll(Object value, Set<String> into) {
    if (value instanceof String s && !s.isBlank()) {
      into.add(s);
    } else if (value instanceof List<?> list) {
      list.forEach(v -> into.add(String.valueOf(v)));
    }
  }

  private static String title(String question) {
    String oneLine = question.replaceAll("\\s+", " ").strip();
    return oneLine.length() <= 100 ? oneLine : oneLine.substring(0, 97) + "...";
  }
}
