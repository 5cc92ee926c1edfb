package io.assay.delivery;

import io.assay.contract.delivery.ChannelSpec;
import io.assay.contract.delivery.Delivered;

/** One kind of channel. Implementations confirm or throw {@link ChannelNotConfirmedException}. */
public interface DeliveryChannel<S extends ChannelSpec> {
  /**
   * Delivers {@code content}; {@code idempotencyKey} is the same on every attempt for this job and
   * channel, and is passed to the receiver where the channel has a way to carry it.
   */
  Delivered deliver(S spec, DeliveryContent content, String idempotencyKey);
}
