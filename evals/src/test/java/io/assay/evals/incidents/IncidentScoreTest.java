package io.assay.evals.incidents;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.YearMonth;
import java.util.List;
import org.junit.jupiter.api.Test;

class IncidentScoreTest {
  private static IncidentCase drop(int i) {
    return new IncidentCase(
        i,
        IncidentKind.DROP,
        "cash_withdrawal_amount",
        "district.a2",
        List.of("Benesov"),
        YearMonth.of(1997, 6),
        1,
        -500,
        100,
        "q");
  }

  private static IncidentCase none(int i) {
    return new IncidentCase(
        i,
        IncidentKind.NONE,
        "credit_amount",
        null,
        List.of(),
        YearMonth.of(1996, 3),
        0,
        0,
        100,
        "q");
  }

  private static CaseResult result(
      IncidentCase c, String from, String to, String dir, List<String> named, Boolean ok) {
    return new CaseResult(
        c,
        "PLAN",
        from == null ? null : YearMonth.parse(from),
        to == null ? null : YearMonth.parse(to),
        dir,
        named,
        ok,
        "",
        10,
        null,
        "",
        java.util.Set.of(),
        "job-" + c.index());
  }

  @Test
  void scoresPeriodDirectionCauseAlarmsAndConsistency() {
    List<CaseResult> cases =
        List.of(
            // hit, right direction, cause named first
            result(drop(0), "1997-06", "1997-06", "drop", List.of("district.a2 = Benesov"), true),
            // hit, wrong direction, cause second
            result(
                drop(1),
                "1997-05",
                "1997-07",
                "rise",
                List.of("district.a2 = Kolin", "district.a2 = Benesov"),
                false),
            // miss: another month; a combination holding the slice counts as naming it
            result(
                drop(2),
                "1997-09",
                "1997-09",
                "drop",
                List.of("district.a2=Benesov&trans.operation=VYBER"),
                true),
            // quiet and quiet: no alarm
            result(none(3), null, null, null, List.of(), null),
            // an interval flagged without an incident: a false alarm
            result(none(4), "1996-02", "1996-02", "rise", List.of(), null));
    IncidentScore s = IncidentScore.of(cases, 1);
    assertThat(s.incidents()).isEqualTo(3);
    assertThat(s.quiet()).isEqualTo(2);
    assertThat(s.periodHit()).isEqualTo(2.0 / 3);
    assertThat(s.direction()).isEqualTo(1.0 / 2);
    assertThat(s.causeHit1()).isEqualTo(2.0 / 3);
    assertThat(s.causeHit3()).isEqualTo(1.0);
    assertThat(s.falseAlarm()).isEqualTo(0.5);
    assertThat(s.consistency()).isEqualTo(2.0 / 3);
  }

  @Test
  void theSameSliceUnderAnotherNameCountsButNotInTheStrictFigure() {
    CaseResult r =
        result(drop(0), "1997-06", "1997-06", "drop", List.of("district.a3 = Benesov region"), true)
            .withSameSlice(java.util.Set.of("district.a3 = Benesov region"));
    CaseResult coarser =
        result(drop(1), "1997-06", "1997-06", "drop", List.of("district.a3 = central"), true);
    assertThat(r.causeHit(1)).isTrue();
    assertThat(r.strictCauseHit(1)).isFalse();
    assertThat(coarser.causeHit(3)).isFalse();
    IncidentScore s = IncidentScore.of(List.of(r, coarser), 1);
    assertThat(s.causeHit1()).isEqualTo(0.5);
    assertThat(s.causeHit1Strict()).isZero();
  }

  @Test
  void theSameSeedDrawsTheSameStreamsAndNearbySeedsDiffer() {
    assertThat(IncidentGenerator.mix(7)).isEqualTo(IncidentGenerator.mix(7));
    assertThat(new java.util.Random(IncidentGenerator.mix(1)).nextDouble())
        .isNotCloseTo(
            new java.util.Random(IncidentGenerator.mix(2)).nextDouble(),
            org.assertj.core.data.Offset.offset(1e-3));
  }

  @Test
  void phrasingsAreFilledWithMetricAndYear() {
    for (int t = 0; t < Phrasings.TEMPLATES.size(); t++) {
      String q = Phrasings.question(t, "credit amount", 1996);
      assertThat(q).contains("credit amount").contains("1996").containsIgnoringCase("drill down");
    }
  }
}
