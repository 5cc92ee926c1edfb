package io.assay.algorithms.anomaly;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Result of a range scan: the scan, or an error (score 0). Never throws. */
public sealed interface RangeOutcome {
  double score();

  /** The reference details map. */
  Map<String, Object> details();

  /** A completed scan; {@code score} is the highest kept peak, 0 when no interval was kept. */
  record Scanned(
      double score,
      int detectionRange,
      String frequency,
      int stride,
      int evaluationWindow,
      int forecastCalls,
      int scanStartIndex,
      double[] severityCurve,
      List<AnomalyInterval> intervals,
      List<FailedBlock> failedBlocks)
      implements RangeOutcome {
    public Scanned {
      intervals = List.copyOf(intervals);
      failedBlocks = List.copyOf(failedBlocks);
    }

    @Override
    public Map<String, Object> details() {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("detection_range", detectionRange);
      m.put("frequency", frequency);
      m.put("stride", stride);
      m.put("evaluation_window", evaluationWindow);
      m.put("forecast_calls", forecastCalls);
      m.put("scan_start_index", scanStartIndex);
      List<Double> curve = new ArrayList<>(severityCurve.length);
      for (double s : severityCurve) {
        curve.add(s);
      }
      m.put("severity_curve", curve);
      List<Map<String, Object>> list = new ArrayList<>();
      for (AnomalyInterval interval : intervals) {
        list.add(interval.details());
      }
      m.put("intervals", list);
      m.put("failed_blocks", blocks(failedBlocks));
      return m;
    }
  }

  /**
   * A failure. {@code failedBlocks} is non-null only when every block forecast failed, the one
   * error whose details also list the blocks.
   */
  record Failed(String error, List<FailedBlock> failedBlocks) implements RangeOutcome {
    public Failed(String error) {
      this(error, null);
    }

    @Override
    public double score() {
      return 0.0;
    }

    @Override
    public Map<String, Object> details() {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("error", error);
      if (failedBlocks != null) {
        m.put("failed_blocks", blocks(failedBlocks));
      }
      return m;
    }
  }

  private static List<Map<String, Object>> blocks(List<FailedBlock> blocks) {
    List<Map<String, Object>> out = new ArrayList<>(blocks.size());
    for (FailedBlock b : blocks) {
      out.add(b.details());
    }
    return out;
  }
}
