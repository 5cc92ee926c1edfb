package io.assay.evals.incidents;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.assay.analyses.Rows;
import io.assay.analyses.support.Cells;
import io.assay.analyses.support.Periods;
import io.assay.analyses.support.Series;
import io.assay.pick.Direction;
import io.assay.pick.Measure;
import io.assay.pick.Order;
import io.assay.pick.Pick;
import io.assay.pick.TimeGrain;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * For diagnosis only (system property {@code assay.incidents.dump} names a folder): each case's
 * monthly series as the job will read them, injected, written before the job runs: the total and
 * every element of each drill-down dimension over the four years before the case's year and that
 * year. Detection can then be studied on the real series without the job path.
 */
final class IncidentDump {
  private IncidentDump() {}

  static Path folder() {
    String d = System.getProperty("assay.incidents.dump");
    return d == null || d.isBlank() ? null : Path.of(d);
  }

  static void write(
      Path folder, long seed, IncidentCase c, List<String> dims, IncidentSchema copy) {
    int year = c.start().getYear();
    Periods.Range all = new Periods.Range(LocalDate.of(year - 4, 1, 1), LocalDate.of(year, 12, 31));
    List<LocalDate> buckets = Periods.buckets(TimeGrain.MONTH, all.from(), all.to());
    Map<LocalDate, Integer> index = new HashMap<>();
    for (int i = 0; i < buckets.size(); i++) {
      index.put(buckets.get(i), i);
    }
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("seed", seed);
    out.put("index", c.index());
    out.put("kind", c.kind().label());
    out.put("metric", c.metric());
    out.put("dimension", c.dimension());
    out.put("values", c.values());
    out.put("start", c.start().toString());
    out.put("months", c.months());
    out.put("change", c.change());
    out.put("noise", c.noise());
    out.put("first", all.from().toString());
    double[] total = new double[buckets.size()];
    Rows rows = copy.rows(Series.pick(c.metric(), TimeGrain.MONTH, all, List.of()));
    fill(rows, null, index, total, null);
    out.put("total", total);
    Map<String, Map<String, double[]>> slices = new LinkedHashMap<>();
    for (String dim : dims) {
      Pick pick =
          Pick.builder()
              .measure(new Measure.Metric(c.metric(), List.of(), Series.VALUE))
              .grain(TimeGrain.MONTH)
              .groupBy(dim)
              .time(all.asFilter())
              .orderBy(new Order.ByPeriod(Direction.ASC))
              .build();
      Map<String, double[]> byElement = new LinkedHashMap<>();
      fill(copy.rows(pick), byElement, index, null, buckets.size());
      slices.put(dim, byElement);
    }
    out.put("slices", slices);
    try {
      Files.createDirectories(folder);
      new ObjectMapper()
          .writeValue(folder.resolve("case-" + seed + "-" + c.index() + ".json").toFile(), out);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void fill(
      Rows rows,
      Map<String, double[]> byElement,
      Map<LocalDate, Integer> index,
      double[] total,
      Integer n) {
    int period = rows.column(Series.PERIOD);
    int value = rows.column(Series.VALUE);
    int label = -1;
    for (int c = 0; c < rows.columns().size(); c++) {
      if (c != period && c != value) {
        label = c;
      }
    }
    for (List<Object> r : rows.rows()) {
      LocalDate d = Cells.date(r.get(period));
      Double v = Cells.number(r.get(value));
      Integer i = d == null ? null : index.get(Periods.start(TimeGrain.MONTH, d));
      if (i == null || v == null) {
        continue;
      }
      if (byElement == null) {
        total[i] += v;
      } else {
        byElement.computeIfAbsent(Cells.label(r.get(label)), k -> new double[n])[i] += v;
      }
    }
  }
}
