package io.assay.web.ui;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.assay.analyses.ArgsSchema;
import io.assay.contract.job.JobProgress;
import io.assay.contract.plan.ClarificationAnswer;
import io.assay.contract.plan.Plan;
import io.assay.contract.plan.PlanEdit;
import io.assay.report.words.Labels;
import io.assay.report.words.StepWords;
import io.assay.store.JobRecord;
import io.assay.web.jobs.InvalidSubmission;
import io.assay.web.jobs.JobAccess;
import io.assay.web.jobs.JobActionRejected;
import io.assay.web.jobs.JobService;
import io.assay.web.jobs.Resubmission;
import io.assay.web.monitor.JobMonitoring;
import java.security.Principal;
import java.util.Map;
import org.springframework.ui.Model;
import org.springframework.util.MultiValueMap;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

/**
 * The job page and the actions on it. Each action is a form POST (with its CSRF token) that
 * redirects back to the page; a refused action comes back as a message next to the form it came
 * from, with what the person typed, and nothing is applied.
 */
@PageController
class JobPageController {
  private final VisibleJobs visible;
  private final JobPages pages;
  private final JobService jobs;
  private final ObjectMapper json;
  private final LiveProgress live;

  private final JobMonitoring monitoring;
  private final DatasetLabels labels;

  JobPageController(
      VisibleJobs visible,
      JobPages pages,
      JobService jobs,
      ObjectMapper json,
      LiveProgress live,
      JobMonitoring monitoring,
      DatasetLabels labels) {
    this.monitoring = monitoring;
    this.labels = labels;
    this.visible = visible;
    this.pages = pages;
    this.jobs = jobs;
    this.json = json;
    this.live = live;
  }

  /**
   * What became of an action, shown next to the form it came from ({@code plan}, {@code step-0},
   * {@code add}, {@code clarification}, {@code cancel}, {@code timeline-0}); a refused action keeps
   * what the person typed in {@code draft}.
   */
  public record Outcome(String where, String message, String draft) {}

  /**
   * The page; {@code add} names the analysis the add-step form shows the fields of (the first by
   * default), so that choosing another works without script too.
   */
  @GetMapping("/jobs/{id}")
  String page(
      @PathVariable String id,
      @RequestParam(name = "add", required = false) String add,
      Principal principal,
      Model model) {
    JobRecord job = visible.get(id, principal);
    JobPage assembled = pages.assemble(job, draft(model));
    model.addAttribute("page", assembled);
    model.addAttribute("monitoring", monitoring.of(job, assembled.progress()));
    model.addAttribute("analysisHelp", pages.analysisHelp(job.dataset(), addDraft(model), add));
    // The analyses by their own names: "Drill-down", not "drill_down".
    model.addAttribute("labels", labels.of(job.dataset()));
    model.addAttribute("addChosen", add != null);
    model.addAttribute("operator", JobAccess.operator(principal));
    boolean own = job.owner().equals(JobAccess.name(principal));
    // Four-eyes: the submitter sees why there is no approve button; otherwise a warning.
    model.addAttribute("ownPlan", own);
    model.addAttribute("otherApproverRequired", own && jobs.requiresOtherApprover());
    model.addAttribute("resubmittedFrom", jobs.resubmittedFrom(id).orElse(null));
    model.addAttribute("resubmissions", jobs.resubmissionsOf(id));
    return "jobs/job";
  }

  /** The live part (status, timeline, findings, evidence, report link), refetched on change. */
  @GetMapping("/jobs/{id}/parts/live")
  String live(@PathVariable String id, Principal principal, Model model) {
    page(id, null, principal, model);
    return "jobs/job :: live";
  }

  /** The add-step form's fields for {@code add}, fetched when a person chooses that analysis. */
  @GetMapping("/jobs/{id}/parts/add")
  String addFields(
      @PathVariable String id,
      @RequestParam(name = "add", defaultValue = "") String add,
      Principal principal,
      Model model) {
    JobRecord job = visible.get(id, principal);
    model.addAttribute("analysisHelp", pages.analysisHelp(job.dataset(), null, add));
    model.addAttribute("labels", labels.of(job.dataset()));
    return "jobs/job :: add-fields";
  }

