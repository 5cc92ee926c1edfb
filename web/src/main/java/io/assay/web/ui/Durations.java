package io.assay.web.ui;

import java.time.Duration;

/** Durations as people read them: "850 ms", "12 s", "3 min 20 s", "2 h 5 min". */
public final class Durations {
  private Durations() {}

  public static String words(Duration d) {
    if (d.isNegative()) {
      return "";
    }
    long ms = d.toMillis();
    if (ms < 1_000) {
      return ms + " ms";
    }
    long s = d.toSeconds();
    if (s < 60) {
      return s + " s";
    }
    if (s < 3_600) {
      return (s / 60) + " min" + (s % 60 == 0 ? "" : " " + (s % 60) + " s");
    }
    long h = s / 3_600;
    long m = (s % 3_600) / 60;
    return h < 48 ? h + " h" + (m == 0 ? "" : " " + m + " min") : (h / 24) + " days";
  }
}
