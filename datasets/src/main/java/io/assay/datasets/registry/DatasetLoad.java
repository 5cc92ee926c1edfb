package io.assay.datasets.registry;

/**
 * What making one dataset ready did.
 *
 * @param dataset its name
 * @param status the outcome
 * @param detail one line for the log and the start-up report
 * @param millis how long it took
 */
public record DatasetLoad(String dataset, Status status, String detail, long millis) {

  public enum Status {
    /** Rows were loaded now. */
    LOADED,
    /** The schema already held this source; nothing was loaded. */
    UP_TO_DATE,
    /** An external schema: Assay does not load it. */
    EXTERNAL,
    /** The default data directory does not exist; the dataset is not served. */
    UNAVAILABLE
  }

  /** Whether the dataset can be queried (every status but {@link Status#UNAVAILABLE}). */
  public boolean ready() {
    return status != Status.UNAVAILABLE;
  }
}
