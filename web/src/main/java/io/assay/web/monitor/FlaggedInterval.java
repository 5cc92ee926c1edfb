package io.assay.web.monitor;

import java.time.LocalDate;

/**
 * An interval a job's trend scan flagged, as people give feedback on it.
 *
 * @param start ISO period of the first flagged period ("1997-06")
 * @param end ISO period of the last
 */
public record FlaggedInterval(
    String stepId,
    String metric,
    String start,
    String end,
    LocalDate from,
    LocalDate to,
    double score,
    String direction) {

  /** "1997-06" or "1997-05 to 1997-06". */
  public String periods() {
    return start.equals(end) ? start : start + " to " + end;
  }

  /** The form's value naming this interval. */
  public String key() {
    return stepId + "|" + from + "|" + to;
  }
}
