package io.assay.report;

import io.assay.contract.job.JobRequest;
import io.assay.contract.job.PlanEditRecord;
import io.assay.contract.job.StepState;
import io.assay.contract.job.StepStatus;
import io.assay.contract.monitor.MonitorRun;
import io.assay.contract.plan.Plan;
import io.assay.contract.plan.PlanStep;
import io.assay.contract.report.FrozenContext;
import io.assay.contract.report.PlanQuestion;
import io.assay.contract.report.ReportRequest;
import io.assay.recon.MetricDefinition;
import io.assay.recon.Recon;
import io.assay.report.words.Labels;
import io.assay.report.words.StepWords;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Freezes what a report is written against, in the dataset's words: the metric definitions (from
 * recon), each step's filters (including values people excluded) under that step, dimensions,
 * people's plan edits as sentences and known limitations; and one plan question per step, titled
 * from the step's current arguments (so an edited step reads as edited), answered by that step's
 * Finding or said to be unanswered.
 */
public final class ReportPreparation {
  /**
   * How a plan's reason starts when the model reader produced its Pick (the understanding stage
   * writes it; the report may not depend on that stage, so the words are repeated here).
   */
  static final String READ_BY_MODEL = "Read by the model reader";

  private final Supplier<Recon> recon;
  private final Map<String, String> analyses;

  /**
   * @param analyses the analyses' display names by id ({@code drill_down} → "Drill-down"), as the
   *     analyses give them
   */
  public ReportPreparation(Supplier<Recon> recon, Map<String, String> analyses) {
    this.recon = recon;
    this.analyses = Map.copyOf(analyses);
  }

  public ReportRequest prepare(
      JobRequest job,
      Plan plan,
      List<PlanEditRecord> edits,
      List<StepStatus> steps,
      List<String> findingStepIds) {
    Recon knowledge = recon.get();
    Labels labels = Labels.from(knowledge).withAnalyses(analyses);
    StepWords words = new StepWords(labels);
    Set<String> metricNames = new LinkedHashSet<>();
    Set<String> filters = new LinkedHashSet<>();
    Set<String> dimensions = new LinkedHashSet<>();
    List<String> limitations = new ArrayList<>();
    List<PlanQuestion> questions = new ArrayList<>();

    for (int i = 0; i < plan.steps().size(); i++) {
      PlanStep step = plan.steps().get(i);
      String title = words.title(step);
      addAll(step.args().get("metric"), metricNames);
      addAll(step.args().get("metrics"), metricNames);
      if (step.args().get("pick") instanceof Map<?, ?> pick
          && pick.get("measures") instanceof List<?> measures) {
        for (Object m : measures) {
          if (m instanceof Map<?, ?> measure) {
            addAll(measure.get("metric"), metricNames);
          }
        }
      }
      for (String key : List.of("dimensions", "dimension", "group_by")) {
        labelled(step.args().get(key), labels, dimensions);
      }
      if (step.args().get("pick") instanceof Map<?, ?> pick) {
        labelled(pick.get("groupBy"), labels, dimensions);
      }
      // A filter holds for the step it is on, not for the whole report.
      for (String filter : words.filters(step)) {
        filters.add(
            "Step " + (i + 1) + " (" + labels.analysisInText(step.analysis()) + "): " + filter);
      }
      StepStatus status = i < steps.size() ? steps.get(i) : null;
      String stepPrefix = job.jobId() + ":" + i + ":";
      List<String> answeredBy =
          findingStepIds.stream().filter(id -> id.startsWith(stepPrefix)).toList();
      if (status != null && status.status() != StepState.DONE) {
        limitations.add(
            "Step "
                + (i + 1)
                + " ("
                + title
                + ") gave no answer: "
                + (status.error() == null
                    ? status.status().name().toLowerCase(java.util.Locale.ROOT)
                    : status.error()));
      }
      questions.add(new PlanQuestion("q" + (i + 1), title, answeredBy));
    }

    if (plan.reason().startsWith(READ_BY_MODEL)) {
      limitations.add(
          "The question was read by the model reader: a language model chose the measure, period"
              + " and filters from the dataset's own names, and Assay checked them against the"
              + " schema before running anything.");
    }
    List<FrozenContext.MetricDefinition> metrics = new ArrayList<>();
    for (String name : metricNames) {
      knowledge
          .metric(name)
          .ifPresent(
              (MetricDefinition m) ->
                  metrics.add(
                      new FrozenContext.MetricDefinition(
                          labels.label(m.name()), m.description(), m.unit())));
    }
    List<FrozenContext.PlanEdit> frozenEdits =
        new ArrayList<>(
            edits.stream()
                .map(
                    e ->
                        new FrozenContext.PlanEdit(
                            e.by(),
                            e.at(),
                            e.edit() == null ? e.description() : words.edit(e.edit())))
                .toList());
    // A monitor's run: what people said about earlier runs changed this run's arguments; the
    // report says which feedback it applied, who gave it and when.
    if (job.monitor() != null) {
      for (MonitorRun.AppliedFeedback f : job.monitor().applied()) {
        frozenEdits.add(new FrozenContext.PlanEdit(f.by(), f.at(), f.what()));
      }
      if (!job.monitor().window().isBlank()) {
        limitations.add(
            "This is a run of monitor "
                + job.monitor().monitorId()
                + "; its window was resolved at run time to "
                + job.monitor().window()
                + ".");
      }
    }
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

  private static void labelled(Object value, Labels labels, Set<String> into) {
    Set<String> raw = new LinkedHashSet<>();
    addAll(value, raw);
    raw.forEach(r -> into.add(labels.label(r)));
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
