package io.assay.contract.delivery;

import java.time.Instant;

/**
 * Proof of one delivery: the channel confirmed it received content rendered from the frozen body
 * whose checksum is {@code bodySha256}.
 *
 * @param contentSha256 SHA-256 of the bytes the channel confirmed (request body, files manifest,
 *     MIME message); null until confirmed
 * @param detail what the channel answered: HTTP status and reply, the directory, the SMTP reply
 */
public record Receipt(
    String jobId,
    String channel,
    String channelKind,
    ReceiptStatus status,
    int attempts,
    String idempotencyKey,
    String bodySha256,
    String contentSha256,
    String detail,
    String lastError,
    Instant confirmedAt) {

  public boolean confirmed() {
    return status == ReceiptStatus.CONFIRMED;
  }
}
