package io.assay.algorithms.anomaly.robust;

/**
 * Settings of {@link RobustDetector}.
 *
 * @param season cycle length in periods (12 for months, 7 for days, 4 for quarters), 0 for none
 * @param enter |score| at which a period is unusual (and held out of later baselines)
 * @param exit |score| down to which an unusual run extends on either side
 * @param maxHeld consecutive unusual periods after which the baseline accepts the new level
 * @param dropWeight scores of periods below their baseline are multiplied by it (0..3)
 * @param riseWeight scores of periods above their baseline are multiplied by it (0..3)
 * @param counts the values count events (rows): a period's typical error is never below the square
 *     root of its baseline, the Poisson noise of a count, however regular the history looked
 * @param secondLook a period near the threshold one step ahead (at {@code exit}) is also judged
 *     against the line through its neighbours on both sides ({@link Retrospective}), at the
 *     threshold plus {@link Retrospective#SECOND_LOOK}: on for the series asked about and for the
 *     slices a drill-down scans when the total shows nothing (a one-step baseline of a smooth
 *     series that changes pace errs far more than the series wobbles about its neighbours; on the
 *     slices of real data with nothing injected, the second look flagged no more)
 */
public record RobustParams(
    int season,
    double enter,
    double exit,
    int maxHeld,
    double dropWeight,
    double riseWeight,
    boolean counts,
    boolean secondLook) {
  public static final double ENTER = 4.0;
  public static final double EXIT = 3.0;
  public static final int MAX_HELD = 6;

  public RobustParams {
    if (season < 0 || season == 1) {
      throw new IllegalArgumentException("season must be 0 or at least 2, got " + season);
    }
    if (!(enter > 0) || !(exit > 0) || exit > enter) {
      throw new IllegalArgumentException("need 0 < exit <= enter, got " + exit + ", " + enter);
    }
    if (maxHeld < 1) {
      throw new IllegalArgumentException("maxHeld must be at least 1, got " + maxHeld);
    }
    if (!(dropWeight >= 0 && dropWeight <= 3) || !(riseWeight >= 0 && riseWeight <= 3)) {
      throw new IllegalArgumentException("direction weights must be in 0..3");
    }
  }

  public RobustParams(int season, double enter, double exit, int maxHeld) {
    this(season, enter, exit, maxHeld, 1, 1, false, false);
  }

  public static RobustParams of(int season) {
    return new RobustParams(season, ENTER, EXIT, MAX_HELD);
  }

  public RobustParams withEnter(double e) {
    return new RobustParams(
        season, e, e * EXIT / ENTER, maxHeld, dropWeight, riseWeight, counts, secondLook);
  }

  /** Drops or rises count more (a business judgement): their scores are multiplied. */
  public RobustParams withWeights(double drop, double rise) {
    return new RobustParams(season, enter, exit, maxHeld, drop, rise, counts, secondLook);
  }

  /**
   * Whether the values count events: a count of a few dozen rows wobbles by its square root
   * whatever its history showed (a short history of small counts can look far more regular).
   */
  public RobustParams withCounts(boolean c) {
    return new RobustParams(season, enter, exit, maxHeld, dropWeight, riseWeight, c, secondLook);
  }

  /** With or without the second look at periods near the threshold ({@link #secondLook()}). */
  public RobustParams withSecondLook(boolean on) {
    return new RobustParams(season, enter, exit, maxHeld, dropWeight, riseWeight, counts, on);
  }
}
