package io.assay.web.monitor;

import io.assay.store.JobRecord;
import io.assay.store.MonitorRecord;
import io.assay.web.errors.InvalidRequest;
import io.assay.web.jobs.InvalidSubmission;
import io.assay.web.jobs.JobAccess;
import io.assay.web.ui.VisibleJobs;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.Validator;
import java.security.Principal;
import java.time.ZoneId;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

/**
 * The monitors pages: the list (cadence, next run, last outcome, last alert) and a monitor's page
 * (runs timeline, alerts with their receipts, feedback counts, pause / resume / trigger / backfill
 * / delete); the create form on a job's page; feedback on a job's flagged intervals.
 */
@Controller
public class MonitorPageController {
  private final MonitorService monitors;
  private final MonitorViews views;
  private final FeedbackService feedback;
  private final VisibleJobs jobs;
  private final Validator validator;

  public MonitorPageController(
      MonitorService monitors,
      MonitorViews views,
      FeedbackService feedback,
      VisibleJobs jobs,
      Validator validator) {
    this.monitors = monitors;
    this.views = views;
    this.feedback = feedback;
    this.jobs = jobs;
    this.validator = validator;
  }

  @GetMapping("/monitors")
  String list(Principal principal, Model model) {
    model.addAttribute(
        "monitors",
        monitors.list(JobAccess.ownerFilter(principal)).stream().map(views::of).toList());
    model.addAttribute("operator", JobAccess.operator(principal));
    model.addAttribute("unavailable", monitors.unavailable().orElse(null));
    return "monitors/list";
  }

  @GetMapping("/monitors/{id}")
  String page(@PathVariable String id, Principal principal, Model model) {
    MonitorRecord m = MonitorAccess.visible(monitors, id, principal);
    model.addAttribute("m", views.of(m));
    model.addAttribute("unavailable", monitors.unavailable().orElse(null));
    return "monitors/monitor";
  }

  @PostMapping("/monitors")
  String create(
      @RequestParam String fromJob,
      @RequestParam(defaultValue = "") String every,
      @RequestParam(defaultValue = "") String cron,
      @RequestParam(defaultValue = "") String timeZone,
      @RequestParam(defaultValue = "") String periods,
      @RequestParam(defaultValue = "") String delivery,
      @RequestParam(defaultValue = "LATEST_PERIOD_FLAGGED") String alertRule,
      Principal principal,
      RedirectAttributes flash) {
    jobs.get(fromJob, principal);
    try {
      Integer n = periods.isBlank() ? null : parsePeriods(periods);
      List<String> targets =
          Arrays.stream(delivery.split("\\R"))
              .map(String::strip)
              .filter(t -> !t.isEmpty())
              .toList();
      MonitorDraft draft =
          new MonitorDraft(
              fromJob,
              cron.isBlank() ? every : null,
              cron.isBlank() ? null : cron,
              timeZone,
              n,
              targets,
              alertRule);
      Set<ConstraintViolation<MonitorDraft>> violations = validator.validate(draft);
      if (!violations.isEmpty()) {
        throw new InvalidSubmission("monitor", violations.iterator().next().getMessage());
      }
      MonitorRecord m =
          monitors.create(draft, JobAccess.name(principal), JobAccess.operator(principal));
      flash.addFlashAttribute("notice", new Outcome("monitor", "Monitor created.", null));
      return "redirect:/monitors/" + m.id();
    } catch (InvalidSubmission | InvalidRequest | MonitorsUnavailable e) {
      flash.addFlashAttribute("rejection", new Outcome("monitor", e.getMessage(), null));
      return "redirect:/jobs/" + fromJob + "#monitoring";
    }
  }

  private static int parsePeriods(String text) {
    try {
      return Integer.parseInt(text.strip());
    } catch (NumberFormatException e) {
      throw new InvalidSubmission("periods", "Periods per run must be a whole number.");
    }
  }

  @PostMapping("/monitors/{id}/{action:pause|resume|trigger|delete}")
  String act(
      @PathVariable String id,
      @PathVariable String action,
      Principal principal,
      RedirectAttributes flash) {
    MonitorRecord m = MonitorAccess.visible(monitors, id, principal);
    String by = JobAccess.name(principal);
    try {
      switch (action) {
        case "pause" -> monitors.pause(m, by);
        case "resume" -> monitors.resume(m, by);
        case "trigger" -> monitors.trigger(m);
        default -> {
          monitors.delete(m);
          flash.addFlashAttribute(
              "notice", new Outcome("monitors", "Monitor " + id + " deleted.", null));
          return "redirect:/monitors";
        }
      }
      flash.addFlashAttribute(
          "notice",
          new Outcome(
              "monitor",
              switch (action) {
                case "pause" -> "Paused.";
                case "resume" -> "Resumed.";
                default -> "Triggered: the run appears below in a moment.";
              },
              null));
    } catch (MonitorsUnavailable | io.temporal.client.schedules.ScheduleException e) {
      flash.addFlashAttribute("rejection", new Outcome("monitor", e.getMessage(), null));
    }
    return "redirect:/monitors/" + id;
  }

  @PostMapping("/monitors/{id}/backfill")
  String backfill(
      @PathVariable String id,
      @RequestParam(defaultValue = "") String from,
      @RequestParam(defaultValue = "") String to,
      Principal principal,
      RedirectAttributes flash) {
    MonitorRecord m = MonitorAccess.visible(monitors, id, principal);
    try {
      ZoneId zone = ZoneId.of(m.timeZone());
      int runs =
          monitors.backfill(
              m,
              MonitorApiController.instant("from", from, zone, false),
              MonitorApiController.instant("to", to, zone, true));
      flash.addFlashAttribute(
          "notice",
          new Outcome("backfill", "Backfilling " + runs + " run(s), one after another.", null));
    } catch (InvalidSubmission | InvalidRequest | MonitorsUnavailable e) {
      flash.addFlashAttribute(
          "rejection", new Outcome("backfill", e.getMessage(), from + "|" + to));
    }
    return "redirect:/monitors/" + id + "#backfill";
  }

  @PostMapping("/jobs/{id}/feedback")
  String feedback(
      @PathVariable String id,
      @RequestParam(defaultValue = "") String stepId,
      @RequestParam(defaultValue = "") String from,
      @RequestParam(defaultValue = "") String to,
      @RequestParam(defaultValue = "") String verdict,
      @RequestParam(defaultValue = "") String note,
      Principal principal,
      RedirectAttributes flash) {
    JobRecord job = jobs.get(id, principal);
    try {
      feedback.give(job, stepId, from, to, verdict, note, JobAccess.name(principal));
      flash.addFlashAttribute("notice", new Outcome("feedback", "Feedback saved.", null));
    } catch (InvalidSubmission e) {
      flash.addFlashAttribute("rejection", new Outcome("feedback", e.getMessage(), null));
    }
    return "redirect:/jobs/" + id + "#monitoring";
  }

  /** What became of an action, shown next to its form ({@code where}), as on the job page. */
  public record Outcome(String where, String message, String draft) {}
}
