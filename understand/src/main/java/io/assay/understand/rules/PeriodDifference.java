package io.assay.understand.rules;

import io.assay.understand.AnalysisCue;
import io.assay.understand.Period;
import io.assay.understand.Scan;
import io.assay.understand.TimeExpression.Relation;
import io.assay.understand.Token;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * "the difference in revenue between May and June", "how does March compare to February? give me
 * the difference": two periods of one measure, one subtracted from the other. The later period
 * comes first ("between A and B", "from A to B" read as B − A), unless the question compares one
 * named period with another ("A compared with B": A − B). Anything else the difference could be
 * between (two kinds of rows, two columns) is not read here, and the word keeps the reader from
 * answering.
 */
final class PeriodDifference implements Rule {

  /** The nouns that ask for one figure less another. */
  private static final Set<String> WORDS = Set.of("difference", "differences", "gap");

  /** The two periods a difference subtracts: {@code left − right}. */
  record Periods(Period left, Period right, String word) {}

  @Override
  public void apply(Draft d) {
    Token word = differenceWord(d);
    if (word == null) {
      return;
    }
    boolean compared = d.analyses.contains(AnalysisCue.COMPARE);
    if (!d.analyses.isEmpty() && !(compared && d.analyses.size() == 1)) {
      return; // an analysis asked for as well: not a figure
    }
    List<Scan.Time> times = new ArrayList<>();
    for (Item it : d.items) {
      if (it.what() instanceof Scan.Time t) {
        times.add(t);
      }
    }
    Period left;
    Period right;
    if (times.size() == 1 && times.get(0).expression().relation() == Relation.BETWEEN) {
      left = times.get(0).expression().second();
      right = times.get(0).expression().first();
    } else if (times.size() == 2
        && times.stream().allMatch(t -> t.expression().relation() == Relation.WITHIN)) {
      Period a = times.get(0).expression().first();
      Period b = times.get(1).expression().first();
      boolean later = b.from().isAfter(a.from());
      left = compared || !later ? a : b;
      right = left == a ? b : a;
    } else {
      return; // not two periods: the word stays unexplained and the reader does not answer
    }
    if (left.grain() != right.grain() || !sameLength(left, right) || left.equals(right)) {
      d.problem(
          "'" + word.norm() + "' between " + left + " and " + right + " compares unlike periods");
      return;
    }
    times.forEach(d::use);
    d.analyses.remove(AnalysisCue.COMPARE);
    d.explainedWords.add(word.index());
    d.difference = new Periods(left, right, word.norm());
    d.note(
        "'"
            + word.norm()
            + "' → "
            + Describe.time(left.toTimeFilter())
            + " minus "
            + Describe.time(right.toTimeFilter()));
  }

  /**
   * Periods of one length, give or take the days months and leap years differ by: a half-year less
   * a month is no difference anyone asks for.
   */
  private static boolean sameLength(Period a, Period b) {
    long da = ChronoUnit.DAYS.between(a.from(), a.to());
    long db = ChronoUnit.DAYS.between(b.from(), b.to());
    return Math.abs(da - db) <= 3;
  }

  /** The first word asking for a difference that no phrase of the dataset took, or null. */
  private static Token differenceWord(Draft d) {
    for (Token t : d.scan.tokens) {
      if (WORDS.contains(t.norm()) && (d.scan.unknown.contains(t) || d.scan.notUsed.contains(t))) {
        return t;
      }
    }
    return null;
  }
}
