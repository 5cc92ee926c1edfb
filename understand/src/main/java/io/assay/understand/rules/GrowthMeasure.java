package io.assay.understand.rules;

import io.assay.pick.Measure;
import io.assay.understand.Cue;
import io.assay.understand.Cue.Kind;
import io.assay.understand.Mention;
import io.assay.understand.TimeExpression;

/** "the growth of loan amount between 1996 and 1997": the percent change of a measure. */
final class GrowthMeasure implements Rule {

  @Override
  public void apply(Draft d) {
    Cue g = d.firstCue(Kind.GROWTH);
    d.use(g);
    int i = d.indexOf(g);
    Measure of = null;
    String ofText = null;
    for (int k = i + 1; k < d.items.size() && of == null; k++) {
      Object w = d.at(k);
      if (w instanceof Cue c && (c.kind() == Kind.SUM || c.kind() == Kind.AVG)) {
        continue;
      }
      if (w instanceof Mention m) {
        of = Measures.of(d, m, k);
        ofText = m.text();
      } else if (!(w instanceof Cue)) {
        break;
      }
    }
    if (of == null) {
      // "did the total amount of household payments change …": the measure before the verb
      for (int k = auxiliaryBefore(d, g); k >= 0 && k < i && of == null; k++) {
        if (d.at(k) instanceof Mention m && !d.isUsed(m)) {
          of = Measures.of(d, m, k);
          ofText = m.text();
        }
      }
    }
    if (of == null
        && d.at(i - 1) instanceof Mention before
        && !d.isUsed(before)
        && before.last() + 1 == g.first()) {
      // "loan amount growth from 1996 to 1997": the measure right before the word
      of = Measures.of(d, before, i - 1);
      ofText = before.text();
    }
    if (of == null) {
      d.problem("'" + g.text() + "' needs a measure after it (growth of what?)");
      return;
    }
    usePercentQuestion(d, i);
    if (d.growthTime == null) {
      d.problem("'" + g.text() + "' needs two periods ('between 1996 and 1997')");
      return;
    }
    d.use(d.growthTime);
    TimeExpression e = d.growthTime.expression();
    d.measure =
        new Measure.Growth(
            of, e.first().toTimeFilter(), e.second().toTimeFilter(), "growth_percent");
    d.note(
        "'"
            + g.text()
            + " of "
            + ofText
            + " "
            + e.text()
            + "' → percent change of "
            + Describe.measure(of)
            + " from "
            + e.first()
            + " to "
            + e.second());
  }

  private static final java.util.Set<String> AUXILIARIES =
      java.util.Set.of("did", "does", "do", "has", "have", "had", "was", "were", "is", "are");

  /**
   * The first item after the auxiliary verb that opens "did X change", "has X grown", when it
   * stands before the growth word in the same clause; -1 otherwise.
   */
  private static int auxiliaryBefore(Draft d, Cue g) {
    int aux = -1;
    for (int t = g.first() - 1; t >= 0 && aux < 0; t--) {
      if (AUXILIARIES.contains(d.scan.tokens.get(t).norm())) {
        aux = t;
      }
    }
    if (aux < 0) {
      return -1;
    }
    for (int k = 0; k < d.items.size(); k++) {
      if (d.items.get(k).first() > aux) {
        return k;
      }
    }
    return -1;
  }

  /**
   * "by how many percent", "by what percent", "what % change": the words that ask for the percent
   * change itself, before the growth word, are what the growth measure answers.
   */
  private static void usePercentQuestion(Draft d, int growthIndex) {
    for (int k = 0; k < growthIndex; k++) {
      if (d.at(k) instanceof Cue c && c.kind() == Kind.PERCENT && !d.isUsed(c)) {
        d.use(c);
        if (d.at(k - 1) instanceof Cue q && q.kind() == Kind.COUNT) {
          d.use(q); // "how many percent"
          if (d.at(k - 2) instanceof Cue by && by.kind() == Kind.GROUP) {
            d.use(by);
          }
        } else if (d.at(k - 1) instanceof Cue by && by.kind() == Kind.GROUP) {
          d.use(by); // "by what percent"
        }
      }
    }
  }
}
