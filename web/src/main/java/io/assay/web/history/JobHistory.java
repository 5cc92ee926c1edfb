package io.assay.web.history;

import java.util.List;

/**
 * The Temporal history of a job: its workflow first, then each child step workflow run in the order
 * the job started them.
 *
 * @param unavailable why part of the history could not be read (e.g. the in-process Temporal
 *     service was restarted and forgot finished workflows); null when everything was read
 */
public record JobHistory(String jobId, List<WorkflowRun> runs, String unavailable) {

  /** Every event of every run, in run order. */
  public List<HistoryEntry> events() {
    return runs.stream().flatMap(r -> r.events().stream()).toList();
  }
}
