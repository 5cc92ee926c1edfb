package io.assay.store;

import io.assay.contract.job.JobState;
import java.time.LocalDate;

/**
 * A filter over the job listing.
 *
 * @param owner only this owner's jobs; null for everyone's (operators)
 * @param state only jobs in this state; null for all
 * @param search words that must each occur in the question or id (case-insensitive, any order);
 *     null or blank for none
 * @param submittedBy only jobs whose owner name contains this (an operator's filter); null for all
 * @param from only jobs submitted on or after this day (UTC); null for no bound
 * @param to only jobs submitted on or before this day (UTC); null for no bound
 */
public record JobQuery(
    String owner,
    JobState state,
    String search,
    int page,
    int pageSize,
    String submittedBy,
    LocalDate from,
    LocalDate to,
    JobSort sort) {
  public JobQuery {
    page = Math.max(page, 0);
    pageSize = pageSize <= 0 ? 20 : Math.min(pageSize, 200);
    sort = sort == null ? JobSort.NEWEST : sort;
  }

  public JobQuery(String owner, JobState state, String search, int page, int pageSize) {
    this(owner, state, search, page, pageSize, null, null, null, JobSort.NEWEST);
  }

  public JobQuery withPage(int newPage) {
    return new JobQuery(owner, state, search, newPage, pageSize, submittedBy, from, to, sort);
  }
}
