package io.assay.recon.joins;

import io.assay.recon.Relationship;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;

/**
 * The tables and their declared relationships, with one resolved path for every pair of connected
 * tables: the declared preferred path when there is one, otherwise the unique shortest path. Pairs
 * with several equally short paths and no preference are recorded as ambiguous (recon refuses to
 * load with any), so the composer never guesses a join.
 */
public final class JoinGraph {

  private static final int MAX_ALTERNATIVES = 8;

  private final Map<String, List<JoinStep>> edges = new LinkedHashMap<>();
  private final Map<String, Map<String, JoinPath>> paths = new HashMap<>();
  private final Map<String, List<JoinPath>> ambiguous = new LinkedHashMap<>();
  private final List<String> problems = new ArrayList<>();

  /**
   * Builds the graph; declaration problems (a preferred path that does not follow relationships, …)
   * are collected in {@link #problems()} rather than thrown, so the YAML loader can report them all
   * with file and key.
   */
  public JoinGraph(
      Collection<String> tables, List<Relationship> relationships, List<PreferredPath> preferred) {
    for (String t : new TreeSet<>(tables)) {
      edges.put(t, new ArrayList<>());
    }
    for (Relationship r : relationships) {
      JoinStep s =
          new JoinStep(r.from().table(), r.from().column(), r.to().table(), r.to().column(), false);
      edges.get(s.fromTable()).add(s);
      edges.get(s.toTable()).add(s.reversed());
    }
    Map<String, JoinPath> declared = new HashMap<>();
    for (int i = 0; i < preferred.size(); i++) {
      PreferredPath p = preferred.get(i);
      Optional<JoinPath> path = follow(p.tables(), "preferred_paths[" + i + "]");
      path.ifPresent(
          jp -> {
            declared.put(key(jp.from(), jp.to()), jp);
            declared.put(key(jp.to(), jp.from()), jp.reversed());
          });
    }
    for (String from : edges.keySet()) {
      Map<String, JoinPath> row = new HashMap<>();
      paths.put(from, row);
      for (String to : edges.keySet()) {
        JoinPath d = declared.get(key(from, to));
        if (d != null) {
          row.put(to, d);
          continue;
        }
        List<JoinPath> shortest = shortestPaths(from, to);
        if (shortest.size() == 1) {
          row.put(to, shortest.get(0));
        } else if (shortest.size() > 1 && from.compareTo(to) < 0) {
          ambiguous.put(from + " ↔ " + to, shortest);
        }
      }
    }
  }

  /** The path from one table to another; empty when no declared relationship connects them. */
  public Optional<JoinPath> path(String from, String to) {
    Map<String, JoinPath> row = paths.get(from);
    return row == null ? Optional.empty() : Optional.ofNullable(row.get(to));
  }

  /** The alternatives for a pair with several shortest paths and no preference (else empty). */
  public List<JoinPath> alternatives(String from, String to) {
    List<JoinPath> a = ambiguous.get(from + " ↔ " + to);
    if (a != null) {
      return a;
    }
    List<JoinPath> b = ambiguous.get(to + " ↔ " + from);
    return b == null ? List.of() : b.stream().map(JoinPath::reversed).toList();
  }

  /** Pairs of tables with several equally short paths and no declared preference. */
  public Map<String, List<JoinPath>> ambiguous() {
    return ambiguous;
  }

  /** Declaration problems found while building. */
  public List<String> problems() {
    return problems;
  }

  /** The relationships leaving a table (in both directions), for describe(). */
  public List<JoinStep> stepsFrom(String table) {
    return edges.getOrDefault(table, List.of());
  }

  private Optional<JoinPath> follow(List<String> tables, String where) {
    if (tables.size() < 2) {
      problems.add(where + ": a path needs at least two tables");
      return Optional.empty();
    }
    List<JoinStep> steps = new ArrayList<>();
    for (int i = 0; i + 1 < tables.size(); i++) {
      String a = tables.get(i);
      String b = tables.get(i + 1);
      if (!edges.containsKey(a) || !edges.containsKey(b)) {
        problems.add(where + ": unknown table '" + (edges.containsKey(a) ? b : a) + "'");
        return Optional.empty();
      }
      List<JoinStep> direct = edges.get(a).stream().filter(s -> s.toTable().equals(b)).toList();
      if (direct.isEmpty()) {
        problems.add(
            where + ": no relationship joins '" + a + "' and '" + b + "' (path " + tables + ")");
        return Optional.empty();
      }
      if (direct.size() > 1) {
        problems.add(where + ": several relationships join '" + a + "' and '" + b + "'");
        return Optional.empty();
      }
      steps.add(direct.get(0));
    }
    if (tables.stream().distinct().count() != tables.size()) {
      problems.add(where + ": the path " + tables + " visits a table twice");
      return Optional.empty();
    }
    return Optional.of(new JoinPath(tables.get(0), tables.get(tables.size() - 1), steps));
  }

  private List<JoinPath> shortestPaths(String from, String to) {
    if (from.equals(to)) {
      return List.of(new JoinPath(from, to, List.of()));
    }
    Map<String, Integer> dist = new HashMap<>();
    Deque<String> queue = new ArrayDeque<>();
    dist.put(from, 0);
    queue.add(from);
    while (!queue.isEmpty()) {
      String t = queue.poll();
      for (JoinStep s : edges.get(t)) {
        if (!dist.containsKey(s.toTable())) {
          dist.put(s.toTable(), dist.get(t) + 1);
          queue.add(s.toTable());
        }
      }
    }
    if (!dist.containsKey(to)) {
      return List.of();
    }
    List<JoinPath> out = new ArrayList<>();
    collect(from, to, dist, new ArrayList<>(), out);
    return out;
  }

  private void collect(
      String at, String to, Map<String, Integer> dist, List<JoinStep> prefix, List<JoinPath> out) {
    if (out.size() >= MAX_ALTERNATIVES) {
      return;
    }
    if (at.equals(to)) {
      out.add(new JoinPath(prefix.isEmpty() ? to : prefix.get(0).fromTable(), to, prefix));
      return;
    }
    for (JoinStep s : edges.get(at)) {
      Integer d = dist.get(s.toTable());
      if (d != null && d == dist.get(at) + 1 && d <= dist.get(to)) {
        prefix.add(s);
        collect(s.toTable(), to, dist, prefix, out);
        prefix.remove(prefix.size() - 1);
      }
    }
  }

  private static String key(String a, String b) {
    return a + "\u0000" + b;
  }
}
