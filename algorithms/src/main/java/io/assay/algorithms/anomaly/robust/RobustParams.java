package io.assay.algorithms.anomaly.robust;

/**
 * Settings of {@link RobustDetector}.
 *
 * @param season cycle length in periods (12 for months, 7 for days, 4 for quarters), 0 for none
 * @param enter |score| at which a period is unusual (and held out of later baselines)
 * @param exit |score| down to which an unusual run extends on either side
 * @param maxHeld consecutive unusual periods after which the baseline accepts the new level
 */
public record RobustParams(int season, double enter, double exit, int maxHeld) {
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
  }

  public static RobustParams of(int season) {
    return new RobustParams(season, ENTER, EXIT, MAX_HELD);
  }

  public RobustParams withEnter(double e) {
    return new RobustParams(season, e, e * EXIT / ENTER, maxHeld);
  }
}
