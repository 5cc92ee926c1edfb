package io.assay.understand.rules;

import io.assay.pick.ColumnRef;
import io.assay.pick.Comparison;
import io.assay.pick.Filter;
import io.assay.pick.TimeGrain;
import io.assay.pick.Value;
import io.assay.recon.ColumnInfo;
import io.assay.understand.Mention;
import io.assay.understand.Period;
import io.assay.understand.Scan;
import io.assay.understand.Target;
import io.assay.understand.TimeExpression;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * "films released in 2006", "a release year before 2000": a whole-year window right after a column
 * that keeps years as whole numbers is a condition on that number, not on a date column. Without
 * this the year reads as a time window on whatever date the rows carry (often a row's edit time).
 */
final class YearNumberColumn implements Rule {

  /** Words that may stand between the column and its years ("release year of 2006"). */
  private static final Set<String> BETWEEN = Set.of("of", "is", "was", "were", "the");

  @Override
  public void apply(Draft d) {
    for (int i = 0; i + 1 < d.items.size(); i++) {
      if (!(d.at(i) instanceof Mention m)
          || d.isUsed(m)
          || !(d.at(i + 1) instanceof Scan.Time t)
          || d.isUsed(t)
          || !onlyLinkingWords(d, m.last() + 1, t.first())) {
        continue;
      }
      ColumnRef column = yearColumn(d, m);
      TimeExpression e = t.expression();
      Filter f = column == null ? null : filter(column, e);
      if (f == null) {
        continue;
      }
      d.addFilter(f, m.first(), null);
      d.use(m);
      d.use(t);
      d.note("'" + d.scan.words(m.first(), t.last()) + "' → " + Describe.filter(f));
    }
  }

  private static boolean onlyLinkingWords(Draft d, int from, int to) {
    for (int k = from; k < to; k++) {
      if (!BETWEEN.contains(d.scan.tokens.get(k).norm())) {
        return false;
      }
    }
    return true;
  }

  /** The one whole-number column among the mention's targets whose name says it keeps years. */
  private static ColumnRef yearColumn(Draft d, Mention m) {
    ColumnRef found = null;
    for (Target t : m.targets()) {
      if (!(t instanceof Target.Column c)) {
        return null;
      }
      ColumnInfo info = d.recon.column(c.column()).orElse(null);
      if (info == null || !info.type().isIntegral() || !namesYears(info.name())) {
        return null;
      }
      if (found != null && !found.equals(c.column())) {
        return null;
      }
      found = c.column();
    }
    return found;
  }

  private static boolean namesYears(String column) {
    List<String> parts = List.of(column.toLowerCase(Locale.ROOT).split("_"));
    return parts.contains("year") || parts.contains("yr");
  }

  /** The condition on the year number, or null when a period is not whole years. */
  private static Filter filter(ColumnRef column, TimeExpression e) {
    Integer first = wholeYear(e.first());
    if (first == null) {
      return null;
    }
    Value y = Value.number(first);
    return switch (e.relation()) {
      case WITHIN -> new Filter.Compare(column, Comparison.EQ, y);
      case BEFORE -> new Filter.Compare(column, Comparison.LT, y);
      case AFTER -> new Filter.Compare(column, Comparison.GT, y);
      case SINCE -> new Filter.Compare(column, Comparison.GE, y);
      case UNTIL -> new Filter.Compare(column, Comparison.LE, y);
      case BETWEEN -> {
        Integer last = wholeYear(e.second());
        yield last == null ? null : new Filter.Between(column, y, Value.number(last));
      }
    };
  }

  private static Integer wholeYear(Period p) {
    return p.grain() == TimeGrain.YEAR
            && p.from().getDayOfYear() == 1
            && p.to().equals(p.from().plusYears(1).minusDays(1))
        ? p.from().getYear()
        : null;
  }
}
