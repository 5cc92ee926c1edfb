package io.assay.understand.rules;

import static io.assay.understand.rules.Describe.symbol;

import io.assay.contract.plan.Clarification;
import io.assay.pick.Aggregation;
import io.assay.pick.ColumnRef;
import io.assay.pick.Comparison;
import io.assay.pick.Filter;
import io.assay.pick.Having;
import io.assay.pick.Measure;
import io.assay.pick.Value;
import io.assay.recon.ColumnInfo;
import io.assay.understand.Cue;
import io.assay.understand.Cue.Kind;
import io.assay.understand.Mention;
import io.assay.understand.Scan;
import io.assay.understand.Target;
import java.util.List;
import java.util.Locale;

/**
 * "average salary greater than 8000", "amount above the average", "at least 20 customers": a
 * comparison word between a column and a number (a filter), the average (a filter against the
 * column's average) or a count of rows (a condition on each listed group's count).
 */
final class Comparisons implements Rule {

  @Override
  public void apply(Draft d) {
    for (int i = 0; i < d.items.size(); i++) {
      if (!(d.at(i) instanceof Cue c) || c.kind() != Kind.COMPARE) {
        continue;
      }
      Item right = d.item(i + 1);
      if (countCondition(d, i, c, right) || occasionCondition(d, i, c, right)) {
        continue;
      }
      Item leftItem = d.previous(i, Kind.COPULA);
      if (right != null
          && leftItem != null
          && leftItem.what() instanceof Mention metric
          && metricOfOtherRows(d, i, c, metric, right)) {
        continue; // before the units: "an average length over 115 minutes" compares the average
      }
      if (unitComparison(d, c, right) || QuantityComparison.apply(d, c, right)) {
        continue;
      }
      if (leftItem == null || !(leftItem.what() instanceof Mention left) || right == null) {
        continue; // reported as an unused cue
      }
      if (totalOfAVerb(d, c, left, right)) {
        continue;
      }
      ColumnRef column = d.schema.column(left, true);
      Mention unit = null;
      if (column == null && right.what() instanceof Scan.Number n) {
        // "payments above 9 dollars", "transactions over 50000": the rows' amount is compared
        unit = unitAfter(d, i + 2);
        column = rowsAmount(d, left, unit, i + 2);
        if (column == null || eachOrTotal(d, c, left, column, n)) {
          continue;
        }
        Filter f = new Filter.Compare(column, c.comparison(), Value.number(n.value()));
        d.addFilter(f, c.first(), null);
        d.use(c);
        d.use(n);
        if (unit != null) {
          d.use(unit);
        }
        d.note(
            "'"
                + d.scan.words(left.first(), unit != null ? unit.last() : n.token())
                + "' → "
                + column
                + " "
                + symbol(c.comparison())
                + " "
                + n.value().toPlainString());
        continue;
      }
      if (column == null) {
        continue;
      }
      if (right.what() instanceof Scan.Number n && d.schema.isTemporal(column)) {
        continue; // "paid over 150": a date is not compared with a plain number
      }
      if (right.what() instanceof Scan.Number n) {
        Filter f = new Filter.Compare(column, c.comparison(), Value.number(n.value()));
        d.addFilter(f, c.first(), null);
        d.use(c);
        d.use(left);
        d.use(n);
        d.note(
            "'"
                + left.text()
                + " "
                + c.text()
                + " "
                + n.text()
                + "' → "
                + column
                + " "
                + symbol(c.comparison())
                + " "
                + n.value().toPlainString());
      } else if (right.what() instanceof Cue agg && agg.kind() == Kind.AVG) {
        Filter.VsAggregate f =
            new Filter.VsAggregate(column, c.comparison(), Aggregation.AVG, null, List.of());
        d.addFilter(f, c.first(), null);
        d.pendingAverages.add(f);
        d.use(c);
        d.use(left);
        d.use(agg);
        d.note(
            "'"
                + left.text()
                + " "
                + c.text()
                + " the average' → "
                + column
                + " "
                + symbol(c.comparison())
                + " avg("
                + column
                + ") over the same period");
      }
    }
  }

