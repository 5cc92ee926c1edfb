package io.assay.web.history;

import java.util.List;
import java.util.Set;

/**
 * Which events of a job's history to show: by category, by exact event type, by workflow. An empty
 * set means no restriction on that aspect.
 */
public record HistoryFilter(Set<EventCategory> categories, Set<String> types, String workflow) {
  public HistoryFilter {
    categories = categories == null ? Set.of() : Set.copyOf(categories);
    types = types == null ? Set.of() : Set.copyOf(types);
    workflow = workflow == null || workflow.isBlank() ? null : workflow;
  }

  public boolean any() {
    return !categories.isEmpty() || !types.isEmpty() || workflow != null;
  }

  public JobHistory apply(JobHistory history) {
    List<WorkflowRun> runs =
        history.runs().stream()
            .filter(r -> workflow == null || r.workflowId().equals(workflow))
            .map(
                r ->
                    new WorkflowRun(
                        r.workflowId(),
                        r.runId(),
                        r.role(),
                        r.status(),
                        r.events().stream().filter(this::keeps).toList(),
                        r.pending()))
            .toList();
    return new JobHistory(history.jobId(), runs, history.unavailable());
  }

  boolean keeps(HistoryEntry e) {
    return (categories.isEmpty() || categories.contains(e.category()))
        && (types.isEmpty() || types.contains(e.type()));
  }
}
