package io.assay.report;

import io.assay.contract.report.ReportActivities;
import io.assay.contract.report.ReportRef;
import io.assay.contract.report.ReportRequest;
import io.assay.report.check.ReportCheckFailedException;
import io.temporal.activity.Activity;
import io.temporal.activity.ActivityExecutionContext;
import io.temporal.failure.ApplicationFailure;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/** Plain implementation over {@link ReportService}; register it on a worker. */
public final class ReportActivitiesImpl implements ReportActivities {
  public static final String CHECK_FAILED = "ReportCheckFailed";
  public static final String RENDERING_FAILED = "ReportRenderingFailed";
  public static final String INVALID_REQUEST = "InvalidReportRequest";

  /** How often a running build tells the service its worker is alive. */
  static final long HEARTBEAT_EVERY_MILLIS = 2_000;

  /** One daemon thread heartbeats for every build running in this process. */
  private static final ScheduledExecutorService HEARTBEATS =
      Executors.newSingleThreadScheduledExecutor(
          r -> {
            Thread t = new Thread(r, "report-heartbeat");
            t.setDaemon(true);
            return t;
          });

  private final ReportService service;

  public ReportActivitiesImpl(ReportService service) {
    this.service = service;
  }

  @Override
  public ReportRef buildReport(ReportRequest request) {
    // A build is one long call (write, check, repair, render): heartbeats from beside it let the
    // service see a dead worker within the heartbeat timeout and retry the build on another,
    // instead of waiting out the whole start-to-close timeout.
    ScheduledFuture<?> beating = heartbeat();
    try {
      return service.build(request).ref();
    } catch (ReportCheckFailedException e) {
      throw ApplicationFailure.newNonRetryableFailure(e.getMessage(), CHECK_FAILED, e.last());
    } catch (ReportRenderingException e) {
      throw ApplicationFailure.newNonRetryableFailure(e.getMessage(), RENDERING_FAILED);
    } catch (IllegalArgumentException e) {
      throw ApplicationFailure.newNonRetryableFailure(e.getMessage(), INVALID_REQUEST);
    } finally {
      if (beating != null) {
        beating.cancel(false);
      }
    }
  }

  /** Starts heartbeating; none when called outside an activity (tests, the CLI). */
  private static ScheduledFuture<?> heartbeat() {
    ActivityExecutionContext ctx;
    try {
      ctx = Activity.getExecutionContext();
    } catch (IllegalStateException | NullPointerException notInActivity) {
      return null;
    }
    ctx.heartbeat(null);
    return HEARTBEATS.scheduleWithFixedDelay(
        () -> {
          try {
            ctx.heartbeat(null);
          } catch (RuntimeException e) {
            // cancelled or timed out: the build's own result is discarded by the service
          }
        },
        HEARTBEAT_EVERY_MILLIS,
        HEARTBEAT_EVERY_MILLIS,
        TimeUnit.MILLISECONDS);
  }
}
