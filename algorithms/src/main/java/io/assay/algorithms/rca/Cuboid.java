package io.assay.algorithms.rca;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * A set of attributes and the grouping of the leaves by their values on them. Leaves are stored in
 * group order (CSR layout: {@code order[start[g] .. start[g+1])} are the leaves of group {@code
 * g}), so scanning every element of a cuboid is one pass over the leaves.
 */
final class Cuboid {
  final int[] attributes;
  final int[] order;
  final int[] start;

  /** A representative leaf of each group, to name the element. */
  final int[] representative;

  private Cuboid(int[] attributes, int[] order, int[] start, int[] representative) {
    this.attributes = attributes;
    this.order = order;
    this.start = start;
    this.representative = representative;
  }

  int groups() {
    return start.length - 1;
  }

  static Cuboid of(LeafTable t, int[] attributes) {
    int n = t.size();
    int[] group = new int[n];
    int groups = 0;
    long space = 1;
    for (int a : attributes) {
      space *= t.cardinality(a);
      if (space > (1L << 40)) {
        break;
      }
    }
    if (space <= Math.max(1 << 20, 4L * n)) {
      int[] dense = new int[(int) space];
      Arrays.fill(dense, -1);
      for (int i = 0; i < n; i++) {
        int key = 0;
        for (int a : attributes) {
          key = key * t.cardinality(a) + t.code(a, i);
        }
        if (dense[key] < 0) {
          dense[key] = groups++;
        }
        group[i] = dense[key];
      }
    } else {
      Map<String, Integer> ids = new HashMap<>();
      StringBuilder sb = new StringBuilder();
      for (int i = 0; i < n; i++) {
        sb.setLength(0);
        for (int a : attributes) {
          sb.append(t.code(a, i)).append(',');
        }
        Integer id = ids.putIfAbsent(sb.toString(), groups);
        if (id == null) {
          id = groups++;
        }
        group[i] = id;
      }
    }
    int[] start = new int[groups + 1];
    for (int i = 0; i < n; i++) {
      start[group[i] + 1]++;
    }
    for (int g = 0; g < groups; g++) {
      start[g + 1] += start[g];
    }
    int[] fill = Arrays.copyOf(start, groups);
    int[] order = new int[n];
    int[] representative = new int[groups];
    for (int i = 0; i < n; i++) {
      int g = group[i];
      if (fill[g] == start[g]) {
        representative[g] = i;
      }
      order[fill[g]++] = i;
    }
    return new Cuboid(attributes, order, start, representative);
  }

  Combination combination(LeafTable t, int g) {
    TreeMap<String, String> pairs = new TreeMap<>();
    int leaf = representative[g];
    for (int a : attributes) {
      pairs.put(t.attributes().get(a), t.value(a, leaf));
    }
    return new Combination(pairs);
  }
}
