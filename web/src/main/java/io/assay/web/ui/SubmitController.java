package io.assay.web.ui;

import io.assay.contract.job.ApprovalMode;
import io.assay.datasets.registry.DatasetDefinition;
import io.assay.datasets.registry.DatasetRegistry;
import io.assay.web.jobs.DeliveryTargets;
import io.assay.web.jobs.InvalidSubmission;
import io.assay.web.jobs.JobAccess;
import io.assay.web.jobs.JobService;
import io.assay.web.jobs.JobSubmission;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.Path;
import jakarta.validation.Validator;
import java.security.Principal;
import java.util.Comparator;
import java.util.List;
import org.springframework.ui.Model;
import org.springframework.validation.BindingResult;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.ModelAttribute;
import org.springframework.web.bind.annotation.PostMapping;

/** The question form: inline messages for each field, then the new job's page. */
@PageController
class SubmitController {
  private final JobService jobs;
  private final Validator validator;
  private final DatasetRegistry datasets;
  private final DeliveryTargets targets;

  SubmitController(
      JobService jobs, Validator validator, DatasetRegistry datasets, DeliveryTargets targets) {
    this.jobs = jobs;
    this.validator = validator;
    this.datasets = datasets;
    this.targets = targets;
  }

  /** The served datasets, the default first (the form's choice). */
  @ModelAttribute("datasets")
  List<DatasetDefinition> datasets() {
    return datasets.all();
  }

  @ModelAttribute("approvalModes")
  List<ApprovalMode> approvalModes() {
    return List.of(ApprovalMode.values());
  }

  @GetMapping("/jobs/new")
  String form(Model model) {
    model.addAttribute("form", new SubmitForm());
    return "jobs/new";
  }

  @PostMapping("/jobs")
  String submit(
      @ModelAttribute("form") SubmitForm form,
      BindingResult errors,
      Principal principal,
      HttpServletResponse response) {
    JobSubmission submission = errors.hasErrors() ? null : form.toSubmission();
    if (!errors.hasErrors() && submission == null) {
      errors.rejectValue(
          "approvalTimeoutSeconds",
          "number",
          "The approval timer must be a whole number of seconds.");
    }
    if (submission != null) {
      validator.validate(submission).stream()
          .sorted(Comparator.comparing(v -> v.getPropertyPath().toString()))
          .forEach(v -> errors.rejectValue(field(v), "invalid", message(v)));
      // The deeper check of each target (base directory, egress policy) with the others, so
      // every error of the form shows at once.
      if (!errors.hasFieldErrors("delivery")) {
        targets
            .problems(submission.delivery())
            .forEach(problem -> errors.rejectValue("delivery", "invalid", problem));
      }
    }
    if (errors.hasErrors()) {
      response.setStatus(HttpServletResponse.SC_BAD_REQUEST);
      return "jobs/new";
    }
    try {
      return "redirect:/jobs/" + jobs.submit(submission, JobAccess.name(principal));
    } catch (InvalidSubmission e) {
      // A deeper check than the annotations (e.g. a delivery target this server cannot serve).
      errors.rejectValue(e.field(), "invalid", capitalized(e.getMessage()));
      response.setStatus(HttpServletResponse.SC_BAD_REQUEST);
      return "jobs/new";
    }
  }

  private static String capitalized(String message) {
    return message == null || message.isEmpty()
        ? "This value is not accepted."
        : Character.toUpperCase(message.charAt(0)) + message.substring(1);
  }

  /** The form field a violation belongs to; the byte-length check is about the question. */
  private static String field(ConstraintViolation<JobSubmission> v) {
    String first = v.getPropertyPath().iterator().next().getName();
    return "questionWithinLimit".equals(first) ? "question" : first;
  }

  /** Delivery messages name the line they are about, since the form has one text area for all. */
  private static String message(ConstraintViolation<JobSubmission> v) {
    Path.Node first = v.getPropertyPath().iterator().next();
    if ("delivery".equals(first.getName())) {
      for (Path.Node node : v.getPropertyPath()) {
        if (node.getIndex() != null) {
          return "Target "
              + (node.getIndex() + 1)
              + " ("
              + v.getInvalidValue()
              + "): "
              + v.getMessage();
        }
      }
    }
    return v.getMessage();
  }
}
