package io.assay.web.history;

import java.util.ArrayList;
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

  /**
   * The events numbered {@code from} (inclusive) to {@code to} (exclusive) in {@link #events()}'s
   * order, each in its run; a run with none of them is left out, and a run keeps what it waits on
   * only where its last event is shown. Each event keeps the durations and attempt it was read
   * with, so a page of a long history says the same as the whole.
   */
  public JobHistory slice(int from, int to) {
    List<WorkflowRun> out = new ArrayList<>();
    int at = 0;
    for (WorkflowRun r : runs) {
      int size = r.events().size();
      int first = Math.max(from - at, 0);
      int last = Math.min(to - at, size);
      if (first < last) {
        out.add(r.slice(first, last));
      }
      at += size;
    }
    return new JobHistory(jobId, out, unavailable);
  }
}
