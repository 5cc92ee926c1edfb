package io.assay.delivery;

import io.assay.contract.delivery.ChannelSpec;
import io.assay.contract.delivery.DeliveryActivities;
import io.assay.contract.delivery.Receipt;
import io.assay.contract.report.ReportRef;
import io.assay.store.ReceiptStore;
import io.temporal.failure.ApplicationFailure;
import java.util.List;

/** Plain implementation over {@link DeliveryService}; register it on a worker. */
public final class DeliveryActivitiesImpl implements DeliveryActivities {
  public static final String NOT_CONFIRMED = "DeliveryNotConfirmed";
  public static final String REJECTED = "DeliveryRejected";

  private final DeliveryService service;
  private final ReceiptStore receipts;

  public DeliveryActivitiesImpl(DeliveryService service, ReceiptStore receipts) {
    this.service = service;
    this.receipts = receipts;
  }

  @Override
  public Receipt deliver(String jobId, ChannelSpec channel, ReportRef report) {
    try {
      return service.deliver(jobId, channel, report);
    } catch (ChannelNotConfirmedException e) {
      throw e.retryable()
          ? ApplicationFailure.newFailure(e.getMessage(), NOT_CONFIRMED)
          : ApplicationFailure.newNonRetryableFailure(e.getMessage(), REJECTED);
    } catch (IllegalArgumentException e) {
      throw ApplicationFailure.newNonRetryableFailure(e.getMessage(), REJECTED);
    }
  }

  @Override
  public List<Receipt> receipts(String jobId) {
    return receipts.forJob(jobId);
  }
}
