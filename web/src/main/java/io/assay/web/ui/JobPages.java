package io.assay.web.ui;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.assay.analyses.Analysis;
import io.assay.analyses.AnalysisRegistry;
import io.assay.analyses.ArgsSchema;
import io.assay.contract.job.JobProgress;
import io.assay.contract.job.JobState;
import io.assay.contract.job.PlanEditRecord;
import io.assay.contract.job.StepState;
import io.assay.contract.job.StepStatus;
import io.assay.contract.plan.Plan;
import io.assay.contract.plan.PlanStep;
import io.assay.recon.ReconRegistry;
import io.assay.report.ReportStore;
import io.assay.report.words.Labels;
import io.assay.report.words.ProblemWords;
import io.assay.report.words.RawNames;
import io.assay.report.words.StateWords;
import io.assay.report.words.StepWords;
import io.assay.store.ArtifactStore;
import io.assay.store.JobEvent;
import io.assay.store.JobRecord;
import io.assay.store.JobStore;
import io.assay.store.ReceiptStore;
import io.assay.web.jobs.JobNotices;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;

/** Assembles the job page from the job row, the live progress, the evidence and the events. */
@Component
public class JobPages {
  private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

  private final LiveProgress live;
  private final JobStore store;
  private final FindingViews findingViews;
  private final ArtifactStore artifacts;
  private final ReceiptStore receipts;
  private final ReportStore reports;
  private final ObjectMapper json;
  private final AnalysisRegistry registry;
  private final ReconRegistry recons;
  private final DatasetLabels labels;

  public JobPages(
      LiveProgress live,
      JobStore store,
      FindingViews findingViews,
      ArtifactStore artifacts,
      ReceiptStore receipts,
      ReportStore reports,
      ObjectMapper json,
      ObjectProvider<AnalysisRegistry> registry,
      ReconRegistry recons,
      DatasetLabels labels) {
    this.live = live;
    this.store = store;
    this.findingViews = findingViews;
    this.artifacts = artifacts;
    this.receipts = receipts;
    this.reports = reports;
    this.json = json;
    // The worker's registry when this process runs one; otherwise the same discovery it uses.
    this.registry = registry.getIfAvailable(AnalysisRegistry::discover);
    this.recons = recons;
    this.labels = labels;
  }

  public JobPage assemble(JobRecord job) {
    return assemble(job, null);
  }

  /**
   * The page; {@code draft} (may be null) is what a person submitted through a step's form and the
   * workflow refused, shown in that step's form instead of its current arguments.
   */
  public JobPage assemble(JobRecord job, StepDraft draft) {
    JobProgress progress = live.of(job);
    JobState state = state(job, progress);
    Plan plan = progress == null ? null : progress.plan();
    List<JobEvent> events = store.events(job.id(), 0);
    Labels labels = this.labels.of(job.dataset());
    RawNames names = this.labels.rawNames(job.dataset());
    ProblemWords problems = this.labels.problems(job.dataset());
    List<FindingView> findings = findingViews.forJob(job.id(), labels, names, problems);
    Map<String, String> firstStatements = new HashMap<>();
    findings.forEach(
        f -> {
          if (!f.statements().isEmpty()) {
            firstStatements.put(f.finding().stepId(), f.statements().get(0));
          }
        });
    // The steps' one-line summaries and errors are the analyses' words: a step with a finding says
    // its first statement as the finding below shows it; otherwise its summary, relabelled.
    List<StepStatus> timeline =
        progress == null
            ? List.of()
            : progress.steps().stream()
                .map(
                    t ->
                        t.with(
                            t.status(),
                            firstStatements.getOrDefault(
                                t.workflowId(), names.relabel(t.summary())),
                            problems.of(t.error())))
                .toList();
    ArgForms.Choices choices = choices(job.dataset(), labels);
    return new JobPage(
        job,
        progress,
        state,
        timeline,
        planSteps(
            plan,
            timeline,
            state,
            labels,
            names,
            choices,
            draft,
            progress == null ? List.of() : progress.edits()),
        plan == null ? "" : names.relabel(withoutEdits(plan.reason())),
        progress == null
            ? List.of()
            : progress.edits().stream()
                .map(
                    e ->
                        // The same sentence as the report's: periods and filters in words,
                        // not the workflow's record of the change.
                        new PlanEditRecord(
                            e.by(),
                            e.at(),
                            e.edit(),
                            e.edit() == null
                                ? names.relabel(e.description())
                                : new StepWords(labels).edit(e.edit())))
                .toList(),
        progress == null
            ? null
            : ClarificationWords.of(progress.pendingClarification(), names::relabel),
        findings,
        artifacts.infoForJob(job.id()),
        receipts.forJob(job.id()),
        reports.bodySha256(job.id()).orElse(null),
        events.stream().map(this::event).toList(),
        events.isEmpty() ? 0 : events.get(events.size() - 1).id(),
        registry.names(),
        codeColumns(job.dataset(), labels),
        liveKey(job, progress),
        planKey(job, progress),
        JobNotices.of(events),
        progress == null ? "" : names.relabel(StateWords.reason(progress.decisionReason())),
        problems.of(progress == null ? job.lastError() : progress.lastError()));
  }

