package io.assay.understand.rules;

import io.assay.pick.Measure;
import io.assay.understand.Cue;
import io.assay.understand.Cue.Kind;
import io.assay.understand.Mention;
import io.assay.understand.Target;
import java.util.List;

/**
 * "How many rentals were not returned?", "how many loans are in default": after the plain count of
 * some rows, "is/are" and a phrase naming another count of the same rows — one the dataset defines
 * with conditions of its own — say which of them are counted: that count is the answer.
 */
final class NarrowerCount implements Rule {

  @Override
  public void apply(Draft d) {
    if (!(d.measure instanceof Measure.Metric plain) || d.form == Form.LISTING) {
      return;
    }
    String table = d.schema.countedTable(plain);
    if (table == null) {
      return;
    }
    for (int i = 0; i < d.items.size(); i++) {
      if (!(d.at(i) instanceof Mention m) || d.isUsed(m) || !afterACopula(d, i)) {
        continue;
      }
      List<Target.Metric> metrics = m.all(Target.Metric.class);
      if (metrics.size() != 1 || m.targets().size() != 1) {
        continue;
      }
      String narrower = metrics.get(0).name();
      if (!narrower.equals(plain.metric())
          && metrics.get(0).table().equals(table)
          && d.schema.isCount(narrower)) {
        d.adoptMetric(narrower);
        d.use(m);
        d.note("'" + m.text() + "' → metric " + narrower + " (which " + table + " rows count)");
        return;
      }
    }
  }

  /** Whether "is", "are", "were" … stands right before item {@code i}. */
  private static boolean afterACopula(Draft d, int i) {
    return d.at(i - 1) instanceof Cue c && c.kind() == Kind.COPULA;
  }
}
