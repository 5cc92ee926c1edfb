package io.assay.web.ui;

import io.assay.contract.job.JobState;
import io.assay.report.words.StateWords;
import io.assay.store.JobQuery;
import io.assay.store.JobRecord;
import io.assay.store.JobSort;
import io.assay.web.jobs.JobAccess;
import io.assay.web.jobs.JobService;
import java.security.Principal;
import java.time.LocalDate;
import java.util.List;
import org.springframework.format.annotation.DateTimeFormat;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;

/**
 * The jobs list: filter by state, search the question or id, page through. Analysts see their own
 * jobs, operators everyone's. While a listed job is still running, the page refreshes its table.
 */
@PageController
class JobListController {
  static final int PAGE_SIZE = 20;

  private final JobService jobs;
  private final DatasetLabels labels;

  JobListController(JobService jobs, DatasetLabels labels) {
    this.jobs = jobs;
    this.labels = labels;
  }

  @GetMapping("/")
  String home() {
    return "redirect:/jobs";
  }

  @GetMapping("/jobs")
  String list(ListFilter filter, Principal principal, Model model) {
    fill(filter, principal, model);
    return "jobs/list";
  }

  /** Only the table, for the page's refresh while jobs run. */
  @GetMapping("/jobs/parts/table")
  String table(ListFilter filter, Principal principal, Model model) {
    fill(filter, principal, model);
    return "jobs/list :: table";
  }

  /**
   * What the list's form sends; every field optional.
   *
   * @param page the page number, from 1
   * @param owner a part of the owner's name (operators only)
   * @param from first day, as yyyy-mm-dd
   * @param to last day, as yyyy-mm-dd
   */
  record ListFilter(
      JobState state,
      String q,
      Integer page,
      String owner,
      @DateTimeFormat(iso = DateTimeFormat.ISO.DATE) LocalDate from,
      @DateTimeFormat(iso = DateTimeFormat.ISO.DATE) LocalDate to,
      JobSort sort) {}

  private void fill(ListFilter f, Principal principal, Model model) {
    boolean operator = JobAccess.operator(principal);
    // PostgreSQL text cannot hold NUL: a search for one finds nothing rather than failing.
    String q = f.q() == null ? "" : f.q().replace("\u0000", "").strip();
    if (q.length() > 200) {
      q = q.substring(0, 200);
    }
    JobQuery query =
        new JobQuery(
            JobAccess.ownerFilter(principal),
            f.state(),
            q,
            0,
            PAGE_SIZE,
            operator && f.owner() != null ? f.owner().replace("\u0000", "") : null,
            f.from(),
            f.to(),
            f.sort());
    int total = jobs.count(query);
    int pages = Math.max(1, (total + PAGE_SIZE - 1) / PAGE_SIZE);
    // Pages are numbered from 1 in the address as on the page; one past the end shows the last,
    // never "Page 1000 of 6", and 0 or less the first (long: no number wraps).
    long asked = f.page() == null ? 1 : f.page();
    int page = (int) Math.min(Math.max(asked, 1), pages);
    query = query.withPage(page - 1);
    List<JobRecord> found = jobs.list(query);
    model.addAttribute(
        "jobs", found.stream().map(j -> JobRow.of(j, labels.problems(j.dataset()))).toList());
    model.addAttribute("total", total);
    model.addAttribute("page", page);
    model.addAttribute("pages", pages);
    model.addAttribute("state", f.state());
    model.addAttribute("q", q);
    model.addAttribute("owner", operator && f.owner() != null ? f.owner() : "");
    model.addAttribute("from", f.from());
    model.addAttribute("to", f.to());
    model.addAttribute("sort", query.sort());
    model.addAttribute("sorts", JobSort.values());
    // Offered by their words ("waiting for approval"); the address keeps the state's name.
    model.addAttribute(
        "states",
        java.util.Arrays.stream(JobState.values())
            .map(s -> new ArgForms.Option(s.name(), StateWords.of(s)))
            .toList());
    model.addAttribute("operator", operator);
    model.addAttribute("active", found.stream().anyMatch(j -> !j.state().terminal()));
  }
}