  /**
   * The coded columns of the job's dataset by their labels (none when it is no longer served): the
   * exclusion form offers them as people name them.
   */
  private List<ArgForms.Option> codeColumns(String dataset, Labels labels) {
    if (dataset != null && !dataset.isBlank() && !recons.serves(dataset)) {
      return List.of();
    }
    return recons.get(dataset).codeLists().stream()
        .map(c -> c.column().toString())
        .sorted()
        .map(ref -> new ArgForms.Option(ref, labels.label(ref)))
        .toList();
  }

  /** Each edit the plan's checks append to its reason ("…; edited: set grain of step 1"). */
  private static final java.util.regex.Pattern EDITED =
      java.util.regex.Pattern.compile("(?s)(?:^|; )edited: .*$");

  /**
   * The planner's reason without the record of edits appended to it: the page lists those edits as
   * sentences under "Changes made by people" (a plan edited 60 times read "edited: set grain of
   * step 1" 60 times in one paragraph).
   */
  static String withoutEdits(String reason) {
    return reason == null ? "" : EDITED.matcher(reason).replaceFirst("");
  }

  /** The progress's state when there is one (it is fresher), else the stored one. */
  static JobState state(JobRecord job, JobProgress progress) {
    return progress == null || progress.state() == null ? job.state() : progress.state();
  }

  /** Changes whenever anything the live part of the page shows changes. */
  String liveKey(JobRecord job, JobProgress progress) {
    return key(state(job, progress).name(), write(progress));
  }

  /** Changes whenever the plan part (plan, edits, state, pending question) changes. */
  String planKey(JobRecord job, JobProgress progress) {
    if (progress == null) {
      return key(job.state().name());
    }
    return key(
        state(job, progress).name(),
        write(progress.plan()),
        write(progress.edits()),
        write(progress.pendingClarification()),
        write(progress.steps().stream().map(StepStatus::status).toList()));
  }

  /** A refused form submission: the step and the arguments the person asked for. */
  public record StepDraft(int index, Map<String, Object> args) {}

  /** What the job's forms choose from, and the days of data their periods must touch. */
  ArgForms.Choices choices(JobRecord job) {
    return choices(job.dataset(), labels.of(job.dataset()));
  }

  private ArgForms.Choices choices(String dataset, Labels labels) {
    if (dataset != null && !dataset.isBlank() && !recons.serves(dataset)) {
      return new ArgForms.Choices(List.of(), List.of(), 0, 0);
    }
    return ArgForms.Choices.of(recons.get(dataset), labels);
  }

  private List<JobPage.PlanStepView> planSteps(
      Plan plan,
      List<StepStatus> timeline,
      JobState state,
      Labels labels,
      RawNames names,
      ArgForms.Choices choices,
      StepDraft draft,
      List<PlanEditRecord> edits) {
    if (plan == null) {
      return List.of();
    }
    Set<Integer> edited = EditedSteps.of(edits, plan.steps().size());
    boolean open =
        state == JobState.PLANNED
            || state == JobState.AWAITING_APPROVAL
            || state == JobState.EXECUTING;
    List<JobPage.PlanStepView> out = new ArrayList<>();
    for (int i = 0; i < plan.steps().size(); i++) {
      PlanStep step = plan.steps().get(i);
      StepState status = i < timeline.size() ? timeline.get(i).status() : StepState.PENDING;
      Optional<Analysis> analysis = registry.find(step.analysis());
      Map<String, Object> shown = draft != null && draft.index() == i ? draft.args() : step.args();
      out.add(
          new JobPage.PlanStepView(
              i,
              step.analysis(),
              names.relabel(step.why()),
              pretty(step.args()),
              step.fallback() == null ? null : labels.analysisInText(step.fallback().analysis()),
              status.name(),
              (open && status == StepState.PENDING)
                  || (state == JobState.EXECUTING
                      && (status == StepState.FAILED || status == StepState.EMPTY)),
              argHelp(step.analysis()),
              new StepWords(labels).title(step),
              analysis.map(Analysis::description).orElse(""),
              analysis.map(a -> ArgForms.fields(a.argsSchema(), shown, choices)).orElse(List.of()),
              analysis.map(a -> pretty(ArgForms.example(a.argsSchema(), choices))).orElse(""),
              edited.contains(i)));
    }
    return out;
  }