  /**
   * "customers who spent more than 200", "accounts that withdrew over 50000": a verb naming one
   * total of the dataset, right before a comparison and a number, compares each listed group's
   * total ({@link CountCondition} applies it once the groups are known).
   */
  private static boolean totalOfAVerb(Draft d, Cue c, Mention verb, Item right) {
    if (d.countHaving != null
        || d.isUsed(verb)
        || verb.first() != verb.last()
        || verb.last() + 1 != c.first()
        || verb.all(Target.Metric.class).size() != 1
        || d.schema.metricAggregation(verb.one(Target.Metric.class).name()) != Aggregation.SUM
        || !onlyTheEvent(d, verb)
        || !(right.what() instanceof Scan.Number n)
        || d.isUsed(n)) {
      return false;
    }
    String metric = verb.one(Target.Metric.class).name();
    d.countHaving =
        new Having(null, Measure.metric(metric), c.comparison(), Value.number(n.value()));
    d.countHavingText = verb.text() + " " + c.text() + " " + n.text();
    d.use(c);
    d.use(n);
    d.use(verb);
    return true;
  }

  /**
   * "districts with an average loan amount above 200000": a metric over other rows than the ones
   * the question names first, then a comparison and a number, keeps each of those rows (a group) by
   * its metric ({@link CountCondition} applies it once the groups are known). A unit after the
   * number must be the one the metric's column keeps.
   */
  private static boolean metricOfOtherRows(Draft d, int i, Cue c, Mention m, Item right) {
    if (d.countHaving != null
        || d.isUsed(m)
        || m.last() + 1 != c.first()
        // "have average salary greater than 8000": a phrase that also names a column of the
        // rows' own compares that column
        || m.targets().size() != 1
        || m.all(Target.Metric.class).size() != 1
        || !(right.what() instanceof Scan.Number n)
        || d.isUsed(n)) {
      return false;
    }
    Target.Metric metric = m.one(Target.Metric.class);
    Aggregation fn = d.schema.metricAggregation(metric.name());
    String subject = subject(d, m);
    if (fn != Aggregation.AVG && fn != Aggregation.SUM
        || subject == null
        || subject.equals(metric.table())) {
      return false;
    }
    Mention unit = unitAfter(d, i + 2);
    if (unit != null && !unitOfTheMetric(d, metric.name(), unit, n)) {
      return false;
    }
    d.countHaving =
        new Having(null, Measure.metric(metric.name()), c.comparison(), Value.number(n.value()));
    d.countHavingText = d.scan.words(m.first(), unit != null ? unit.last() : n.token());
    d.use(c);
    d.use(n);
    d.use(m);
    if (unit != null) {
      d.use(unit);
    }
    return true;
  }

  /** Whether a unit word after a number names the column the metric aggregates, in its unit. */
  private static boolean unitOfTheMetric(Draft d, String metric, Mention unit, Scan.Number n) {
    ColumnRef column = d.schema.metricColumn(metric);
    return column != null
        && unit.all(Target.Column.class).stream().anyMatch(u -> u.column().equals(column));
  }

  /**
   * Whether a verb's phrase names only its total and the event's own rows or date ("paid": the
   * payments' total, their table, their date).
   */
  private static boolean onlyTheEvent(Draft d, Mention verb) {
    String table = verb.one(Target.Metric.class).table();
    return verb.targets().stream()
        .allMatch(
            t ->
                t instanceof Target.Metric
                    || t instanceof Target.Table tt && tt.table().equals(table)
                    || t instanceof Target.Column col
                        && col.column().table().equals(table)
                        && d.schema.isTemporal(col.column()));
  }

