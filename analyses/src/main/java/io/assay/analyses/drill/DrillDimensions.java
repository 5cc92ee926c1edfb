package io.assay.analyses.drill;

import io.assay.pick.ColumnRef;
import io.assay.pick.Comparison;
import io.assay.pick.Filter;
import io.assay.recon.MetricDefinition;
import io.assay.recon.Recon;
import io.assay.recon.Relationship;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The columns a drill-down may break a metric down by, taken from recon: coded or named text
 * columns (those in the value index) of the metric's table and of the tables it reaches by
 * many-to-one joins only (a transaction's account and its district), so that a breakdown never
 * counts a row twice. Columns the metric or the question already fix to one value are left out
 * (cash withdrawals are all operation 'VYBER'). Coarse before fine: farther tables first (region
 * before account frequency before transaction purpose), fewer values first (region before
 * district).
 */
public final class DrillDimensions {

  static final int MAX = 6;

  private DrillDimensions() {}

  public static List<ColumnRef> candidates(
      Recon recon, String metric, List<Filter> fixedByQuestion) {
    MetricDefinition m = recon.metric(metric).orElse(null);
    if (m == null) {
      return List.of();
    }
    Set<ColumnRef> fixed = new HashSet<>();
    collectFixed(recon, m, fixed, 0);
    for (Filter f : fixedByQuestion) {
      if (f instanceof Filter.Compare c && c.op() == Comparison.EQ
          || f instanceof Filter.In in && !in.negated() && in.values().size() == 1) {
        fixed.add(f.column());
      }
    }
    Map<String, Integer> distance = manyToOne(recon, m.table());
    List<ColumnRef> out = new ArrayList<>();
    for (ColumnRef c : recon.values().columns()) {
      Integer d = distance.get(c.table());
      int n = recon.values().values(c).size();
      if (d != null && !fixed.contains(c) && n >= 2) {
        out.add(c);
      }
    }
    out.sort(
        Comparator.comparingInt((ColumnRef c) -> -distance.get(c.table()))
            .thenComparingInt(c -> recon.values().values(c).size())
            .thenComparing(ColumnRef::toString));
    return out.size() > MAX ? List.copyOf(out.subList(0, MAX)) : List.copyOf(out);
  }

  private static void collectFixed(
      Recon recon, MetricDefinition m, Set<ColumnRef> fixed, int depth) {
    if (depth > 4) {
      return;
    }
    List<Filter> filters = new ArrayList<>();
    List<String> parts = new ArrayList<>();
    if (m instanceof MetricDefinition.Aggregate a) {
      filters.addAll(a.filters());
    } else if (m instanceof MetricDefinition.Share s) {
      filters.addAll(s.where());
      parts.add(s.of());
    } else if (m instanceof MetricDefinition.Ratio r) {
      parts.add(r.numerator());
      parts.add(r.denominator());
    }
    for (Filter f : filters) {
      if (f instanceof Filter.Compare c && c.op() == Comparison.EQ
          || f instanceof Filter.In in && !in.negated()) {
        fixed.add(f.column());
      }
    }
    for (String p : parts) {
      recon.metric(p).ifPresent(pm -> collectFixed(recon, pm, fixed, depth + 1));
    }
  }

  /** Tables reached from {@code root} by many-to-one hops, with their hop count. */
  private static Map<String, Integer> manyToOne(Recon recon, String root) {
    Map<String, Integer> distance = new LinkedHashMap<>();
    distance.put(root, 0);
    Deque<String> queue = new ArrayDeque<>(List.of(root));
    while (!queue.isEmpty()) {
      String t = queue.poll();
      for (Relationship r : recon.relationships()) {
        if (r.from().table().equals(t) && !distance.containsKey(r.to().table())) {
          distance.put(r.to().table(), distance.get(t) + 1);
          queue.add(r.to().table());
        }
      }
    }
    return distance;
  }
}
