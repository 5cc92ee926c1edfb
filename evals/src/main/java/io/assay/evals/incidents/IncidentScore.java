package io.assay.evals.incidents;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The benchmark's figures over a run's cases, as fractions 0..1: period hit@1, direction and cause
 * hit@1 / hit@3 over the incident cases (direction over the period hits), false alarms over the
 * no-incident cases, consistency over the cases where an element was named.
 */
record IncidentScore(
    List<CaseResult> cases,
    int incidents,
    int quiet,
    double periodHit,
    double direction,
    double causeHit1,
    double causeHit3,
    double causeHit1Strict,
    double causeHit3Strict,
    double falseAlarm,
    double consistency,
    double medianJobMs,
    double seconds) {

  static IncidentScore of(List<CaseResult> cases, double seconds) {
    int incidents = 0;
    int quiet = 0;
    int hits = 0;
    int directions = 0;
    int c1 = 0;
    int c3 = 0;
    int s1 = 0;
    int s3 = 0;
    int alarms = 0;
    int named = 0;
    int consistent = 0;
    for (CaseResult r : cases) {
      if (r.incident().incident()) {
        incidents++;
        hits += r.periodHit() ? 1 : 0;
        directions += r.directionRight() ? 1 : 0;
        c1 += r.causeHit(1) ? 1 : 0;
        c3 += r.causeHit(3) ? 1 : 0;
        s1 += r.strictCauseHit(1) ? 1 : 0;
        s3 += r.strictCauseHit(3) ? 1 : 0;
      } else {
        quiet++;
        alarms += r.falseAlarm() ? 1 : 0;
      }
      if (r.consistent() != null) {
        named++;
        consistent += r.consistent() ? 1 : 0;
      }
    }
    return new IncidentScore(
        List.copyOf(cases),
        incidents,
        quiet,
        frac(hits, incidents),
        frac(directions, hits),
        frac(c1, incidents),
        frac(c3, incidents),
        frac(s1, incidents),
        frac(s3, incidents),
        frac(alarms, quiet),
        frac(consistent, named),
        median(cases.stream().mapToDouble(CaseResult::jobMillis).toArray()),
        seconds);
  }

  private static double median(double[] v) {
    if (v.length == 0) {
      return 0;
    }
    double[] s = v.clone();
    java.util.Arrays.sort(s);
    return s.length % 2 == 1 ? s[s.length / 2] : 0.5 * (s[s.length / 2 - 1] + s[s.length / 2]);
  }

  private static double frac(int a, int b) {
    return b == 0 ? 0 : (double) a / b;
  }

  Map<String, Object> json(IncidentEval.Options o) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("seed", o.seed());
    m.put("cases", cases.size());
    m.put("incident_cases", incidents);
    m.put("no_incident_cases", quiet);
    m.put("period_hit_at_1", periodHit);
    m.put("direction", direction);
    m.put("cause_hit_at_1", causeHit1);
    m.put("cause_hit_at_3", causeHit3);
    // Counting only the injected dimension's names (the same slice under another name missed).
    m.put("cause_hit_at_1_strict", causeHit1Strict);
    m.put("cause_hit_at_3_strict", causeHit3Strict);
    m.put("false_alarm_rate", falseAlarm);
    m.put("consistency", consistency);
    m.put("median_job_ms", Math.round(medianJobMs));
    m.put("seconds", Math.round(seconds * 10) / 10.0);
    List<Map<String, Object>> list = new ArrayList<>();
    for (CaseResult r : cases) {
      list.add(IncidentEval.caseJson(r));
    }
    m.put("results", list);
    return m;
  }

  String table(IncidentEval.Options o) {
    return String.format(
        Locale.ROOT,
        "%nincidents seed %d: %d cases (%d with an incident, %d without), %.0f s%n"
            + "  period hit@1     %5.1f %%%n"
            + "  direction        %5.1f %% of hits%n"
            + "  cause hit@1      %5.1f %%%n"
            + "  cause hit@3      %5.1f %%%n"
            + "  (strict @1, @3   %5.1f %%, %5.1f %%: the same slice under another name missed)%n"
            + "  false alarms     %5.1f %% of no-incident cases%n"
            + "  consistency      %5.1f %%%n"
            + "  jobs             %5.0f ms per case (median, submission to end)",
        o.seed(),
        cases.size(),
        incidents,
        quiet,
        seconds,
        100 * periodHit,
        100 * direction,
        100 * causeHit1,
        100 * causeHit3,
        100 * causeHit1Strict,
        100 * causeHit3Strict,
        100 * falseAlarm,
        100 * consistency,
        medianJobMs);
  }
}
