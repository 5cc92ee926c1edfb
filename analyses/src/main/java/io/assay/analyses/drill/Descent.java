package io.assay.analyses.drill;

import io.assay.algorithms.adtributor.Adtributor;
import io.assay.algorithms.adtributor.AdtributorOutput;
import io.assay.algorithms.adtributor.AdtributorParams;
import io.assay.algorithms.adtributor.AdtributorStatus;
import io.assay.algorithms.adtributor.DimensionTable;
import io.assay.analyses.StepQueries;
import io.assay.analyses.support.Breakdown;
import io.assay.analyses.support.Periods;
import io.assay.contract.finding.ArtifactRef;
import io.assay.pick.Filter;
import io.assay.pick.TimeGrain;
import io.assay.recon.MetricDefinition;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The queries and computation of a drill-down: from the whole into the element that explains the
 * change, level by level (each level's candidate dimensions read, Adtributor run, the level stored
 * as a computation), until nothing more is explained, the candidates run out or the depth limit is
 * reached.
 *
 * @param levels the levels explained, in order
 * @param stop why the descent stopped, for the key path
 * @param rowsRead rows of grouped results read
 * @param own whether elements were judged against their own baselines
 */
record Descent(List<DrillLevel> levels, String stop, long rowsRead, boolean own) {

  /**
   * Descends from the whole into the element that explains the change, level by level, until
   * nothing more is explained, the candidates run out or the depth limit is reached.
   */
  static Descent descend(
      StepQueries q,
      SliceSeries.Cache slices,
      DrillArgs args,
      Periods.Range own,
      Baseline base,
      List<String> path) {
    MetricDefinition metric = args.metric();
    TimeGrain grain = args.grain();
    int maxDepth = args.maxDepth();
    double tep = args.tep();
    double teep = args.teep();
    String issueArg = args.issueType();
    boolean ownUsed = false;
    List<DrillLevel> levels = new ArrayList<>();
    Set<String> candidates = new LinkedHashSet<>(args.dimensions());
    List<Filter> subset = new ArrayList<>(args.filters());
    Double subsetExpected = base.expectedTotal();
    String parent = null;
    String stop = null;
    long rowsRead = 0;
    while (stop == null) {
      if (candidates.isEmpty()) {
        stop = "no candidate dimension left";
        break;
      }
      if (levels.size() >= maxDepth) {
        stop = "depth limit " + maxDepth + " reached";
        break;
      }
      int number = levels.size() + 1;
      LevelRows loaded =
          loadLevel(
              q,
              slices,
              number,
              metric,
              grain,
              own,
              base,
              subset,
              subsetExpected,
              candidates,
              path);
      Map<String, DimensionTable> tables = loaded.tables();
      Map<String, List<Attribution.Row>> rowsByDim = loaded.rowsByDim();
      double predictTotal = loaded.predictTotal();
      double realTotal = loaded.realTotal();
      rowsRead += loaded.rowsRead();
      ownUsed |= loaded.own();
      if (tables.isEmpty()) {
        stop =
            "no candidate dimension splits the "
                + (parent == null ? "change" : "element " + parent);
        break;
      }
      if (Math.abs(realTotal - predictTotal) < 1e-9 * Math.max(1, Math.abs(predictTotal))) {
        stop = "no change left to explain";
        break;
      }
      // The direction: as asked, else as located (the trend's interval or the slice that stood
      // out), else the sign of the change.
      Object located = base.evidence().get("located_direction");
      String issue =
          issueArg != null
              ? issueArg.toLowerCase(Locale.ROOT)
              : located != null && levels.isEmpty()
                  ? located.toString()
                  : realTotal < predictTotal ? AdtributorParams.DROP : AdtributorParams.RISE;
      AdtributorOutput out =
          Adtributor.analyse(
              tables,
              // Every dimension's root cause, so the choice among them below sees them all.
              AdtributorParams.defaults(false)
                  .withTep(tep)
                  .withTeep(teep)
                  .withIssueType(issue)
                  .withK(tables.size()));
      if (out.status() != AdtributorStatus.SUCCESS || out.rootCauses().isEmpty()) {
        stop = "nothing more is explained (" + Attribution.reasons(out) + ")";
        if (levels.isEmpty()) {
          storeLevelDetails(q, number, out, rowsByDim);
        }
        break;
      }
      String dim = Attribution.finest(out.rootCauses(), rowsByDim);
      List<Attribution.Row> rows = rowsByDim.get(dim);
      double pt = rows.stream().mapToDouble(Attribution.Row::predict).sum();
      double rt = rows.stream().mapToDouble(Attribution.Row::real).sum();
      List<String> elements = Attribution.byShare(rows, tep, teep);
      ArtifactRef ref = storeLevel(q, number, dim, elements, rows, pt, rt, out, parent);
      DrillLevel level = new DrillLevel(number, dim, elements, rows, pt, rt, ref, parent);
      levels.add(level);
      Attribution.Row top = level.row(elements.get(0));
      path.add(dim + " → " + String.join(", ", elements));
      candidates.remove(dim);
      subset.add(Breakdown.equalTo(dim, top.raw()));
      subsetExpected = top.predict();
      parent = top.element();
    }
    return new Descent(levels, stop, rowsRead, ownUsed);
  }

