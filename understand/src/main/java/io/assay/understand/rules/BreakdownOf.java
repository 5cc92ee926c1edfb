package io.assay.understand.rules;

import io.assay.understand.AnalysisCue;
import io.assay.understand.Cue;
import io.assay.understand.Cue.Kind;
import io.assay.understand.Mention;
import io.assay.understand.Target;
import java.util.Locale;

/**
 * "the breakdown of orders by region", "a break-down of members per plan": a breakdown of named
 * rows by a grouping asks for their figure per group, not for a drill-down analysis that searches
 * where a change came from. A breakdown without "of" and a later grouping ("break it down by
 * region", "drill down by district") stays the analysis.
 */
final class BreakdownOf {

  private BreakdownOf() {}

  static boolean isAFigurePerGroup(Draft d, Cue c) {
    if (!AnalysisCue.DRILL_DOWN.equals(c.analysis())
        || !c.text().toLowerCase(Locale.ROOT).startsWith("break")
        || c.last() + 1 >= d.scan.tokens.size()
        || !d.scan.tokens.get(c.last() + 1).norm().equals("of")) {
      return false;
    }
    int i = d.indexOf(c);
    if (!(d.at(i + 1) instanceof Mention rows) || rows.first() != c.last() + 2) {
      return false;
    }
    boolean grouped = d.at(i + 2) instanceof Cue by && by.kind() == Kind.GROUP;
    boolean otherAnalysis =
        d.items.stream()
            .anyMatch(it -> it.what() instanceof Cue o && o != c && o.kind() == Kind.ANALYSIS);
    if (!grouped || otherAnalysis) {
      return false;
    }
    return true;
  }

  /**
   * Reads the breakdown at item {@code i}: of rows (a table's noun), it counts them, as "number of"
   * would; of a figure ("revenue"), the figure itself is the answer.
   */
  static void read(Draft d, int i, Cue c) {
    Mention rows = (Mention) d.at(i + 1);
    d.note("'" + c.text() + " of " + rows.text() + "' → the figure per group, not an analysis");
    boolean onlyRows =
        rows.all(Target.Table.class).size() == 1
            && rows.all(Target.Metric.class).stream().allMatch(m -> d.schema.isCount(m.name()));
    if (onlyRows) {
      Cue count = new Cue(Kind.COUNT, c.first(), c.last(), c.text(), null, 0, null, null);
      d.items.set(i, new Item(c.first(), c.last(), count));
    } else {
      d.use(c);
    }
  }
}
