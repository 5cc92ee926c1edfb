package io.assay.contract.evidence;

import java.util.Locale;

/** What an artifact holds. The database stores the lowercase {@link #code()}. */
public enum ArtifactKind {
  /** Rows returned by a composed query: the evidence pool's {@code QueryResult}. */
  QUERY_RESULT,
  /** Output of an algorithm (anomaly scores, attributions): any non-empty JSON object. */
  COMPUTATION,
  /** A {@link io.assay.contract.finding.ChartData} dataset, stored without its source. */
  CHART_DATA;

  public String code() {
    return name().toLowerCase(Locale.ROOT);
  }

  public static ArtifactKind ofCode(String code) {
    for (ArtifactKind kind : values()) {
      if (kind.code().equals(code)) {
        return kind;
      }
    }
    throw new IllegalArgumentException("unknown artifact kind: " + code);
  }
}
