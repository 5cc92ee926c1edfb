package io.assay.web.history;

import io.assay.web.ui.VisibleJobs;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.security.Principal;
import java.util.Set;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** The workflow history of a job as JSON, for operators. */
@RestController
@Tag(name = "History", description = "Temporal workflow histories of jobs (operators only)")
class HistoryApiController {
  private final VisibleJobs visible;
  private final JobHistories histories;

  HistoryApiController(VisibleJobs visible, JobHistories histories) {
    this.visible = visible;
    this.histories = histories;
  }

  @Operation(
      summary = "Temporal history of a job and its step workflows (operators only)",
      description =
          "Filter with category (WORKFLOW, WORKFLOW_TASK, ACTIVITY, LOCAL_ACTIVITY, TIMER, SIGNAL,"
              + " UPDATE, CHILD, OTHER), type (e.g. ActivityTaskFailed) and workflow (a workflow id).")
  @GetMapping("/api/jobs/{id}/history")
  JobHistory history(
      @PathVariable String id,
      @RequestParam(required = false) Set<EventCategory> category,
      @RequestParam(required = false) Set<String> type,
      @RequestParam(required = false) String workflow,
      Principal principal) {
    visible.get(id, principal);
    return new HistoryFilter(category, type, workflow).apply(histories.of(id));
  }
}
