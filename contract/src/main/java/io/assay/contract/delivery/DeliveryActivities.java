package io.assay.contract.delivery;

import io.assay.contract.report.ReportRef;
import io.temporal.activity.ActivityInterface;
import io.temporal.activity.ActivityMethod;
import java.util.List;

/** Delivery as seen from the workflow: one call per requested channel. */
@ActivityInterface
public interface DeliveryActivities {

  /**
   * Delivers the frozen report to one channel and returns its confirmed receipt. Idempotent per
   * (job, channel): after a confirmation, further calls return the same receipt without sending.
   * Throws a retryable {@code DeliveryNotConfirmed} failure when the channel did not confirm (keep
   * the job in DELIVERING and retry with backoff), and a non-retryable {@code DeliveryRejected}
   * when retrying cannot help (no frozen report, checksum mismatch, conflicting file, bad address).
   */
  @ActivityMethod(name = "Deliver")
  Receipt deliver(String jobId, ChannelSpec channel, ReportRef report);

  /** The job's receipts, confirmed or pending with their last error. */
  @ActivityMethod(name = "ListReceipts")
  List<Receipt> receipts(String jobId);
}
