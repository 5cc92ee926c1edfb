package io.assay.recon.joins;

import java.util.ArrayList;
import java.util.List;

/**
 * The hops joining table {@code from} to table {@code to}, in order (empty when they are equal).
 */
public record JoinPath(String from, String to, List<JoinStep> steps) {

  public JoinPath {
    steps = List.copyOf(steps);
  }

  /** The tables visited, from {@code from} to {@code to}. */
  public List<String> tables() {
    List<String> t = new ArrayList<>();
    t.add(from);
    for (JoinStep s : steps) {
      t.add(s.toTable());
    }
    return t;
  }

  public JoinPath reversed() {
    List<JoinStep> r = new ArrayList<>();
    for (int i = steps.size() - 1; i >= 0; i--) {
      r.add(steps.get(i).reversed());
    }
    return new JoinPath(to, from, r);
  }

  @Override
  public String toString() {
    return String.join(" → ", tables());
  }
}
