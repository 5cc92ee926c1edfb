package io.assay.understand.rules;

import io.assay.contract.plan.Clarification;
import io.assay.pick.ColumnRef;
import io.assay.pick.Filter;
import io.assay.pick.Value;
import java.util.List;

/**
 * "how many owners and disponents", "the total loan amount in Prague and Brno": a measure over two
 * values joined by "and" may mean both together or each apart. Asks; "each" splits the measure by
 * their column, "together" keeps one figure over both.
 */
final class JoinedValues implements Rule {

  @Override
  public void apply(Draft d) {
    if (d.measure == null || d.sideBySide) {
      return;
    }
    for (Filter f : d.filters) {
      if (!(f instanceof Filter.In in)
          || in.negated()
          || !d.andJoined.contains(in.column())
          || d.groupBy.contains(in.column())) {
        continue;
      }
      ColumnRef column = in.column();
      String id = "joined:" + column;
      String answer = d.answers.get(id);
      String values =
          String.join(
              " and ",
              in.values().stream()
                  .map(v -> v instanceof Value.Text t ? "'" + t.value() + "'" : v.toString())
                  .toList());
      if ("together".equals(answer)) {
        d.note("'" + values + "' → one figure over both (answered)");
      } else if ("each".equals(answer)) {
        d.groupBy.add(column);
        d.note("'" + values + "' → one figure per " + column + " (answered)");
      } else {
        d.ask(
            new Clarification(
                id,
                "joined",
                "One figure for " + values + " together, or one for each?",
                List.of(
                    new Clarification.Option("together", "one figure over both together"),
                    new Clarification.Option(
                        "each", "one figure per " + d.schema.columnLabel(column)))));
      }
      return;
    }
  }
}
