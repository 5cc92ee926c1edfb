package io.assay.understand.rules;

import io.assay.pick.TimeGrain;
import io.assay.understand.Cue;
import io.assay.understand.Cue.Kind;
import io.assay.understand.Mention;
import io.assay.understand.Scan;
import io.assay.understand.Target;
import java.util.EnumSet;
import java.util.Map;

/**
 * The time grain: "per month", "by quarter", and "monthly" before a measure. "monthly" names the
 * statement frequency 'POPLATEK MESICNE' in "monthly statement", but a grain in "monthly cash
 * withdrawal amount": a lone grain word before a measure is a grain. A grain word right after a
 * number that no forecast horizon took ("loans longer than 36 months") is that number's unit.
 */
final class Grains implements Rule {

  private static final Map<String, TimeGrain> GRAIN_WORDS =
      Map.of(
          "daily", TimeGrain.DAY,
          "weekly", TimeGrain.WEEK,
          "monthly", TimeGrain.MONTH,
          "quarterly", TimeGrain.QUARTER,
          "yearly", TimeGrain.YEAR,
          "annual", TimeGrain.YEAR);

  @Override
  public void apply(Draft d) {
    for (int i = 0; i < d.items.size(); i++) {
      Item it = d.items.get(i);
      if (it.what() instanceof Cue c && c.kind() == Kind.GRAIN) {
        if (d.at(i - 1) instanceof Scan.Number n && !d.isUsed(n)) {
          d.use(c);
          continue; // "longer than 36 months": the unit of a quantity, not a bucket of time
        }
        set(d, c.grain(), c.text());
        d.use(c);
        continue;
      }
      if (it.what() instanceof Mention m
          && it.first() == it.last()
          && GRAIN_WORDS.containsKey(d.scan.tokens.get(it.first()).norm())) {
        Item next = d.item(i + 1);
        boolean beforeMeasure =
            next != null
                && (next.what() instanceof Mention n
                        && (n.has(Target.Metric.class) || n.has(Target.Column.class))
                    || next.what() instanceof Cue nc
                        && EnumSet.of(Kind.COUNT, Kind.AVG, Kind.SUM).contains(nc.kind()));
        if (beforeMeasure) {
          set(d, GRAIN_WORDS.get(d.scan.tokens.get(it.first()).norm()), m.text());
          d.use(m);
        }
      }
    }
  }

  private static void set(Draft d, TimeGrain g, String text) {
    if (d.grain != null && d.grain != g) {
      d.problem("two time grains are asked for ('" + text + "' and " + d.grain + ")");
    }
    d.grain = g;
    d.note("'" + text + "' → time grain " + g.name().toLowerCase());
  }
}
