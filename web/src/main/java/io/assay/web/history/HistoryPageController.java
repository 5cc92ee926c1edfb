package io.assay.web.history;

import io.assay.store.JobRecord;
import io.assay.web.jobs.JobAccess;
import io.assay.web.jobs.JobActionRejected;
import io.assay.web.jobs.JobService;
import io.assay.web.ui.PageController;
import io.assay.web.ui.VisibleJobs;
import java.security.Principal;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.springframework.http.ContentDisposition;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.server.ResponseStatusException;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

/**
 * The workflow history page for operators (the route is restricted to them in security): every
 * Temporal event of the job and its step workflows, filterable by category, type and workflow.
 */
@PageController
class HistoryPageController {
  private final VisibleJobs visible;
  private final JobHistories histories;
  private final JobService jobs;

  HistoryPageController(VisibleJobs visible, JobHistories histories, JobService jobs) {
    this.visible = visible;
    this.histories = histories;
    this.jobs = jobs;
  }

  /** The job's workflow history, or one of its step workflows', as a JSON download. */
  @GetMapping("/jobs/{id}/history.json")
  ResponseEntity<String> download(
      @PathVariable String id,
      @RequestParam(required = false) String workflow,
      Principal principal) {
    visible.get(id, principal);
    String workflowId = workflow == null || workflow.isBlank() ? id : workflow;
    if (!workflowId.equals(id) && !workflowId.startsWith(id + ":")) {
      throw new ResponseStatusException(
          HttpStatus.NOT_FOUND, "Workflow " + workflowId + " is not part of job " + id + ".");
    }
    return ResponseEntity.ok()
        .header(
            HttpHeaders.CONTENT_DISPOSITION,
            ContentDisposition.attachment()
                .filename(workflowId.replace(':', '_') + "-history.json")
                .build()
                .toString())
        .contentType(MediaType.APPLICATION_JSON)
        .body(histories.json(workflowId));
  }

  /** Terminates a stuck job's workflow, with the operator's reason; the job ends FAILED. */
  @PostMapping("/jobs/{id}/terminate")
  String terminate(
      @PathVariable String id,
      @RequestParam(defaultValue = "") String reason,
      Principal principal,
      RedirectAttributes flash) {
    visible.get(id, principal);
    String why = reason.strip();
    if (why.isEmpty() || why.length() > 1000) {
      flash.addFlashAttribute(
          "terminateError", "Give the reason for terminating (at most 1000 characters).");
      return "redirect:/jobs/" + id + "/history";
    }
    try {
      jobs.terminate(id, JobAccess.name(principal), why);
      flash.addFlashAttribute("terminated", "The workflow was terminated.");
    } catch (JobActionRejected e) {
      flash.addFlashAttribute("terminateError", e.getMessage());
    }
    return "redirect:/jobs/" + id + "/history";
  }

  @GetMapping("/jobs/{id}/history")
  String page(
      @PathVariable String id,
      @RequestParam(required = false) Set<EventCategory> category,
      @RequestParam(required = false) Set<String> type,
      @RequestParam(required = false) String workflow,
      @RequestParam(required = false) Integer page,
      Principal principal,
      Model model) {
    fill(id, category, type, workflow, page, principal, model);
    return "jobs/history";
  }

  /**
   * The whole payload of one event, which the page shows folded to its first characters and fetches
   * when a person unfolds it (a long history's payloads were most of its weight).
   */
  @GetMapping(value = "/jobs/{id}/history/payload", produces = MediaType.TEXT_PLAIN_VALUE)
  ResponseEntity<String> payload(
      @PathVariable String id,
      @RequestParam String workflow,
      @RequestParam(required = false) String run,
      @RequestParam long event,
      Principal principal) {
    visible.get(id, principal);
    if (!workflow.equals(id) && !workflow.startsWith(id + ":")) {
      throw new ResponseStatusException(
          HttpStatus.NOT_FOUND, "Workflow " + workflow + " is not part of job " + id + ".");
    }
    return histories
        .payload(workflow, run, event)
        .map(p -> ResponseEntity.ok().contentType(MediaType.TEXT_PLAIN).body(p))
        .orElseThrow(
            () ->
                new ResponseStatusException(
                    HttpStatus.NOT_FOUND,
                    "Event " + event + " of " + workflow + " has no payload."));
  }

  /** Only the event tables, for the page's refresh while the job runs. */
  @GetMapping("/jobs/{id}/history/parts/runs")
  String runs(
      @PathVariable String id,
      @RequestParam(required = false) Set<EventCategory> category,
      @RequestParam(required = false) Set<String> type,
      @RequestParam(required = false) String workflow,
      @RequestParam(required = false) Integer page,
      Principal principal,
      Model model) {
    fill(id, category, type, workflow, page, principal, model);
    return "jobs/history :: runs";
  }

  private void fill(
      String id,
      Set<EventCategory> category,
      Set<String> type,
      String workflow,
      Integer page,
      Principal principal,
      Model model) {
    JobRecord job = visible.get(id, principal);
    JobHistory all = histories.of(id);
    HistoryFilter filter = new HistoryFilter(category, type, workflow);
    Set<String> types = new TreeSet<>();
    all.events().forEach(e -> types.add(e.type()));
    model.addAttribute("job", job);
    JobHistory filtered = filter.apply(all);
    HistoryPaging paging = HistoryPaging.of(page, filtered.events().size());
    model.addAttribute("history", paging.apply(filtered));
    model.addAttribute("paging", paging);
    model.addAttribute("filter", filter);
    model.addAttribute("categories", List.of(EventCategory.values()));
    model.addAttribute("types", types);
    model.addAttribute("workflows", all.runs());
    model.addAttribute("total", all.events().size());
  }
}
