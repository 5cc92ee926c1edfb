package io.assay.algorithms.rca;

import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * An element of a cuboid: one value fixed for each of some attributes, e.g. {@code a=a1&b=b2}. It
 * stands for every leaf that carries those values. {@link #toString()} gives the canonical text the
 * RCA benchmarks use: pairs sorted by attribute name, joined with {@code &}.
 */
public record Combination(SortedMap<String, String> pairs) {

  public Combination {
    Objects.requireNonNull(pairs, "pairs");
    if (pairs.isEmpty()) {
      throw new IllegalArgumentException("a combination fixes at least one attribute");
    }
    pairs = Collections.unmodifiableSortedMap(new TreeMap<>(pairs));
  }

  public static Combination of(Map<String, String> pairs) {
    return new Combination(new TreeMap<>(pairs));
  }

  /** Parses {@code a=a1&b=b2} (pair order does not matter). */
  public static Combination parse(String text) {
    SortedMap<String, String> pairs = new TreeMap<>();
    for (String pair : text.trim().split("&")) {
      int eq = pair.indexOf('=');
      if (eq <= 0) {
        throw new IllegalArgumentException("not an attribute=value pair: '" + pair + "'");
      }
      if (pairs.put(pair.substring(0, eq).trim(), pair.substring(eq + 1).trim()) != null) {
        throw new IllegalArgumentException("attribute repeated in '" + text + "'");
      }
    }
    return new Combination(pairs);
  }

  /** Number of attributes fixed (the cuboid's layer). */
  public int layer() {
    return pairs.size();
  }

  @Override
  public String toString() {
    return pairs.entrySet().stream()
        .map(e -> e.getKey() + "=" + e.getValue())
        .collect(Collectors.joining("&"));
  }
}
