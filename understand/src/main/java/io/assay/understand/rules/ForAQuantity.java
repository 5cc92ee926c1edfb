package io.assay.understand.rules;

import io.assay.pick.ColumnRef;
import io.assay.pick.Comparison;
import io.assay.pick.Filter;
import io.assay.pick.Unit;
import io.assay.pick.Value;
import io.assay.understand.Scan;
import java.util.List;
import java.util.Set;

/**
 * "loans granted for 60 months", "deposits held for 12 months", "loans of 24 months": "for" (or
 * "of" right after the rows' noun) and a quantity of time with no comparison word states the rows'
 * own duration. It keeps the rows whose one column kept in a unit of that kind (the YAML's {@code
 * unit:}), among the question's tables, equals the quantity; when no column or several qualify, or
 * the column is not a stored whole number, the words stay unread.
 */
final class ForAQuantity implements Rule {

  private static final Set<String> FOR = Set.of("for", "lasting");

  @Override
  public void apply(Draft d) {
    for (int i = 0; i < d.items.size(); i++) {
      if (!(d.at(i) instanceof Scan.Number n)
          || d.isUsed(n)
          || n.token() == 0
          || n.token() + 1 >= d.scan.tokens.size()
          || !FOR.contains(d.scan.tokens.get(n.token() - 1).norm())
              && !ofTheRows(d, n.token() - 1)) {
        continue;
      }
      int unitToken = n.token() + 1;
      Unit unit = QuantityComparison.unit(d.scan.tokens.get(unitToken).norm());
      if (unit == null) {
        continue;
      }
      List<ColumnRef> columns = QuantityComparison.candidates(d, unit);
      if (columns.size() != 1 || !wholeNumbers(d, columns.get(0))) {
        continue;
      }
      ColumnRef column = columns.get(0);
      d.addFilter(
          new Filter.Compare(column, Comparison.EQ, new Value.Quantity(n.value(), unit)),
          n.token(),
          null);
      d.use(n);
      ColumnOfANumber.unitRead(d, i + 1, unitToken);
      d.explainedWords.add(n.token() - 1);
      d.note(
          "'"
              + d.scan.words(n.token() - 1, unitToken)
              + "' → "
              + column
              + " = "
              + n.value().toPlainString()
              + " "
              + unit.jsonName());
    }
  }

  /**
   * "loans of 60 months", "the amount of loans of 12 months": "of" right after a phrase ending on a
   * noun of rows.
   */
  private static boolean ofTheRows(Draft d, int of) {
    return d.scan.tokens.get(of).norm().equals("of")
        && d.scan.mentions.stream()
            .anyMatch(
                m ->
                    m.last() == of - 1
                        && m.targets().stream()
                            .anyMatch(
                                t -> t.table() != null && d.schema.isTableNoun(of - 1, t.table())));
  }

  /**
   * Equality holds only on a stored count of whole units: a duration computed from two timestamps
   * ("5 days" between a start and an end) is fractional and would match almost nothing.
   */
  private static boolean wholeNumbers(Draft d, ColumnRef column) {
    return d.recon
        .column(column)
        .map(c -> c.computed() == null && c.type().isIntegral())
        .orElse(false);
  }
}
