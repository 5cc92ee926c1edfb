package io.assay.contract.delivery;

/** A channel's confirmation: the hash of the bytes it confirmed and what it answered. */
public record Delivered(String contentSha256, String detail) {}
