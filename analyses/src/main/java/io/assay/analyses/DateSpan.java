package io.assay.analyses;

import java.time.LocalDate;

/** Earliest and latest date of a date column, as recon recorded them. */
public record DateSpan(LocalDate first, LocalDate last) {
  public DateSpan {
    if (first == null || last == null || first.isAfter(last)) {
      throw new IllegalArgumentException(
          "a date span needs first <= last, got " + first + ".." + last);
    }
  }
}