  /**
   * An analysis as the add-step form shows it: what it answers, its arguments documented, an
   * example and the fields generated from its argument schema; {@code chosen} marks the analysis
   * the form opens with.
   */
  public record AnalysisHelp(
      String description,
      String example,
      List<ArgForms.Field> fields,
      List<JobPage.ArgHelp> args,
      boolean chosen) {}

  /** A refused add-step form: the analysis and the arguments the person asked for. */
  public record AddDraft(String analysis, Map<String, Object> args) {}

  /** Every known analysis's help, by name, with examples drawn from the job's dataset. */
  public Map<String, AnalysisHelp> analysisHelp(String dataset) {
    return analysisHelp(dataset, null, null);
  }

  /**
   * As above. The form opens on {@code draft}'s analysis with what the person typed, else on {@code
   * wanted} with its example, else on the first analysis; only that one gets its fields (the others
   * are fetched when chosen: every column list in every form made the page heavy).
   */
  public Map<String, AnalysisHelp> analysisHelp(String dataset, AddDraft draft, String wanted) {
    ArgForms.Choices choices = choices(dataset, labels.of(dataset));
    String open =
        draft != null && registry.find(draft.analysis()).isPresent()
            ? draft.analysis()
            : wanted != null && registry.find(wanted).isPresent()
                ? wanted
                : registry.all().stream().findFirst().map(Analysis::name).orElse("");
    Map<String, AnalysisHelp> out = new java.util.LinkedHashMap<>();
    for (Analysis a : registry.all()) {
      Map<String, Object> example = ArgForms.example(a.argsSchema(), choices);
      boolean chosen = a.name().equals(open);
      Map<String, Object> shown =
          chosen && draft != null && a.name().equals(draft.analysis()) ? draft.args() : example;
      out.put(
          a.name(),
          new AnalysisHelp(
              a.description(),
              pretty(example),
              chosen ? ArgForms.fields(a.argsSchema(), shown, choices) : List.of(),
              argHelp(a.name()),
              chosen));
    }
    return out;
  }

  /** The argument schema of {@code analysis}, when this process knows the analysis. */
  public Optional<ArgsSchema> schema(String analysis) {
    return registry.find(analysis).map(Analysis::argsSchema);
  }

  private List<JobPage.ArgHelp> argHelp(String analysis) {
    return registry
        .find(analysis)
        .map(Analysis::argsSchema)
        .map(
            schema ->
                schema.args().stream()
                    .map(
                        a ->
                            new JobPage.ArgHelp(
                                a.name(), a.type().name(), a.required(), a.description()))
                    .toList())
        .orElse(List.of());
  }

  private JobPage.EventView event(JobEvent e) {
    return new JobPage.EventView(
        e.id(),
        e.type(),
        e.at() == null ? "" : TIME.format(e.at()),
        JobPage.EventView.shown(e.payloadJson()),
        e.at() == null ? "" : e.at().toInstant().toString());
  }

  private String pretty(Object value) {
    try {
      return json.writerWithDefaultPrettyPrinter().writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("plan arguments are not serialisable", e);
    }
  }

  private String write(Object value) {
    try {
      return json.writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("progress is not serialisable", e);
    }
  }

  /**
   * A short digest: a hash collision would only delay one refresh, but SHA-256 costs nothing here.
   */
  private static String key(String... parts) {
    try {
      MessageDigest digest = MessageDigest.getInstance("SHA-256");
      for (String part : parts) {
        digest.update(String.valueOf(part).getBytes(StandardCharsets.UTF_8));
        digest.update((byte) 0);
      }
      return HexFormat.of().formatHex(digest.digest(), 0, 12);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every JRE", e);
    }
  }
}
