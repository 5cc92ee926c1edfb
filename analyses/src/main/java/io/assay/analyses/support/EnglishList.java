package io.assay.analyses.support;

import java.util.List;

/** Items joined as a sentence lists them: "a", "a and b", "a, b and c"; blank for none. */
public final class EnglishList {
  private EnglishList() {}

  public static String of(List<String> items) {
    if (items.size() <= 1) {
      return String.join("", items);
    }
    return String.join(", ", items.subList(0, items.size() - 1))
        + " and "
        + items.get(items.size() - 1);
  }
}