  /**
   * "districts that have transactions over 10000": about other rows than the question's subject,
   * the comparison may be on each of those rows or on their total per subject; asks, and on the
   * answer "total" makes it a condition on each listed group's sum. True when the filter is not to
   * be added (asked, or read as a total).
   */
  private static boolean eachOrTotal(
      Draft d, Cue c, Mention rows, ColumnRef column, Scan.Number n) {
    String subject = subject(d, rows);
    if (subject == null || subject.equals(column.table())) {
      return false;
    }
    String id = "amount:" + rows.text().toLowerCase() + ":" + n.text();
    String answer = d.answers.get(id);
    if ("each".equals(answer)) {
      return false;
    }
    String compared = Describe.symbol(c.comparison()) + " " + n.value().toPlainString();
    if ("total".equals(answer)) {
      Measure sum =
          new Measure.Aggregate(Aggregation.SUM, column, List.of(), "total_" + column.column());
      d.countHaving = new Having(null, sum, c.comparison(), Value.number(n.value()));
      d.countHavingText = rows.text() + " " + c.text() + " " + n.text() + " in total";
      d.use(c);
      d.use(n);
      d.use(rows);
      return true;
    }
    d.ask(
        new Clarification(
            id,
            "amount",
            "Is '"
                + d.scan.words(rows.first(), n.token())
                + "' about each of those rows or their total?",
            List.of(
                new Clarification.Option(
                    "each",
                    "any single " + column.table() + " row with " + column + " " + compared),
                new Clarification.Option(
                    "total", "the total " + column + " per " + subject + " " + compared))));
    d.use(c);
    d.use(n);
    return true;
  }

  /**
   * "run under 90 minutes", "more than 10000 inhabitants": a number followed by a phrase that names
   * only a numeric column (its unit) compares that column, whatever stands before the comparison.
   */
  private static boolean unitComparison(Draft d, Cue c, Item right) {
    if (right == null || !(right.what() instanceof Scan.Number n) || d.isUsed(n)) {
      return false;
    }
    Item left = d.previous(d.indexOf(c), Kind.COPULA);
    if (left != null && left.what() instanceof Mention rows && rowsTable(d, rows) != null) {
      return false; // "payments over 9 dollars": the rows' own comparison, which may ask
    }
    Mention unit = unitAfter(d, d.indexOf(n) + 1);
    ColumnRef column = unit == null || d.isUsed(unit) ? null : d.schema.numericColumn(unit);
    if (column == null) {
      return false;
    }
    // "length under 60 minutes": the column named right before the comparison is the unit's own
    Mention named =
        left != null
                && left.what() instanceof Mention m
                && !d.isUsed(m)
                && QuantityComparison.names(m, column)
            ? m
            : null;
    d.addFilter(
        new Filter.Compare(column, c.comparison(), Value.number(n.value())), c.first(), null);
    d.use(c);
    d.use(n);
    d.use(unit);
    if (named != null) {
      d.use(named);
    }
    d.note(
        "'"
            + d.scan.words(named != null ? named.first() : c.first(), unit.last())
            + "' → "
            + column
            + " "
            + symbol(c.comparison())
            + " "
            + n.value().toPlainString());
    return true;
  }

  /** The table of the first phrase before {@code rows} that names a table's rows, or null. */
  private static String subject(Draft d, Mention rows) {
    for (Mention m : d.scan.mentions) {
      if (m.first() >= rows.first()) {
        return null;
      }
      if (m.has(Target.Table.class) && !m.has(Target.Value.class)) {
        return m.one(Target.Table.class).table();
      }
    }
    return null;
  }

  /**
   * The column a phrase naming rows compares with a number: the numeric column a unit after the
   * number names ("more than 10000 inhabitants"), else the table's one amount; null when the number
   * is followed by another phrase, or the phrase is not a table's rows.
   */
  private static ColumnRef rowsAmount(Draft d, Mention rows, Mention unit, int after) {
    String table = rowsTable(d, rows);
    if (table == null) {
      return null;
    }
    if (unit != null) {
      return d.schema.numericColumn(unit);
    }
    if (!(d.at(after - 1) instanceof Scan.Number n)) {
      return null;
    }
    if (NumberedRows.unitWordAfter(d, n)) {
      return null; // "loans longer than 24 months": a duration, not an amount
    }
    // "a loan of more than 300000 and a duration of 60 months": a phrase further on is not the
    // number's
    if (d.at(after) instanceof Mention m && m.first() == n.token() + 1
        || d.at(after) instanceof Cue next && next.kind() == Kind.COUNT) {
      return null;
    }
    return d.schema.amountColumn(table);
  }

