package io.assay.analyses.drill;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.assay.algorithms.anomaly.robust.RobustDetector;
import io.assay.algorithms.anomaly.robust.RobustNoise;
import io.assay.algorithms.anomaly.robust.RobustParams;
import io.assay.algorithms.anomaly.robust.RobustScan;
import io.assay.algorithms.anomaly.robust.ScoredInterval;
import io.assay.pick.TimeGrain;
import java.io.File;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.YearMonth;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * For diagnosis only: replays the period location of a drill-down (total scan, then slice scan) on
 * the series the incident eval dumps ({@code -Dassay.replay=<folder>}, {@code
 * -Dassay.replay.counts=<metric,...>}). Skipped unless the folder is given.
 */
@EnabledIfSystemProperty(named = "assay.replay", matches = ".+")
class IncidentReplayTest {
  @Test
  void replay() throws Exception {
    Path dir = Path.of(System.getProperty("assay.replay"));
    Set<String> counts = Set.of(System.getProperty("assay.replay.counts", "").split(","));
    ObjectMapper json = new ObjectMapper();
    File[] files = dir.toFile().listFiles((d, n) -> n.endsWith(".json"));
    Arrays.sort(files);
    int cases = 0, incidents = 0, periodHit = 0, none = 0, alarms = 0, causeHit = 0;
    for (File f : files) {
      JsonNode c = json.readTree(f);
      String kind = c.path("kind").asText();
      String metric = c.path("metric").asText();
      boolean isCount = counts.contains(metric);
      YearMonth start = YearMonth.parse(c.path("start").asText());
      LocalDate first = LocalDate.parse(c.path("first").asText());
      double[] total = json.convertValue(c.path("total"), double[].class);
      int year = start.getYear();
      int scanStart =
          (int) (YearMonth.of(year, 1).getYear() * 12L - YearMonth.from(first).getYear() * 12L);
      int lo = 0;
      while (lo < scanStart && total[lo] == 0) {
        lo++;
      }
      lo = Math.max(lo, scanStart - 36);
      int hi = total.length;
      while (hi > scanStart && total[hi - 1] == 0) {
        hi--;
      }
      double[] v = Arrays.copyOfRange(total, lo, hi);
      int s0 = scanStart - lo;
      List<LocalDate> buckets = new ArrayList<>();
      for (int i = lo; i < hi; i++) {
        buckets.add(first.plusMonths(i));
      }
      RobustParams params = RobustParams.of(12).withCounts(isCount).withSecondLook(true);
      RobustScan scan = RobustDetector.scan(v, s0, params, null);
      int inc =
          (int)
                  (start.getYear() * 12L
                      + start.getMonthValue()
                      - 1
                      - (first.getYear() * 12L + first.getMonthValue() - 1))
              - lo;
      String found;
      LocalDate from = null, to = null;
      String cause = null;
      String dir0 = null;
      ScoredInterval top = scan.top();
      StringBuilder detail = new StringBuilder();
      if (top != null) {
        from = buckets.get(top.start());
        to = buckets.get(top.end());
        dir0 = top.direction();
        found = "total " + from + ".." + to + " " + fmt(top.score());
      } else {
        Map<String, Object> none0 = new LinkedHashMap<>();
        List<SliceSeries> series = new ArrayList<>();
        JsonNode slices = c.path("slices");
        for (var it = slices.fields(); it.hasNext(); ) {
          var e = it.next();
          Map<String, double[]> vals = new LinkedHashMap<>();
          Map<String, Object> raw = new LinkedHashMap<>();
          for (var el = e.getValue().fields(); el.hasNext(); ) {
            var x = el.next();
            double[] a = json.convertValue(x.getValue(), double[].class);
            vals.put(x.getKey(), Arrays.copyOfRange(a, lo, hi));
            raw.put(x.getKey(), x.getKey());
          }
          series.add(new SliceSeries(e.getKey(), TimeGrain.MONTH, buckets, vals, raw));
        }
        double noise = RobustNoise.of(v, null);
        SliceScan.Hit hit =
            SliceScan.judge(
                series,
                buckets,
                s0,
                SliceScan.params(TimeGrain.MONTH, RobustParams.ENTER, isCount),
                new boolean[v.length],
                noise);
        if (hit != null && hit.passes()) {
          from = hit.from();
          to = hit.to().withDayOfMonth(1);
          cause = hit.dimension() + "=" + hit.element();
          dir0 = hit.direction();
          found = "slice " + hit.describe();
        } else {
          found = "nothing" + (hit == null ? "" : " (nearest " + hit.describe() + ")");
        }
        // the injected slice's own scan
        if (!kind.equals("none") && c.path("dimension").isTextual()) {
          String dim = c.path("dimension").asText();
          for (SliceSeries ss : series) {
            if (ss.dimension().equals(dim)) {
              for (JsonNode val : c.path("values")) {
                double[] a = ss.values().get(val.asText());
                if (a == null) continue;
                RobustScan s =
                    RobustDetector.scan(
                        a, s0, RobustParams.of(12).withEnter(5.5).withCounts(isCount), null);
                if (inc >= s0 && inc < a.length) {
                  detail.append(
                      String.format(
                          " | inj %s=%s score %.1f err %.1f chg/tn %.1f model %s pow %.1f est %d gateEst %d",
                          dim,
                          val.asText(),
                          s.score()[inc],
                          s.typicalError(inc),
                          Math.abs(s.score()[inc] * s.typicalError(inc)) / noise,
                          s.model().label(),
                          s.power(),
                          RobustDetector.established(a, s0, new boolean[a.length], isCount),
                          RobustDetector.established(a, s0, new boolean[a.length])));
                }
              }
            }
          }
        }
      }
      cases++;
      LocalDate incDate = start.atDay(1);
      boolean alarm = from != null;
      String verdict;
      if (kind.equals("none")) {
        none++;
        alarms += alarm ? 1 : 0;
        verdict = alarm ? "FALSE-ALARM" : "ok";
      } else {
        incidents++;
        boolean hitP = alarm && !incDate.isBefore(from) && !incDate.isAfter(to);
        periodHit += hitP ? 1 : 0;
        String truth =
            c.path("dimension").asText()
                + "="
                + String.join(" and ", json.convertValue(c.path("values"), String[].class));
        if (cause != null && cause.equals(truth)) causeHit++;
        verdict = (hitP ? "HIT " : "MISS") + " truth " + truth;
      }
      System.out.printf(
          "%s %s %s %s x%.1f chg %.0f noise %.0f count=%b totscore@inc %s | %s | %s%s%n",
          f.getName(),
          kind,
          metric,
          start,
          Math.abs(c.path("change").asDouble()) / Math.max(1e-9, c.path("noise").asDouble()),
          c.path("change").asDouble(),
          c.path("noise").asDouble(),
          isCount,
          inc >= s0 && inc < v.length ? fmt(scan.score()[inc]) : "-",
          found,
          verdict,
          detail);
    }
    System.out.printf(
        "REPLAY cases %d incidents %d periodHit %d none %d alarms %d sliceCauseHit %d%n",
        cases, incidents, periodHit, none, alarms, causeHit);
  }

  private static String fmt(double d) {
    return String.format("%.1f", d);
  }
}
