package io.assay.web.history;

import io.assay.store.JobRecord;
import io.assay.web.ui.PageController;
import io.assay.web.ui.VisibleJobs;
import java.security.Principal;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;

/**
 * The workflow history page for operators (the route is restricted to them in security): every
 * Temporal event of the job and its step workflows, filterable by category, type and workflow.
 */
@PageController
class HistoryPageController {
  private final VisibleJobs visible;
  private final JobHistories histories;

  HistoryPageController(VisibleJobs visible, JobHistories histories) {
    this.visible = visible;
    this.histories = histories;
  }

  @GetMapping("/jobs/{id}/history")
  String page(
      @PathVariable String id,
      @RequestParam(required = false) Set<EventCategory> category,
      @RequestParam(required = false) Set<String> type,
      @RequestParam(required = false) String workflow,
      Principal principal,
      Model model) {
    fill(id, category, type, workflow, principal, model);
    return "jobs/history";
  }

  /** Only the event tables, for the page's refresh while the job runs. */
  @GetMapping("/jobs/{id}/history/parts/runs")
  String runs(
      @PathVariable String id,
      @RequestParam(required = false) Set<EventCategory> category,
      @RequestParam(required = false) Set<String> type,
      @RequestParam(required = false) String workflow,
      Principal principal,
      Model model) {
    fill(id, category, type, workflow, principal, model);
    return "jobs/history :: runs";
  }

  private void fill(
      String id,
      Set<EventCategory> category,
      Set<String> type,
      String workflow,
      Principal principal,
      Model model) {
    JobRecord job = visible.get(id, principal);
    JobHistory all = histories.of(id);
    HistoryFilter filter = new HistoryFilter(category, type, workflow);
    Set<String> types = new TreeSet<>();
    all.events().forEach(e -> types.add(e.type()));
    model.addAttribute("job", job);
    model.addAttribute("history", filter.apply(all));
    model.addAttribute("filter", filter);
    model.addAttribute("categories", List.of(EventCategory.values()));
    model.addAttribute("types", types);
    model.addAttribute("workflows", all.runs());
    model.addAttribute("total", all.events().size());
  }
}