  /** The table whose rows a phrase names: a table's noun, or a count of its rows. */
  private static String rowsTable(Draft d, Mention rows) {
    if (rows.has(Target.Value.class)) {
      return null;
    }
    if (rows.has(Target.Table.class)) {
      return rows.one(Target.Table.class).table();
    }
    List<Target.Metric> metrics = rows.all(Target.Metric.class);
    return metrics.size() == 1 && d.schema.isCount(metrics.get(0).name())
        ? metrics.get(0).table()
        : null;
  }

  /**
   * "customers who rented more than 40 times", "accounts charged a fee at least 3 times": a
   * comparison, a whole number and "times" compare how many event rows each listed group has; the
   * event is the nearest phrase before the comparison that names a count of rows.
   */
  private static boolean occasionCondition(Draft d, int i, Cue c, Item right) {
    if (right == null
        || !(right.what() instanceof Scan.Number n)
        || n.value().scale() > 0
        || n.token() + 1 >= d.scan.tokens.size()
        || !d.scan.tokens.get(n.token() + 1).norm().equals("times")
        || !d.scan.unknown.stream().anyMatch(t -> t.index() == n.token() + 1)) {
      return false;
    }
    Mention event = null;
    for (int k = i - 1; k >= 0 && event == null; k--) {
      if (d.at(k) instanceof Mention m && !d.isUsed(m) && Occasions.count(d, m) != null) {
        event = m;
      } else if (d.at(k) instanceof Mention m && !d.isUsed(m) && valueEvent(d, m) != null) {
        return valueOccasions(d, c, n, m);
      } else if (k == i - 1 && DistinctOccasions.read(d, k, c, n)) {
        return true;
      }
    }
    if (event == null) {
      return false;
    }
    String metric = Occasions.count(d, event).name();
    d.countHaving =
        new Having(null, Measure.metric(metric), c.comparison(), Value.number(n.value()));
    d.countHavingText = event.text() + " " + c.text() + " " + n.text() + " times";
    d.occasionWord = n.token() + 1;
    d.use(c);
    d.use(n);
    d.use(event);
    return true;
  }

  /**
   * "accounts that made withdrawals more than 100 times": the event is a stored value
   * ("withdrawals" is a kind of transaction), so each listed group's rows of the value's table are
   * counted; the value stays for {@link Values} to read as the filter on those rows, and if it
   * cannot, the question is not answered.
   */
  private static boolean valueOccasions(Draft d, Cue c, Scan.Number n, Mention event) {
    d.countHaving =
        new Having(
            null, Measure.metric(valueEvent(d, event)), c.comparison(), Value.number(n.value()));
    d.countHavingText = event.text() + " " + c.text() + " " + n.text() + " times";
    d.occasionWord = n.token() + 1;
    d.use(c);
    d.use(n);
    return true;
  }

  /** The plain count of the one table a phrase names stored values of, or null. */
  private static String valueEvent(Draft d, Mention m) {
    List<String> tables =
        m.all(Target.Value.class).stream().map(v -> v.column().table()).distinct().toList();
    if (tables.size() != 1 || m.has(Target.Table.class)) {
      return null;
    }
    return d.schema.plainCountMetricOrNull(tables.get(0));
  }