  /** The plan part (plan, controls, pending question), refetched when the plan or state change. */
  @GetMapping("/jobs/{id}/parts/plan")
  String plan(@PathVariable String id, Principal principal, Model model) {
    page(id, null, principal, model);
    return "jobs/job :: plan";
  }

  @PostMapping("/jobs/{id}/approve")
  String approve(@PathVariable String id, Principal principal, RedirectAttributes flash) {
    visible.get(id, principal);
    return act(
        id,
        "plan",
        null,
        flash,
        "Plan approved.",
        () -> jobs.approve(id, JobAccess.name(principal)));
  }

  /** Edit and resubmit: the edited question runs as a new job, linked to this one. */
  @PostMapping("/jobs/{id}/resubmit")
  String resubmit(
      @PathVariable String id,
      @RequestParam(defaultValue = "") String question,
      @RequestParam(defaultValue = "") String hint,
      Principal principal,
      RedirectAttributes flash) {
    visible.get(id, principal);
    try {
      String created =
          jobs.resubmit(
              id,
              JobAccess.name(principal),
              new Resubmission(question.strip(), hint.isBlank() ? null : hint.strip(), null));
      return "redirect:/jobs/" + created;
    } catch (JobActionRejected | InvalidSubmission e) {
      flash.addFlashAttribute("rejection", new Outcome("resubmit", e.getMessage(), question));
      return "redirect:/jobs/" + id + "#resubmit";
    }
  }

  @PostMapping("/jobs/{id}/cancel")
  String cancel(
      @PathVariable String id,
      @RequestParam(defaultValue = "") String reason,
      Principal principal,
      RedirectAttributes flash) {
    visible.get(id, principal);
    return act(
        id,
        "cancel",
        reason,
        flash,
        "Cancellation requested.",
        () -> jobs.cancel(id, JobAccess.name(principal), reason.isBlank() ? null : reason.strip()));
  }

  @PostMapping("/jobs/{id}/plan/steps/{index}/args")
  String setArgs(
      @PathVariable String id,
      @PathVariable int index,
      @RequestParam String args,
      Principal principal,
      RedirectAttributes flash) {
    visible.get(id, principal);
    return act(
        id,
        "step-" + index,
        args,
        flash,
        "Step " + StepWords.number(index) + " changed.",
        () -> edit(id, principal, PlanForms.setArgs(json, index, currentArgs(id, index), args)));
  }

  /**
   * The step's generated form: the fields of its analysis's argument schema, read as values of
   * their types; only what changed is sent, as with the JSON editor.
   */
  @PostMapping("/jobs/{id}/plan/steps/{index}/form")
  String setArgsByForm(
      @PathVariable String id,
      @PathVariable int index,
      @RequestParam MultiValueMap<String, String> form,
      Principal principal,
      RedirectAttributes flash) {
    JobRecord job = visible.get(id, principal);
    Map<String, Object> current;
    Map<String, Object> wanted = null;
    try {
      current = currentArgs(id, index);
      String analysis = currentPlan(id).steps().get(index).analysis();
      ArgsSchema schema =
          pages
              .schema(analysis)
              .orElseThrow(
                  () -> new PlanForms.InvalidInput("Analysis " + analysis + " is not known here."));
      wanted = ArgForms.read(schema, current, form);
      ArgForms.checkPeriods(schema, current, wanted, pages.choices(job));
    } catch (PlanForms.InvalidInput e) {
      // A period refused after the form was read keeps what was typed in the form.
      String draft = wanted == null ? null : FORM_DRAFT + write(wanted);
      flash.addFlashAttribute("rejection", new Outcome("step-" + index, e.getMessage(), draft));
      return "redirect:/jobs/" + id + "#step-" + index;
    }
    Map<String, Object> asked = wanted;
    return act(
        id,
        "step-" + index,
        FORM_DRAFT + write(asked),
        flash,
        "Step " + StepWords.number(index) + " changed.",
        () -> edit(id, principal, PlanForms.setArgs(json, index, current, asked)));
  }

