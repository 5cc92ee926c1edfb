package io.assay.report;

import io.assay.contract.report.ReportActivities;
import io.assay.contract.report.ReportRef;
import io.assay.contract.report.ReportRequest;
import io.assay.report.check.ReportCheckFailedException;
import io.temporal.failure.ApplicationFailure;

/** Plain implementation over {@link ReportService}; register it on a worker. */
public final class ReportActivitiesImpl implements ReportActivities {
  public static final String CHECK_FAILED = "ReportCheckFailed";
  public static final String RENDERING_FAILED = "ReportRenderingFailed";
  public static final String INVALID_REQUEST = "InvalidReportRequest";

  private final ReportService service;

  public ReportActivitiesImpl(ReportService service) {
    this.service = service;
  }

  @Override
  public ReportRef buildReport(ReportRequest request) {
    try {
      return service.build(request).ref();
    } catch (ReportCheckFailedException e) {
      throw ApplicationFailure.newNonRetryableFailure(e.getMessage(), CHECK_FAILED, e.last());
    } catch (ReportRenderingException e) {
      throw ApplicationFailure.newNonRetryableFailure(e.getMessage(), RENDERING_FAILED);
    } catch (IllegalArgumentException e) {
      throw ApplicationFailure.newNonRetryableFailure(e.getMessage(), INVALID_REQUEST);
    }
  }
}
