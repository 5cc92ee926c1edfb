package io.assay.understand.rules;

import io.assay.pick.Direction;
import io.assay.pick.Order;
import io.assay.understand.Cue;
import io.assay.understand.Cue.Kind;
import io.assay.understand.Words;
import java.util.Locale;

/**
 * "total loan amount per status, largest first", "films per category in descending order": the
 * groups of the answer sorted by their measure. Only for a measure split into groups; a list of
 * rows does not say what to sort it by, and the words are left unread.
 */
final class SortOrder implements Rule {

  @Override
  public void apply(Draft d) {
    for (int i = 0; i < d.items.size(); i++) {
      if (!(d.at(i) instanceof Cue c)
          || c.kind() != Kind.SORT_DESC && c.kind() != Kind.SORT_ASC
          || d.isUsed(c)
          || d.measure == null
          || d.groupBy.isEmpty() && d.grain == null
          || d.rankedListOrder != null && d.listingLimit == null) {
        continue;
      }
      Direction dir = c.kind() == Kind.SORT_DESC ? Direction.DESC : Direction.ASC;
      if (d.rankedListOrder != null) {
        // "top 5 …, largest first": the kept groups come sorted already, the same way or not
        if (!(d.rankedListOrder instanceof Order.ByMeasure m) || m.direction() != dir) {
          continue;
        }
      } else {
        d.rankedListOrder = new Order.ByMeasure(null, d.measure, dir);
      }
      d.use(c);
      int before = c.first() - 1;
      if (before >= 0 && Words.SORTED.contains(d.scan.tokens.get(before).norm())) {
        d.explainedWords.add(before);
      }
      d.note(
          "'"
              + c.text()
              + "' → the groups by "
              + Describe.measure(d.measure)
              + ", "
              + dir.name().toLowerCase(Locale.ROOT));
    }
  }
}