  @PostMapping("/jobs/{id}/plan/steps/{index}/exclude")
  String exclude(
      @PathVariable String id,
      @PathVariable int index,
      @RequestParam String column,
      @RequestParam String value,
      Principal principal,
      RedirectAttributes flash) {
    JobRecord job = visible.get(id, principal);
    // The column by its label, as the form offered it: "Value 'SIPO' of transaction purpose …".
    String columnWords = Labels.midSentence(labels.of(job.dataset()).label(column));
    return act(
        id,
        "step-" + index,
        null,
        flash,
        "Value '"
            + value
            + "' of "
            + columnWords
            + " excluded from step "
            + StepWords.number(index)
            + ".",
        () -> edit(id, principal, PlanForms.exclude(index, column, value)));
  }

  @PostMapping("/jobs/{id}/plan/steps/{index}/remove")
  String remove(
      @PathVariable String id,
      @PathVariable int index,
      Principal principal,
      RedirectAttributes flash) {
    visible.get(id, principal);
    return act(
        id,
        "step-" + index,
        null,
        flash,
        "Step " + StepWords.number(index) + " removed.",
        () -> edit(id, principal, new PlanEdit.RemoveStep(index)));
  }

  @PostMapping("/jobs/{id}/plan/steps/{index}/move")
  String move(
      @PathVariable String id,
      @PathVariable int index,
      @RequestParam int to,
      Principal principal,
      RedirectAttributes flash) {
    visible.get(id, principal);
    return act(
        id,
        "step-" + index,
        null,
        flash,
        "Step " + StepWords.number(index) + " moved to position " + StepWords.number(to) + ".",
        () -> edit(id, principal, new PlanEdit.MoveStep(index, to)));
  }

  @PostMapping("/jobs/{id}/plan/steps")
  String add(
      @PathVariable String id,
      @RequestParam int position,
      @RequestParam String analysis,
      @RequestParam(defaultValue = "") String args,
      @RequestParam(defaultValue = "") String why,
      Principal principal,
      RedirectAttributes flash) {
    JobRecord job = visible.get(id, principal);
    return act(
        id,
        "add",
        args,
        flash,
        added(job, analysis, position),
        () ->
            edit(
                id,
                principal,
                PlanForms.addStep(json, position, planSize(id), analysis, args, why)));
  }

  /**
   * The add-step form generated from the chosen analysis's argument schema: its fields read as
   * values of their types, blank ones left to the analysis's defaults.
   */
  @PostMapping("/jobs/{id}/plan/steps/form")
  String addByForm(
      @PathVariable String id,
      @RequestParam(defaultValue = "1") int position,
      @RequestParam(defaultValue = "") String analysis,
      @RequestParam(defaultValue = "") String why,
      @RequestParam MultiValueMap<String, String> form,
      Principal principal,
      RedirectAttributes flash) {
    JobRecord job = visible.get(id, principal);
    Map<String, Object> wanted = null;
    try {
      ArgsSchema schema =
          pages
              .schema(analysis)
              .orElseThrow(
                  () ->
                      new PlanForms.InvalidInput(
                          analysis.isBlank()
                              ? "Choose the analysis the new step runs."
                              : "Analysis " + analysis + " is not known here."));
      wanted = ArgForms.read(schema, Map.of(), form);
      ArgForms.checkPeriods(schema, Map.of(), wanted, pages.choices(job));
    } catch (PlanForms.InvalidInput e) {
      String draft = wanted == null ? null : FORM_DRAFT + analysis + FORM_DRAFT + write(wanted);
      flash.addFlashAttribute("rejection", new Outcome("add", e.getMessage(), draft));
      return "redirect:/jobs/" + id + "#add-step";
    }
    String args = write(wanted);
    return act(
        id,
        "add",
        FORM_DRAFT + analysis + FORM_DRAFT + args,
        flash,
        added(visible.get(id, principal), analysis, position),
        () ->
            edit(
                id,
                principal,
                PlanForms.addStep(json, position, planSize(id), analysis, args, why)));
  }

  @PostMapping("/jobs/{id}/answer")
  String answer(
      @PathVariable String id,
      @RequestParam String clarificationId,
      @RequestParam(required = false) String value,
      Principal principal,
      RedirectAttributes flash) {
    visible.get(id, principal);
    return act(
        id,
        "clarification",
        null,
        flash,
        "Answer sent.",
        () -> {
          if (value == null || value.isBlank()) {
            throw new PlanForms.InvalidInput("Choose one of the options.");
          }
          jobs.answer(
              id, new ClarificationAnswer(clarificationId, value, JobAccess.name(principal)));
        });
  }

