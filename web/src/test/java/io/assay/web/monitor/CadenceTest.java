package io.assay.web.monitor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.assay.pick.TimeGrain;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import org.junit.jupiter.api.Test;

class CadenceTest {
  private static final ZonedDateTime NOW =
      ZonedDateTime.of(2026, 12, 2, 1, 0, 0, 0, ZoneId.of("UTC"));

  @Test
  void intervalsInWordsBecomeCalendarSchedulesAtSixInTheZone() {
    Cadence monthly = Cadence.of("1 month", null, "Europe/Prague");
    assertThat(monthly.cron()).isEqualTo("0 6 1 * *");
    assertThat(monthly.spec().getTimeZoneName()).isEqualTo("Europe/Prague");
    assertThat(Cadence.of("every 2 weeks", null, null).interval()).isEqualTo(Duration.ofDays(14));
    assertThat(Cadence.of("Quarter", null, "UTC").cron()).isEqualTo("0 6 1 */3 *");
    assertThat(Cadence.of("3 hours", null, "UTC").interval()).isEqualTo(Duration.ofHours(3));
  }

  @Test
  void badCadencesNameTheirField() {
    assertField(() -> Cadence.of("fortnightly", null, "UTC"), "every", "not an interval");
    assertField(() -> Cadence.of(null, "61 * * * *", "UTC"), "cron", "invalid cron");
    assertField(() -> Cadence.of(null, "0 6 1 *", "UTC"), "cron", "five");
    assertField(() -> Cadence.of("1 month", "0 6 1 * *", "UTC"), "cron", "not both");
    assertField(() -> Cadence.of(null, null, "UTC"), "every", "neither");
    assertField(() -> Cadence.of("1 month", null, "Mars/Base"), "timeZone", "time zone");
    assertField(() -> Cadence.of("2 years", null, "UTC"), "every", "cron");
  }

  @Test
  void aCadenceFinerThanThePlansPeriodsIsRefused() {
    assertField(
        () -> Cadence.of("1 day", null, "UTC").requireAtLeast(TimeGrain.MONTH, NOW),
        "every",
        "monthly");
    assertField(
        () -> Cadence.of(null, "0 6 1,15 * *", "UTC").requireAtLeast(TimeGrain.MONTH, NOW),
        "cron",
        "monthly");
    Cadence.of(null, "0 6 1 * *", "UTC").requireAtLeast(TimeGrain.MONTH, NOW);
    Cadence.of("1 week", null, "UTC").requireAtLeast(TimeGrain.WEEK, NOW);
    Cadence.of("1 day", null, "Europe/Prague").requireAtLeast(TimeGrain.DAY, NOW);
  }

  @Test
  void runsInARangeAreCountedForBackfills() {
    Cadence monthly = Cadence.of("1 month", null, "UTC");
    assertThat(
            monthly.count(
                Instant.parse("1997-02-01T00:00:00Z"), Instant.parse("1997-04-30T23:59:59Z"), 100))
        .isEqualTo(3);
    assertThat(
            monthly.count(
                Instant.parse("1997-02-02T00:00:00Z"), Instant.parse("1997-02-27T00:00:00Z"), 100))
        .isZero();
  }

  private static void assertField(Runnable r, String field, String words) {
    assertThatThrownBy(r::run)
        .isInstanceOfSatisfying(
            Cadence.CadenceException.class, e -> assertThat(e.field()).isEqualTo(field))
        .hasMessageContaining(words);
  }
}
