package io.assay.contract.report;

import io.temporal.activity.ActivityInterface;
import io.temporal.activity.ActivityMethod;

/** The report stage as seen from the workflow. */
@ActivityInterface
public interface ReportActivities {

  /**
   * Writes the report from the job's evidence pool, checks it (repairing at most a bounded number
   * of times), freezes it, renders HTML and Markdown and stores all of it. Returns a small
   * reference; the documents stay in the database. Idempotent: a retry returns the report frozen
   * first.
   *
   * <p>Fails without retry as {@code ReportCheckFailed} (details: the last {@link
   * io.assay.report.check.CheckReport}) when the checks still fail after repair, as {@code
   * ReportRenderingFailed} when a rendering fails its audit, and as {@code InvalidReportRequest}
   * for a malformed request.
   */
  @ActivityMethod(name = "BuildReport")
  ReportRef buildReport(ReportRequest request);
}
