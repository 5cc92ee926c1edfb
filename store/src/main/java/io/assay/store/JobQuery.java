package io.assay.store;

import io.assay.contract.job.JobState;

/**
 * A filter over the job listing.
 *
 * @param owner only this owner's jobs; null for everyone's (operators)
 * @param state only jobs in this state; null for all
 * @param search case-insensitive substring of the question or id; null or blank for none
 */
public record JobQuery(String owner, JobState state, String search, int page, int pageSize) {
  public JobQuery {
    page = Math.max(page, 0);
    pageSize = pageSize <= 0 ? 20 : Math.min(pageSize, 200);
  }
}