  /** The rows of every candidate dimension for one level, and the totals of the last loaded. */
  private record LevelRows(
      Map<String, DimensionTable> tables,
      Map<String, List<Attribution.Row>> rowsByDim,
      double predictTotal,
      double realTotal,
      long rowsRead,
      boolean own) {}

  /**
   * Each candidate dimension's rows at level {@code number}: its elements against their own
   * baselines when there is history for them ({@code own}), else the actual period against the
   * usual mix (or the comparison period); dimensions that cannot split are noted in {@code path}.
   */
  private static LevelRows loadLevel(
      StepQueries q,
      SliceSeries.Cache slices,
      int number,
      MetricDefinition metric,
      TimeGrain grain,
      Periods.Range own,
      Baseline base,
      List<Filter> subset,
      Double subsetExpected,
      Set<String> candidates,
      List<String> path) {
    boolean ownUsed = false;
    long rowsRead = 0;
    Map<String, DimensionTable> tables = new LinkedHashMap<>();
    Map<String, List<Attribution.Row>> rowsByDim = new LinkedHashMap<>();
    double predictTotal = 0;
    double realTotal = 0;
    if (own != null) {
      // Every candidate's series in one scan where they can share one, not a scan each.
      slices.readAll(
          q,
          d -> "level " + number + " series by " + d,
          metric.name(),
          grain,
          own,
          subset,
          candidates,
          true);
    }
    for (String dim : candidates) {
      List<Attribution.Row> mine =
          own == null
              ? null
              : Attribution.ownRows(q, slices, number, metric, grain, own, base, subset, dim);
      if (mine != null) {
        ownUsed = true;
        if (mine.size() < 2) {
          path.add(dim + ": skipped, a single element");
          continue;
        }
        rowsByDim.put(dim, mine);
        tables.put(dim, Attribution.table(mine));
        predictTotal = mine.stream().mapToDouble(Attribution.Row::predict).sum();
        realTotal = mine.stream().mapToDouble(Attribution.Row::real).sum();
        continue;
      }
      Breakdown actual =
          Breakdown.load(
              q,
              "level " + number + " actual by " + dim,
              metric.name(),
              List.of(dim),
              base.actual().asFilter(),
              subset);
      Periods.Range reference = base.expectedMode() ? base.shareWindow() : base.baseline();
      Breakdown before =
          Breakdown.load(
              q,
              "level " + number + (base.expectedMode() ? " usual mix by " : " baseline by ") + dim,
              metric.name(),
              List.of(dim),
              reference.asFilter(),
              subset);
      rowsRead += actual.entries().size() + before.entries().size();
      List<Attribution.Row> rows =
          Attribution.rows(actual, before, base.expectedMode() ? subsetExpected : null);
      if (rows == null || rows.size() < 2) {
        path.add(
            dim + ": skipped, " + (rows == null ? "no usual mix to split by" : "a single element"));
        continue;
      }
      rowsByDim.put(dim, rows);
      tables.put(dim, Attribution.table(rows));
      predictTotal = rows.stream().mapToDouble(Attribution.Row::predict).sum();
      realTotal = rows.stream().mapToDouble(Attribution.Row::real).sum();
    }
    return new LevelRows(tables, rowsByDim, predictTotal, realTotal, rowsRead, ownUsed);
  }

  private static ArtifactRef storeLevel(
      StepQueries q,
      int number,
      String dim,
      List<String> elements,
      List<Attribution.Row> rows,
      double predictTotal,
      double realTotal,
      AdtributorOutput out,
      String parent) {
    Map<String, Object> content = new LinkedHashMap<>();
    content.put("level", number);
    content.put("dimension", dim);
    content.put("within", parent);
    content.put("root_cause", elements);
    content.put("predict_total", predictTotal);
    content.put("real_total", realTotal);
    List<Map<String, Object>> list = new ArrayList<>();
    for (Attribution.Row r : rows) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("element", r.element());
      m.put("predict", r.predict());
      m.put("real", r.real());
      m.put("allowance", r.allowance());
      list.add(m);
    }
    content.put("elements", list);
    content.put("shares", java.util.Arrays.stream(Attribution.shares(rows)).boxed().toList());
    content.put("adtributor", Attribution.adtributorJson(out));
    return q.computation("level_" + number, content);
  }

  private static void storeLevelDetails(
      StepQueries q,
      int number,
      AdtributorOutput out,
      Map<String, List<Attribution.Row>> rowsByDim) {
    Map<String, Object> content = new LinkedHashMap<>();
    content.put("level", number);
    content.put("adtributor", Attribution.adtributorJson(out));
    content.put("dimensions", List.copyOf(rowsByDim.keySet()));
    q.computation("level_" + number + "_unexplained", content);
  }
}
