package io.assay.algorithms.forecast;

import java.util.List;

/** What a forecaster answers (spec A10): predictions, or a failure with a status and a text. */
public sealed interface ForecastResult {

  /**
   * A forecast. {@code predictions} may hold {@code null} where a remote service sent a value that
   * is not a number; {@code predictionStd} is {@code null} when the forecaster gives no
   * uncertainty, and its elements may be null too. {@code source} names who produced it (model or
   * service URL), for reports.
   */
  record Success(List<Double> predictions, List<Double> predictionStd, String source)
      implements ForecastResult {
    public Success {
      predictions = java.util.Collections.unmodifiableList(new java.util.ArrayList<>(predictions));
      if (predictionStd != null) {
        predictionStd =
            java.util.Collections.unmodifiableList(new java.util.ArrayList<>(predictionStd));
      }
    }
  }

  /** A failed call. {@code status} is {@code error} or {@code http_error} as in the reference. */
  record Failure(Status status, String error) implements ForecastResult {}

  /** Failure statuses of the contract. */
  enum Status {
    ERROR("error"),
    HTTP_ERROR("http_error");

    private final String wire;

    Status(String wire) {
      this.wire = wire;
    }

    /** The status string on the wire. */
    public String wire() {
      return wire;
    }
  }
}
