package io.assay.web.ui;

import io.assay.contract.job.JobState;
import io.assay.store.JobQuery;
import io.assay.store.JobRecord;
import io.assay.web.jobs.JobAccess;
import io.assay.web.jobs.JobService;
import java.security.Principal;
import java.util.List;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;

/**
 * The jobs list: filter by state, search the question or id, page through. Analysts see their own
 * jobs, operators everyone's. While a listed job is still running, the page refreshes its table.
 */
@PageController
class JobListController {
  static final int PAGE_SIZE = 20;

  private final JobService jobs;

  JobListController(JobService jobs) {
    this.jobs = jobs;
  }

  @GetMapping("/")
  String home() {
    return "redirect:/jobs";
  }

  @GetMapping("/jobs")
  String list(
      @RequestParam(required = false) JobState state,
      @RequestParam(required = false) String q,
      @RequestParam(defaultValue = "0") int page,
      Principal principal,
      Model model) {
    fill(state, q, page, principal, model);
    return "jobs/list";
  }

  /** Only the table, for the page's refresh while jobs run. */
  @GetMapping("/jobs/parts/table")
  String table(
      @RequestParam(required = false) JobState state,
      @RequestParam(required = false) String q,
      @RequestParam(defaultValue = "0") int page,
      Principal principal,
      Model model) {
    fill(state, q, page, principal, model);
    return "jobs/list :: table";
  }

  private void fill(JobState state, String q, int page, Principal principal, Model model) {
    JobQuery query = new JobQuery(JobAccess.ownerFilter(principal), state, q, page, PAGE_SIZE);
    List<JobRecord> found = jobs.list(query);
    int total = jobs.count(query);
    int pages = Math.max(1, (total + PAGE_SIZE - 1) / PAGE_SIZE);
    model.addAttribute("jobs", found);
    model.addAttribute("total", total);
    model.addAttribute("page", query.page());
    model.addAttribute("pages", pages);
    model.addAttribute("state", state);
    model.addAttribute("q", q == null ? "" : q);
    model.addAttribute("states", JobState.values());
    model.addAttribute("operator", JobAccess.operator(principal));
    model.addAttribute("active", found.stream().anyMatch(j -> !j.state().terminal()));
  }
}
