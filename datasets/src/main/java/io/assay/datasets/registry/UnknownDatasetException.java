package io.assay.datasets.registry;

import java.util.List;

/** A dataset name that is not configured; the message lists those that are. */
public final class UnknownDatasetException extends RuntimeException {
  private final List<String> available;

  public UnknownDatasetException(String asked, List<String> available) {
    super("Unknown dataset '" + asked + "'; available: " + String.join(", ", available));
    this.available = List.copyOf(available);
  }

  public List<String> available() {
    return available;
  }
}
