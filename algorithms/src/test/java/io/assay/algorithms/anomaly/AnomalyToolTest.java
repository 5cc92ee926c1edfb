package io.assay.algorithms.anomaly;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.algorithms.forecast.SeriesValues;
import io.assay.algorithms.forecast.StatisticalForecaster;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Tool layer (A9), severity bands and frequency defaults (A7, A8), with the in-process forecaster.
 */
class AnomalyToolTest {
  private final AnomalyDetectionTool tool =
      new AnomalyDetectionTool(new AnomalyDetector(new StatisticalForecaster()));

  @ParameterizedTest
  @CsvSource({
    "5min,6,12", "minutely,6,12", "hourly,3,12", "Hour,3,12", "daily,3,7", "weekday,3,7",
    "weekly,3,4", "monthly,3,4", "quarterly,3,10", "H,3,10", "D,3,10", "'',3,10"
  })
  void frequencyDefaultsFollowTheTable(String frequency, int window, int stride) {
    assertThat(FrequencyDefaults.of(frequency)).isEqualTo(new FrequencyDefaults(window, stride));
  }

  @Test
  void nullFrequencyCountsAsEmpty() {
    assertThat(FrequencyDefaults.of(null)).isEqualTo(new FrequencyDefaults(3, 10));
  }

  @ParameterizedTest
  @CsvSource({
    "0.0,LOW",
    "0.4,LOW",
    "0.41,MEDIUM",
    "0.6,MEDIUM",
    "0.61,HIGH",
    "0.8,HIGH",
    "0.81,CRITICAL",
    "1.0,CRITICAL"
  })
  void severityBandsAreStrict(double score, SeverityBand band) {
    assertThat(SeverityBand.of(score)).isEqualTo(band);
  }

  @Test
  void singleWindowModeUsesTheMinuteWindowOfSix() {
    List<Object> rows = new ArrayList<>();
    for (int i = 0; i < 100; i++) {
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("ts", "t" + i);
      row.put("cnt", 200 + 10 * Math.sin(i / 5.0));
      rows.add(row);
    }
    String report =
        tool.run(new AnomalyToolArguments("why", rows, null, "5min", null, "cnt", null, 1.0, 1.0));
    assertThat(report).startsWith("🚨 Anomaly Detection Report\n");
    assertThat(report).contains("  • Window Size: 6 points");
  }

  @Test
  void rangeModeFindsASustainedDropWithTimestamps() {
    List<Object> rows = new ArrayList<>();
    for (int i = 0; i < 24 * 14; i++) {
      double v = 1000 + 300 * Math.sin(2 * Math.PI * i / 24) + ((i * 7919) % 13 - 6);
      if (i >= 24 * 14 - 10 && i < 24 * 14 - 4) {
        v -= 600;
      }
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("timestamp", "h" + i);
      row.put("value", v);
      rows.add(row);
    }
    AnomalyDetector detector = new AnomalyDetector(new StatisticalForecaster());
    RangeOutcome outcome = detector.scanRange(rows, RangeParams.of(48, "hourly"));
    assertThat(outcome).isInstanceOf(RangeOutcome.Scanned.class);
    RangeOutcome.Scanned scan = (RangeOutcome.Scanned) outcome;
    assertThat(scan.intervals()).isNotEmpty();
    AnomalyInterval drop = scan.intervals().get(0);
    assertThat(drop.direction()).isEqualTo(Direction.DROP);
    assertThat(drop.startAbsIndex()).isBetween(24 * 14 - 12, 24 * 14 - 8);
    assertThat(drop.peak()).isGreaterThan(0.8);
    String report = AnomalyReport.format(outcome);
    assertThat(report).contains("Interval 1 [" + drop.startTimestamp() + " → ");
    assertThat(tool.run(AnomalyToolArguments.of(rows, 48))).isEqualTo(report);
  }

  @Test
  void argumentsOutsideTheToolLimitsGiveAnErrorReport() {
    List<Object> rows = SeriesValues.of(new double[50]);
    assertThat(tool.run(AnomalyToolArguments.of(rows, 1)))
        .isEqualTo(
            "Anomaly Detection Error: Invalid arguments: detection_range (1) must be at least 2.");
    assertThat(tool.run(new AnomalyToolArguments("", rows, 10, "hourly", 201, null, null, 3.5, -1)))
        .isEqualTo(
            "Anomaly Detection Error: Invalid arguments: stride (201) must be between 1 and 200."
                + " drop_weight (3.5) must be between 0 and 3. rise_weight (-1.0) must be between"
                + " 0 and 3.");
    assertThat(tool.run(AnomalyToolArguments.of(null, null)))
        .isEqualTo("Anomaly Detection Error: Invalid arguments: input_data is required.");
  }

  @Test
  void hysteresisOpensAtHighClosesBelowLowAndClosesAtTheEnd() {
    double[] severity = {0.1, 0.7, 0.5, 0.39, 0.65, 0.6, 0.2, 0.9};
    List<int[]> intervals = AnomalyDetector.hysteresis(severity, 0.6, 0.4);
    assertThat(intervals).hasSize(3);
    assertThat(intervals.get(0)).containsExactly(1, 2);
    assertThat(intervals.get(1)).containsExactly(4, 5);
    assertThat(intervals.get(2)).containsExactly(7, 7);
  }
}
