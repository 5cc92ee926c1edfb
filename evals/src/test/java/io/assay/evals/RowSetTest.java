package io.assay.evals;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneId;
import org.junit.jupiter.api.Test;

/** {@link RowSet}: values of the gold and the composed result meet on one form. */
class RowSetTest {

  @Test
  void aBucketAtMidnightIsTheDayItStarts() {
    LocalDate day = LocalDate.of(2022, 3, 1);
    OffsetDateTime zoned =
        day.atStartOfDay(ZoneId.systemDefault())
            .toOffsetDateTime()
            .withOffsetSameInstant(java.time.ZoneOffset.UTC);
    assertThat(RowSet.normalise(zoned)).isEqualTo(RowSet.normalise(day));
    assertThat(RowSet.normalise(day.atStartOfDay())).isEqualTo("2022-03-01");
  }

  @Test
  void aTimeOfDayIsKept() {
    assertThat(RowSet.normalise(LocalDateTime.of(2022, 3, 1, 14, 5))).isEqualTo("2022-03-01T14:05");
  }
}
