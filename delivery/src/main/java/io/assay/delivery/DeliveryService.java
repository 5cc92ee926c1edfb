package io.assay.delivery;

import io.assay.contract.delivery.ChannelSpec;
import io.assay.contract.delivery.Delivered;
import io.assay.contract.delivery.DirectoryChannel;
import io.assay.contract.delivery.EmailChannel;
import io.assay.contract.delivery.Receipt;
import io.assay.contract.delivery.WebhookChannel;
import io.assay.contract.report.ReportRef;
import io.assay.report.FrozenReport;
import io.assay.report.ReportStore;
import io.assay.store.CanonicalJson;
import io.assay.store.ReceiptStore;
import java.time.Clock;
import java.util.Optional;

/**
 * Delivers a frozen report to one channel, exactly once per job and channel as far as the channel
 * allows:
 *
 * <ol>
 *   <li>a confirmed receipt for (job, channel) means done: nothing is sent again;
 *   <li>the stored report must still match its checksums and the checksum the workflow holds;
 *   <li>the attempt is counted on the pending receipt, the channel is called with the idempotency
 *       key of (job, channel), and the receipt is confirmed with the hash of what was confirmed.
 * </ol>
 *
 * A channel that does not confirm leaves the receipt pending with the error, for operators, and
 * throws {@link ChannelNotConfirmedException} for the activity to retry.
 */
public final class DeliveryService {
  private final ReceiptStore receipts;
  private final ReportStore reports;
  private final WebhookSender webhooks;
  private final FileDirectorySender files;
  private final SmtpSender email;

  public DeliveryService(
      ReceiptStore receipts,
      ReportStore reports,
      WebhookSender webhooks,
      FileDirectorySender files,
      SmtpSender email) {
    this.receipts = receipts;
    this.reports = reports;
    this.webhooks = webhooks;
    this.files = files;
    this.email = email;
  }

  /** Wires the three channels with the given secrets, clock and delivery policy. */
  public static DeliveryService create(
      ReceiptStore receipts,
      ReportStore reports,
      ChannelSecrets secrets,
      Clock clock,
      DeliveryPolicy policy) {
    return new DeliveryService(
        receipts,
        reports,
        new WebhookSender(secrets, clock, policy.egress()),
        new FileDirectorySender(policy.files()),
        new SmtpSender(secrets, clock));
  }

  /** The key the receiver sees on every attempt for this job and channel. */
  public static String idempotencyKey(String jobId, String channel) {
    return "assay-" + CanonicalJson.sha256(jobId + "\n" + channel).substring(0, 32);
  }

  public Receipt deliver(String jobId, ChannelSpec channel, ReportRef report) {
    if (jobId == null || channel == null || report == null || !jobId.equals(report.jobId())) {
      throw new IllegalArgumentException("deliver needs a job id, a channel and that job's report");
    }
    Optional<Receipt> existing = receipts.find(jobId, channel.name());
    if (existing.isPresent() && existing.get().confirmed()) {
      if (!existing.get().bodySha256().equals(report.bodySha256())) {
        throw new ChannelNotConfirmedException(
            "channel "
                + channel.name()
                + " already confirmed a report with body checksum "
                + existing.get().bodySha256()
                + ", not "
                + report.bodySha256(),
            false);
      }
      return existing.get();
    }
    FrozenReport frozen =
        reports
            .find(jobId)
            .orElseThrow(
                () ->
                    new ChannelNotConfirmedException(
                        "job " + jobId + " has no frozen report to deliver", false));
    if (!frozen.intact() || !frozen.bodySha256().equals(report.bodySha256())) {
      throw new ChannelNotConfirmedException(
          "the stored report of job "
              + jobId
              + " does not match checksum "
              + report.bodySha256()
              + "; refusing to deliver it",
          false);
    }
    String key = idempotencyKey(jobId, channel.name());
    receipts.beginAttempt(jobId, channel, key, frozen.bodySha256());
    DeliveryContent content = DeliveryContent.of(frozen);
    Delivered delivered;
    try {
      delivered = send(channel, content, key);
    } catch (ChannelNotConfirmedException e) {
      receipts.recordFailure(jobId, channel.name(), e.getMessage());
      throw e;
    }
    Receipt receipt = receipts.confirm(jobId, channel.name(), delivered);
    if (!receipt.bodySha256().equals(report.bodySha256())) {
      throw new IllegalStateException(
          "receipt of "
              + channel.name()
              + " records body checksum "
              + receipt.bodySha256()
              + " instead of "
              + report.bodySha256());
    }
    return receipt;
  }

  private Delivered send(ChannelSpec channel, DeliveryContent content, String key) {
    if (channel instanceof WebhookChannel w) {
      return webhooks.deliver(w, content, key);
    }
    if (channel instanceof DirectoryChannel d) {
      return files.deliver(d, content, key);
    }
    return email.deliver((EmailChannel) channel, content, key);
  }
}
