package io.assay.delivery;

/**
 * What delivery may touch: the base directory of file targets and the hosts webhook-style channels
 * may reach. Checked when a job is submitted and again before every send.
 */
public record DeliveryPolicy(FileTargets files, EgressPolicy egress) {}
