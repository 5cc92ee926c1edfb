package io.assay.algorithms.adtributor;

import com.fasterxml.jackson.annotation.JsonValue;

/** Outcome of an Adtributor run (spec B3). */
public enum AdtributorStatus {
  SUCCESS("success"),
  NO_ROOT_CAUSE("no_root_cause"),
  NO_ANOMALY_DIRECTION("no_anomaly_direction");

  private final String wireName;

  AdtributorStatus(String wireName) {
    this.wireName = wireName;
  }

  @JsonValue
  public String wireName() {
    return wireName;
  }
}
