package io.assay.recon.compose;

import io.assay.pick.PickValidationError;
import io.assay.recon.Recon;
import io.assay.recon.joins.JoinPath;
import io.assay.recon.joins.JoinStep;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The tables one query scope reads, as a tree rooted at the table whose rows the query is about
 * (the measures' table, or the first listed column's table). Each table hangs off the tree by its
 * declared path from the root (recon's preferred or unique shortest path), so a join is never
 * guessed.
 *
 * <p>Tables are either <em>joined</em> (their columns are output, grouped, ordered or aggregated)
 * or <em>filter-only</em>. A filter-only subtree reached over a one-to-many hop (account → loan)
 * becomes an EXISTS semi-join instead of a join, so a condition on a related table never multiplies
 * the root's rows: "loan amount of male clients" sums each loan once even when its account has two
 * male holders.
 */
final class JoinTree {

  private final String root;
  private final Map<String, JoinStep> parentStep = new LinkedHashMap<>();
  private final Map<String, List<String>> children = new LinkedHashMap<>();
  private final Set<String> joined = new LinkedHashSet<>();

  JoinTree(String root) {
    this.root = root;
    children.put(root, new ArrayList<>());
    joined.add(root);
  }

  String root() {
    return root;
  }

  /**
   * Adds a table with its path from the root; {@code join} marks it as needing a real join. {@code
   * why} names what needs the table, for error messages.
   */
  void add(Recon recon, String table, boolean join, String why) {
    if (join) {
      joined.add(table);
    }
    if (table.equals(root) || parentStep.containsKey(table)) {
      return;
    }
    JoinPath path = recon.joins().path(root, table).orElseThrow(() -> noPath(recon, table, why));
    addSteps(path.steps(), path);
  }

  /**
   * Adds a table reached through {@code via}: root to {@code via}, then on from there. A related
   * row's own district is reached through that row, not by the root's shortest way to a district. A
   * way on that first steps back along the way in (loan → account after account → loan) goes on
   * from the row it stepped back to, which is the same row. Adds nothing (false) when there is no
   * such way or it meets the way in anywhere else.
   */
  boolean addThrough(Recon recon, String table, String via) {
    if (table.equals(root) || parentStep.containsKey(table)) {
      return false;
    }
    JoinPath first = recon.joins().path(root, via).orElse(null);
    JoinPath then = recon.joins().path(via, table).orElse(null);
    if (first == null || then == null) {
      return false;
    }
    List<JoinStep> in = first.steps();
    int back = 0;
    int at = in.size(); // the way in reaches first.tables().get(at)
    while (back < then.steps().size()
        && at > 0
        && reverses(then.steps().get(back), in.get(at - 1))) {
      back++;
      at--;
    }
    List<JoinStep> on = then.steps().subList(back, then.steps().size());
    for (JoinStep step : on) {
      JoinStep existing = parentStep.get(step.toTable());
      if (existing != null && !existing.equals(step) || first.tables().contains(step.toTable())) {
        return false;
      }
    }
    addSteps(in, first);
    List<JoinStep> rest = new ArrayList<>(in.subList(0, at));
    rest.addAll(on);
    addSteps(on, new JoinPath(root, table, rest));
    return true;
  }

  /** Whether {@code step} walks {@code in} backwards, over the same columns. */
  private static boolean reverses(JoinStep step, JoinStep in) {
    return step.fromTable().equals(in.toTable())
        && step.fromColumn().equals(in.toColumn())
        && step.toTable().equals(in.fromTable())
        && step.toColumn().equals(in.fromColumn());
  }

  private void addSteps(List<JoinStep> steps, JoinPath path) {
    for (JoinStep step : steps) {
      JoinStep existing = parentStep.get(step.toTable());
      if (step.toTable().equals(root) || (existing != null && !existing.equals(step))) {
        throw new PickValidationError(
            "the declared join paths from '"
                + root
                + "' disagree about how to reach '"
                + step.toTable()
                + "' ("
                + path
                + "); recon's preferred_paths need to agree — split the question");
      }
      if (existing == null) {
        parentStep.put(step.toTable(), step);
        children.get(step.fromTable()).add(step.toTable());
        children.put(step.toTable(), new ArrayList<>());
      }
    }
  }

  private PickValidationError noPath(Recon recon, String table, String why) {
    List<JoinPath> alternatives = recon.joins().alternatives(root, table);
    if (!alternatives.isEmpty()) {
      return new PickValidationError(
          "'"
              + root
              + "' and '"
              + table
              + "' ("
              + why
              + ") are joined by several equally short paths and recon declares no preferred one: "
              + alternatives.stream().map(JoinPath::toString).collect(Collectors.joining("; ")));
    }
    return new PickValidationError(
        "no join path between '"
            + root
            + "' and '"
            + table
            + "' ("
            + why
            + "): recon declares no relationship connecting them");
  }

  /** The tables directly below {@code table}. */
  List<String> children(String table) {
    return children.getOrDefault(table, List.of());
  }

  JoinStep stepTo(String table) {
    return parentStep.get(table);
  }

  /** Whether the table itself must be joined (its columns are output, grouped, ordered, …). */
  boolean joined(String table) {
    return joined.contains(table);
  }

  /** Whether the table or any table below it must be joined. */
  boolean subtreeJoined(String table) {
    if (joined.contains(table)) {
      return true;
    }
    for (String c : children(table)) {
      if (subtreeJoined(c)) {
        return true;
      }
    }
    return false;
  }

  /** Whether the hop into {@code table} becomes an EXISTS semi-join. */
  boolean semiJoined(String table) {
    JoinStep s = parentStep.get(table);
    return s != null && s.fansOut() && !subtreeJoined(table);
  }

  /**
   * Whether {@code table} is reached from the root through joins alone and none of them fans out
   * (so a row of the root meets at most one row of it).
   */
  boolean reachedManyToOne(String table) {
    String t = table;
    while (!t.equals(root)) {
      JoinStep s = parentStep.get(t);
      if (s == null || s.fansOut()) {
        return false;
      }
      t = s.fromTable();
    }
    return true;
  }

  /** The table below which {@code table} sits in a semi-join, or null when it is joined. */
  String semiJoinHead(String table) {
    String head = null;
    String t = table;
    while (!t.equals(root)) {
      if (semiJoined(t)) {
        head = t;
      }
      t = parentStep.get(t).fromTable();
    }
    return head;
  }

  /** All tables in the subtree of {@code table}, depth first. */
  List<String> subtree(String table) {
    List<String> out = new ArrayList<>();
    out.add(table);
    for (String c : children(table)) {
      out.addAll(subtree(c));
    }
    return out;
  }
}
