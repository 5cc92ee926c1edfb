package io.assay.report.check;

import com.fasterxml.jackson.databind.JsonNode;
import io.assay.contract.finding.ChartData;
import io.assay.contract.finding.Operand;
import io.assay.report.body.Block;
import io.assay.report.body.Fact;
import io.assay.report.body.Section;
import io.assay.report.narrative.ChartFacts;
import io.assay.store.ArtifactStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * Chart binding: what a chart or table draws is exactly its artifact's content, and every number it
 * prints is a fact read from that same artifact.
 */
public final class ChartBindingCheck implements BodyCheck {
  @Override
  public CheckKind kind() {
    return CheckKind.CHART_BINDING;
  }

  @Override
  public List<Issue> check(CheckInput in) {
    List<Issue> issues = new ArrayList<>();
    for (Section s : in.body().sections()) {
      for (Block b : s.blocks()) {
        if (!(b instanceof Block.Chart c)) {
          continue;
        }
        ChartData chart = c.data();
        if (chart.source() == null || !in.pool().citable(chart.source())) {
          continue; // the reference check reports it
        }
        JsonNode stored = in.pool().content(chart.source());
        JsonNode drawn = ArtifactStore.chartContent(chart);
        if (!stored.equals(drawn)) {
          issues.add(
              new Issue(
                  kind(),
                  s.id(),
                  chart.id(),
                  "chart \""
                      + chart.title()
                      + "\" draws data that differs from artifact "
                      + chart.source().label()
                      + firstDifference(stored, drawn, "")));
        }
        Set<String> roles = ChartFacts.roles(chart);
        if (!roles.equals(c.facts().keySet())) {
          issues.add(
              new Issue(
                  kind(),
                  s.id(),
                  chart.id(),
                  "chart prints numbers " + roles + " but binds facts for " + c.facts().keySet()));
        }
        for (Map.Entry<String, String> role : c.facts().entrySet()) {
          Optional<Fact> fact = s.fact(role.getValue());
          if (fact.isEmpty()) {
            issues.add(
                new Issue(
                    kind(),
                    s.id(),
                    chart.id(),
                    "chart binds " + role.getKey() + " to missing fact " + role.getValue()));
            continue;
          }
          for (Operand op : fact.get().derivation().inputs()) {
            if (!op.artifact().equals(chart.source())) {
              issues.add(
                  new Issue(
                      kind(),
                      s.id(),
                      fact.get().id(),
                      "chart number "
                          + role.getKey()
                          + " reads "
                          + op.artifact().label()
                          + ", not the chart's artifact"));
            }
          }
        }
      }
    }
    return issues;
  }

  /** Where two trees first differ, for a message an operator can act on. */
  static String firstDifference(JsonNode a, JsonNode b, String path) {
    if (a.equals(b)) {
      return "";
    }
    if (a.isObject() && b.isObject()) {
      TreeSet<String> names = new TreeSet<>();
      a.fieldNames().forEachRemaining(names::add);
      b.fieldNames().forEachRemaining(names::add);
      for (String name : names) {
        JsonNode x = a.path(name);
        JsonNode y = b.path(name);
        if (!x.equals(y)) {
          return firstDifference(x, y, path + "/" + name);
        }
      }
    }
    if (a.isArray() && b.isArray() && a.size() == b.size()) {
      for (int i = 0; i < a.size(); i++) {
        if (!a.get(i).equals(b.get(i))) {
          return firstDifference(a.get(i), b.get(i), path + "/" + i);
        }
      }
    }
    return " at "
        + (path.isEmpty() ? "/" : path)
        + ": stored "
        + abbreviate(a)
        + ", drawn "
        + abbreviate(b);
  }

  private static String abbreviate(JsonNode n) {
    String s = n.isMissingNode() ? "(nothing)" : n.toString();
    return s.length() <= 60 ? s : s.substring(0, 60) + "…";
  }
}
