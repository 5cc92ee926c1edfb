package io.assay.algorithms.eval.nab;

import java.time.LocalDateTime;
import java.util.List;

/**
 * One NAB data file: its corpus-relative name ({@code category/file.csv}), rows, and labelled
 * windows as inclusive row-index ranges (windows whose limits match no row are dropped, as NAB's
 * sweeper never enters them).
 */
public record NabFile(
    String name, List<LocalDateTime> timestamps, double[] values, List<Window> windows) {

  /** An inclusive labelled window. */
  public record Window(int start, int end) {
    public int width() {
      return end - start + 1;
    }
  }

  public NabFile {
    timestamps = List.copyOf(timestamps);
    windows = List.copyOf(windows);
    if (timestamps.size() != values.length) {
      throw new IllegalArgumentException(name + ": timestamps and values differ in length");
    }
  }

  public int size() {
    return values.length;
  }

  /** NAB's probation: min(floor(0.15 n), 750) rows that are never scored. */
  public int probationLength() {
    return (int) Math.min(Math.floor(0.15 * values.length), 0.15 * 5000);
  }
}