  @PostMapping("/jobs/{id}/steps/{index}/retry")
  String retry(
      @PathVariable String id,
      @PathVariable int index,
      Principal principal,
      RedirectAttributes flash) {
    visible.get(id, principal);
    return act(
        id,
        "timeline-" + index,
        null,
        flash,
        "Step " + StepWords.number(index) + " queued to run again.",
        () -> jobs.retry(id, JobAccess.name(principal), index));
  }

  /** Marks a draft that came from a step's form (arguments as JSON), not from its JSON editor. */
  static final String FORM_DRAFT = "form:";

  /** What a refused add-step form asked for ({@code form:<analysis>form:<args>}), to show again. */
  private JobPages.AddDraft addDraft(Model model) {
    if (model.getAttribute("rejection") instanceof Outcome o
        && "add".equals(o.where())
        && o.draft() != null
        && o.draft().startsWith(FORM_DRAFT)) {
      String rest = o.draft().substring(FORM_DRAFT.length());
      int at = rest.indexOf(FORM_DRAFT);
      if (at > 0) {
        try {
          Map<String, Object> args =
              json.readValue(
                  rest.substring(at + FORM_DRAFT.length()),
                  new com.fasterxml.jackson.core.type.TypeReference<Map<String, Object>>() {});
          return new JobPages.AddDraft(rest.substring(0, at), args);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
          return null;
        }
      }
    }
    return null;
  }

  /** What a refused form submission asked for, to show in that step's form again. */
  private JobPages.StepDraft draft(Model model) {
    if (model.getAttribute("rejection") instanceof Outcome o
        && o.draft() != null
        && o.draft().startsWith(FORM_DRAFT)
        && o.where().startsWith("step-")) {
      try {
        Map<String, Object> args =
            json.readValue(
                o.draft().substring(FORM_DRAFT.length()),
                new com.fasterxml.jackson.core.type.TypeReference<Map<String, Object>>() {});
        return new JobPages.StepDraft(Integer.parseInt(o.where().substring(5)), args);
      } catch (com.fasterxml.jackson.core.JsonProcessingException | NumberFormatException e) {
        return null;
      }
    }
    return null;
  }

  private String write(Map<String, Object> args) {
    try {
      return json.writeValueAsString(args);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new IllegalStateException("form arguments are not serialisable", e);
    }
  }

  private void edit(String id, Principal principal, PlanEdit edit) {
    jobs.edit(id, JobAccess.name(principal), edit);
  }

  private Plan currentPlan(String id) {
    JobProgress progress = jobs.find(id).map(live::of).orElse(null);
    Plan plan = progress == null ? null : progress.plan();
    if (plan == null) {
      throw new PlanForms.InvalidInput("The job has no plan yet.");
    }
    return plan;
  }

  /** "Trend anomaly added at position 3.": the analysis by its title, not its id. */
  private String added(JobRecord job, String analysis, int position) {
    return labels.of(job.dataset()).analysis(analysis) + " added at position " + position + ".";
  }

  private Map<String, Object> currentArgs(String id, int index) {
    Plan plan = currentPlan(id);
    if (index < 0 || index >= plan.steps().size()) {
      throw new PlanForms.InvalidInput(
          "Step "
              + StepWords.number(index)
              + " does not exist; the plan has "
              + plan.steps().size()
              + " steps.");
    }
    return plan.steps().get(index).args();
  }

  private int planSize(String id) {
    return currentPlan(id).steps().size();
  }

  private static String act(
      String id,
      String where,
      String draft,
      RedirectAttributes flash,
      String success,
      Runnable action) {
    try {
      action.run();
      flash.addFlashAttribute("notice", new Outcome(where, success, null));
    } catch (JobActionRejected | PlanForms.InvalidInput e) {
      flash.addFlashAttribute("rejection", new Outcome(where, e.getMessage(), draft));
    }
    return "redirect:/jobs/" + id + "#" + anchor(where);
  }

  private static String anchor(String where) {
    return where.startsWith("timeline-") ? "timeline" : where.equals("cancel") ? "live" : "plan";
  }
}
