package io.assay.algorithms.summary;

/**
 * Options of {@link DataSummarizer}.
 *
 * @param budget maximum number of representative rows (default 20)
 * @param seed seed of the random fill, so the same data always gives the same summary
 * @param topValues how many most-frequent values to list per non-numeric column
 */
public record SummaryOptions(int budget, long seed, int topValues) {
  public static final double RARE_SHARE = 0.05;
  public static final double MISSING_SHARE = 0.05;

  public SummaryOptions {
    if (budget < 1) {
      throw new IllegalArgumentException("budget must be at least 1, got " + budget);
    }
    if (topValues < 0) {
      throw new IllegalArgumentException("topValues must be >= 0, got " + topValues);
    }
  }

  public static SummaryOptions defaults() {
    return new SummaryOptions(20, 42L, 5);
  }

  public SummaryOptions withBudget(int value) {
    return new SummaryOptions(value, seed, topValues);
  }

  public SummaryOptions withSeed(long value) {
    return new SummaryOptions(budget, value, topValues);
  }
}
