package io.assay.store;

/** Orders of the job listing. */
public enum JobSort {
  NEWEST,
  OLDEST,
  LONGEST,
  STATE,
  OWNER
}
