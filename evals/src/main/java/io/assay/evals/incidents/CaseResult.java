package io.assay.evals.incidents;

import io.assay.contract.finding.ContributionBars;
import io.assay.contract.finding.Figure;
import io.assay.contract.finding.Finding;
import io.assay.contract.finding.TimeSeriesChart;
import io.assay.evals.incidents.JobPath.JobRun;
import io.assay.evals.incidents.JobPath.JobStep;
import java.time.YearMonth;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the job reported for one case, read from its findings as a reader of the report would: the
 * first-ranked interval (the trend step's top interval, else the period a drill-down located on a
 * slice), its direction, the elements named in words in order, and whether the first named element
 * has the largest share in the drill-down's table.
 *
 * @param from first month of the first-ranked interval (null: nothing flagged)
 * @param named "dimension = element" in the order the words name them
 * @param consistent null when nothing was named
 * @param namedBy the analysis whose words named the causes (null: none), and how it found its
 *     period: the interval the trend step located, a slice scan, or its own scan
 * @param trace the key paths of the steps, for diagnosis
 * @param sameSlice named elements of another dimension that select exactly the injected slice's
 *     rows (a one-district region for its district): they name the slice too ({@link SameSlice})
 * @param job the id of the job that answered the case
 */
record CaseResult(
    IncidentCase incident,
    String decision,
    YearMonth from,
    YearMonth to,
    String direction,
    List<String> named,
    Boolean consistent,
    String note,
    double jobMillis,
    String namedBy,
    String trace,
    java.util.Set<String> sameSlice,
    String job) {

  private static final Pattern DRILL_SHARE = Pattern.compile("l(\\d+)_share(_\\d)?");
  private static final Pattern RCA_SHARE = Pattern.compile("e(\\d+)_share");
  private static final Pattern EXPLAINED = Pattern.compile("explained by (.+?) = (.+)$");
  private static final Pattern FROM = Pattern.compile("Share of the change from (.+)$");
  private static final Pattern PERIOD =
      Pattern.compile("(\\d{4}-\\d{2})-\\d{2}\\.\\.(\\d{4}-\\d{2})-\\d{2}|(\\d{4}-\\d{2})");

  boolean flagged() {
    return from != null;
  }

  boolean periodHit() {
    return flagged() && !incident.start().isBefore(from) && !incident.start().isAfter(to);
  }

  boolean directionRight() {
    return periodHit() && incident.direction().equals(direction);
  }

  /** With the same slice under another name counted (the benchmark's figure). */
  boolean causeHit(int k) {
    for (int i = 0; i < Math.min(k, named.size()); i++) {
      if (matches(named.get(i)) || sameSlice.contains(named.get(i))) {
        return true;
      }
    }
    return false;
  }

  /** Only the injected dimension's own names count. */
  boolean strictCauseHit(int k) {
    for (int i = 0; i < Math.min(k, named.size()); i++) {
      if (matches(named.get(i))) {
        return true;
      }
    }
    return false;
  }

  /** A named element is the injected slice: "dim = value", or a combination holding it. */
  private boolean matches(String name) {
    for (String v : incident.values()) {
      String pair = incident.dimension() + " = " + v;
      String combo = incident.dimension() + "=" + v;
      if (name.equals(pair)) {
        return true;
      }
      for (String part : name.split("&")) {
        if (part.equals(combo)) {
          return true;
        }
      }
    }
    return false;
  }

  /** A false alarm: nothing was injected, yet an interval was flagged or a cause claimed. */
  boolean falseAlarm() {
    return !incident.incident() && (flagged() || !named.isEmpty());
  }

  static CaseResult of(IncidentCase c, JobRun run) {
    YearMonth from = null;
    YearMonth to = null;
    String direction = null;
    List<String> named = new ArrayList<>();
    Boolean consistent = null;
    List<String> notes = new ArrayList<>();
    if (!run.note().isBlank()) {
      notes.add(run.note());
    }
    String namedBy = null;
    List<String> trace = new ArrayList<>();
    for (JobStep o : run.steps()) {
      Finding f = o.finding();
      if (f == null) {
        if (o.error() != null) {
          notes.add(o.step().analysis() + " failed: " + o.error());
        }
        continue;
      }
      trace.add(f.analysis() + ": " + f.keyPath());
      if (f.analysis().equals("trend_anomaly")) {
        for (var chart : f.charts()) {
          if (chart instanceof TimeSeriesChart ts && !ts.intervals().isEmpty() && from == null) {
            TimeSeriesChart.AnomalyInterval top = ts.intervals().get(0);
            from = YearMonth.parse(top.start().substring(0, 7));
            to = YearMonth.parse(top.end().substring(0, 7));
            direction = top.direction() == TimeSeriesChart.Direction.DROP ? "drop" : "rise";
          }
        }
      } else if (f.analysis().equals("drill_down")
          || f.analysis().equals("multi_dimensional_rca")) {
        List<String> here = named(f);
        if (!here.isEmpty() && named.isEmpty()) {
          named.addAll(here);
          String kp = f.keyPath() == null ? "" : f.keyPath();
          namedBy =
              f.analysis()
                  + (kp.contains("stood out")
                      ? " (slice scan)"
                      : kp.contains("trend_anomaly located") ? " (located interval)" : " (own)");
          consistent = consistent(f, here.get(0));
          if (from == null) {
            Matcher m = PERIOD.matcher(f.keyPath() == null ? "" : f.keyPath());
            if (m.find()) {
              from = YearMonth.parse(m.group(1) != null ? m.group(1) : m.group(3));
              to = YearMonth.parse(m.group(2) != null ? m.group(2) : m.group(3));
              direction = changeSign(f);
            }
          }
        }
      }
    }
    return new CaseResult(
        c,
        run.decision(),
        from,
        to,
        direction,
        named,
        consistent,
        String.join("; ", notes),
        run.millis(),
        namedBy,
        String.join(" || ", trace),
        java.util.Set.of(),
        run.jobId());
  }

  CaseResult withSameSlice(java.util.Set<String> same) {
    return new CaseResult(
        incident,
        decision,
        from,
        to,
        direction,
        named,
        consistent,
        note,
        jobMillis,
        namedBy,
        trace,
        java.util.Set.copyOf(same),
        job);
  }

  private static List<String> named(Finding f) {
    List<String> out = new ArrayList<>();
    for (Figure fig : f.figures()) {
      if (DRILL_SHARE.matcher(fig.id()).matches()) {
        Matcher m = EXPLAINED.matcher(fig.label());
        if (m.find()) {
          out.add(m.group(1) + " = " + m.group(2));
        }
      } else if (RCA_SHARE.matcher(fig.id()).matches()) {
        Matcher m = FROM.matcher(fig.label());
        if (m.find()) {
          out.add(m.group(1));
        }
      }
    }
    return out;
  }

  /** The first element named in words has the largest share in the first table of bars. */
  private static Boolean consistent(Finding f, String first) {
    for (var chart : f.charts()) {
      if (chart instanceof ContributionBars bars && !bars.bars().isEmpty()) {
        ContributionBars.Bar best = bars.bars().get(0);
        for (ContributionBars.Bar b : bars.bars()) {
          if (b.share() > best.share()) {
            best = b;
          }
        }
        String element = first.contains(" = ") ? first.substring(first.indexOf(" = ") + 3) : first;
        return element.equals(best.element());
      }
    }
    return null;
  }

  private static String changeSign(Finding f) {
    Double actual = null;
    Double expected = null;
    for (Figure fig : f.figures()) {
      if (fig.id().equals("l1_actual") || fig.id().equals("e1_actual")) {
        actual = fig.value();
      } else if (fig.id().equals("l1_expected") || fig.id().equals("e1_expected")) {
        expected = fig.value();
      }
    }
    if (actual == null || expected == null) {
      return null;
    }
    return actual < expected ? "drop" : "rise";
  }
}
