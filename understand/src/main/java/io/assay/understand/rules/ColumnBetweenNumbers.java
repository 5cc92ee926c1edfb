package io.assay.understand.rules;

import io.assay.pick.ColumnRef;
import io.assay.pick.Filter;
import io.assay.pick.Unit;
import io.assay.pick.Value;
import io.assay.recon.ColumnInfo;
import io.assay.recon.MetricDefinition;
import io.assay.understand.Cue;
import io.assay.understand.Cue.Kind;
import io.assay.understand.Mention;
import io.assay.understand.Scan;
import io.assay.understand.Target;
import java.util.Set;

/**
 * "films with a length between 60 and 90 minutes", "loans whose amount is between 100000 and
 * 200000": a numeric column, then "between" two numbers joined by "and", keeps the rows whose
 * column lies in that range (both ends included, as people mean "between"). A unit after the second
 * number applies to both and must be one the column keeps.
 */
final class ColumnBetweenNumbers implements Rule {

  /** Words that may stand between the column and "between". */
  private static final Set<String> LINKS = Set.of("is", "was", "are", "were", "of", "lies");

  @Override
  public void apply(Draft d) {
    for (int i = 0; i + 2 < d.items.size(); i++) {
      int j = i + 1;
      while (d.at(j) instanceof Cue c && c.kind() == Kind.COPULA) {
        j++; // "whose length is between …"
      }
      if (!(d.at(i) instanceof Mention m)
          || d.isUsed(m)
          || !m.has(Target.Column.class)
          // "payments" may also name the rows of payments, "loan amount" their total: a range
          // after it is of the column
          || !m.targets().stream()
              .allMatch(
                  t ->
                      t instanceof Target.Column
                          || t instanceof Target.Table
                          || t instanceof Target.Metric x && totalOfItsColumn(d, m, x))
          || !(d.at(j) instanceof Scan.Number from)
          || !(d.at(j + 1) instanceof Scan.Number to)
          || d.isUsed(from)
          || d.isUsed(to)
          || to.token() != from.token() + 2
          || !d.scan.tokens.get(from.token() + 1).norm().equals("and")
          || !d.scan.tokens.get(from.token() - 1).norm().equals("between")
          || !linked(d, m.last() + 1, from.token() - 1)) {
        continue;
      }
      ColumnRef column = d.schema.numericColumn(m);
      ColumnInfo info = column == null ? null : d.recon.column(column).orElse(null);
      if (info == null) {
        continue;
      }
      int unitToken = to.token() + 1;
      Unit unit =
          unitToken < d.scan.tokens.size()
              ? QuantityComparison.unit(d.scan.tokens.get(unitToken).norm())
              : null;
      Value low = Value.number(from.value());
      Value high = Value.number(to.value());
      if (unit != null) {
        if (!ColumnOfANumber.keeps(info, unit)) {
          continue; // "a length between 2 and 3 miles": not a quantity this column keeps
        }
        low = new Value.Quantity(from.value(), unit);
        high = new Value.Quantity(to.value(), unit);
        ColumnOfANumber.unitRead(d, j + 2, unitToken);
      }
      d.explainedWords.add(from.token() - 1);
      d.addFilter(new Filter.Between(column, low, high), m.first(), null);
      d.use(m);
      d.use(from);
      d.use(to);
      d.note(
          "'"
              + d.scan.words(m.first(), unit != null ? unitToken : to.token())
              + "' → "
              + column
              + " from "
              + from.value().toPlainString()
              + " to "
              + to.value().toPlainString()
              + (unit != null ? " " + unit.jsonName() : ""));
    }
  }

  /** Whether only linking words stand in the tokens from {@code first} to before {@code end}. */
  private static boolean linked(Draft d, int first, int end) {
    for (int k = first; k < end; k++) {
      if (!LINKS.contains(d.scan.tokens.get(k).norm())) {
        return false;
      }
    }
    return true;
  }

  /** Whether a metric a phrase names adds up a column the same phrase names ("loan amount"). */
  private static boolean totalOfItsColumn(Draft d, Mention m, Target.Metric metric) {
    return d.recon.metric(metric.name()).orElse(null) instanceof MetricDefinition.Aggregate a
        && m.all(Target.Column.class).stream().anyMatch(c -> c.column().equals(a.column()));
  }
}
