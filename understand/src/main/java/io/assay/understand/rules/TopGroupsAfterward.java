package io.assay.understand.rules;

import io.assay.pick.Direction;
import io.assay.pick.Order;
import io.assay.understand.Cue;
import io.assay.understand.Cue.Kind;
import java.util.Locale;

/**
 * "how many customers per country, top 5", "revenue by category - bottom 3": a ranking word with
 * its number written after the groups and their measure keeps the groups with the largest (or
 * smallest) measure. Only when the question ends there, so that nothing else could be what ranks.
 */
final class TopGroupsAfterward implements Rule {

  @Override
  public void apply(Draft d) {
    if (d.measure == null
        || d.groupBy.isEmpty() && d.grain == null
        || d.rankedListOrder != null
        || d.items.isEmpty()
        || !(d.at(d.items.size() - 1) instanceof Cue c)
        || c.kind() != Kind.MAX && c.kind() != Kind.MIN
        || c.number() <= 0
        || d.isUsed(c)) {
      return;
    }
    Direction dir = c.kind() == Kind.MAX ? Direction.DESC : Direction.ASC;
    d.rankedListOrder = new Order.ByMeasure(null, d.measure, dir);
    d.listingLimit = c.number();
    d.use(c);
    d.note(
        "'"
            + c.text()
            + "' → the groups by "
            + Describe.measure(d.measure)
            + ", "
            + dir.name().toLowerCase(Locale.ROOT)
            + ", first "
            + c.number());
  }
}