  /**
   * "countries with at least 20 customers", "districts that have more than 100 loans": a
   * comparison, a whole number and a noun naming only a table compare the count of those rows per
   * listed group ({@link CountCondition} applies it once the groups are known).
   */
  private static boolean countCondition(Draft d, int i, Cue c, Item right) {
    if (right == null
        || !(right.what() instanceof Scan.Number n)
        || n.value().scale() > 0
        || i + 2 >= d.items.size()
        || !(d.at(i + 2) instanceof Mention rows)
        || d.isUsed(rows)
        || numberColumnRightBefore(d, i, c)) {
      return false;
    }
    Measure counted;
    if (d.schema.countsRows(rows)) {
      String table = rows.one(Target.Table.class).table();
      String plain = d.schema.plainCountMetric(table);
      counted = plain != null ? Measure.metric(plain) : d.schema.countOf(table);
    } else {
      counted = rowsOfAValue(d, rows, d.at(i + 3));
    }
    if (counted == null) {
      return false;
    }
    d.countHaving = new Having(null, counted, c.comparison(), Value.number(n.value()));
    d.countHavingText = c.text() + " " + n.text() + " " + rows.text();
    d.use(c);
    d.use(n);
    d.use(rows);
    return true;
  }

  /**
   * "films with a replacement cost above 25 rated PG-13": a phrase naming a number column right
   * before the comparison is what it compares, whatever follows the number.
   */
  private static boolean numberColumnRightBefore(Draft d, int i, Cue c) {
    Item before = d.previous(i, Kind.COPULA);
    return before != null
        && before.what() instanceof Mention m
        && !d.isUsed(m)
        && m.last() + 1 == c.first()
        && m.targets().stream().allMatch(t -> t instanceof Target.Column)
        && m.all(Target.Column.class).stream()
            .anyMatch(t -> d.recon.column(t.column()).map(x -> x.type().isNumeric()).orElse(false));
  }

  /**
   * "accounts with more than 2 disponents": a word the dataset gives one value of one column names
   * the rows holding it; their count keeps that value. Null for any other phrase.
   */
  private static Measure rowsOfAValue(Draft d, Mention rows, Object next) {
    List<Target.Value> values = rows.all(Target.Value.class);
    if (values.isEmpty()
        || values.size() != rows.targets().size()
        || values.stream().map(v -> v.column() + "=" + v.value()).distinct().count() != 1
        || !(d.schema.countOf(values.get(0).table()) instanceof Measure.Aggregate all)) {
      return null;
    }
    Target.Value v = values.get(0);
    boolean nounNext = next instanceof Mention noun && noun.first() == rows.last() + 1;
    if (nounNext && !d.schema.namesOnlyATable((Mention) next)) {
      return null;
    }
    if (nounNext) {
      Mention noun = (Mention) next;
      if (!noun.one(Target.Table.class).table().equals(v.table())) {
        return null; // "more than 20 PG copies": the rows counted are other rows than the value's
      }
      d.use(noun);
    } else if (values.stream().noneMatch(Target.Value::byWord)) {
      return null; // a stored value alone is no noun of rows; a word the dataset gives them is
    }
    Filter holding =
        new Filter.Compare(v.column(), Comparison.EQ, d.schema.stored(v.column(), v.value()));
    return new Measure.Aggregate(
        all.fn(),
        all.column(),
        List.of(holding),
        "count_" + v.value().toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "_"));
  }

  /** A phrase right after a number that names only a numeric column ("9 dollars"), or null. */
  static Mention unitAfter(Draft d, int index) {
    if (!(d.at(index) instanceof Mention m)
        // "a loan of more than 300000 and a duration of 60 months": only the word right after the
        // number is its unit
        || !(d.at(index - 1) instanceof Scan.Number n)
        || m.first() != n.token() + 1
        || m.has(Target.Table.class)
        || m.has(Target.Value.class)
        || !m.has(Target.Column.class)) {
      return null;
    }
    // "more than 10000 crimes in 1996": a metric summing the very column the phrase names is the
    // same figure; after a number it is each row's own
    for (Target.Metric metric : m.all(Target.Metric.class)) {
      ColumnRef summed = d.schema.metricColumn(metric.name());
      if (m.all(Target.Column.class).stream().noneMatch(c -> c.column().equals(summed))) {
        return null;
      }
    }
    boolean numeric =
        m.all(Target.Column.class).stream()
            .allMatch(
                c ->
                    d.recon
                        .column(c.column())
                        .map(ColumnInfo::type)
                        .map(t -> t.isNumeric())
                        .orElse(false));
    return numeric ? m : null;
  }
}
