package io.assay.understand.rules;

import io.assay.contract.plan.Clarification;
import io.assay.pick.Aggregation;
import io.assay.pick.ColumnRef;
import io.assay.pick.Measure;
import io.assay.understand.Cue;
import io.assay.understand.Cue.Kind;
import io.assay.understand.Mention;
import io.assay.understand.Scan;
import io.assay.understand.Target;
import java.util.List;
import java.util.Set;

/**
 * "per district", "by region and operation": the answer split by every dimension listed after a
 * grouping word; "per account that …" is a condition, not a grouping, and a listing cannot be
 * grouped. "by" may also name who made the rows: one row ("by account 3356") is a condition, and
 * rows a value qualifies ("by customers from Canada") make the reader ask.
 */
final class Groupings implements Rule {

  @Override
  public void apply(Draft d) {
    for (int i = 0; i < d.items.size(); i++) {
      if (!(d.at(i) instanceof Cue c) || c.kind() != Kind.GROUP || d.isUsed(c)) {
        continue;
      }
      int at = i + 1;
      if (d.at(at) instanceof Scan.Number n
          && Set.of("between", "across").contains(c.text())
          && d.at(at + 1) instanceof Mention) {
        d.use(n); // "between our two stores": how many there are, which the split shows anyway
        at++;
      }
      if (c.text().equals("by")
          && d.at(at) instanceof Cue each
          && each.kind() == Kind.GROUP
          && Set.of("each", "every").contains(each.text())) {
        d.use(c); // "by each customer": the grouping word that follows groups
        continue;
      }
      if (!(d.at(at) instanceof Mention m)) {
        continue;
      }
      if (c.text().equals("by") && namesOneRow(d, at)) {
        // "made by account 3356", "rented by customer Mary Smith": who made the rows, one row
        // whose condition other rules read, not a grouping
        d.use(c);
        d.use(m);
        continue;
      }
      if (d.at(at + 1) instanceof Cue r && isRelative(r)) {
        // "loans per account that chose monthly statements": a condition, not a grouping.
        d.use(c);
        d.note(
            "'"
                + c.text()
                + " "
                + m.text()
                + " "
                + r.text()
                + " …' read as a condition on "
                + m.text()
                + ", not a grouping");
        continue;
      }
      if (doneBy(d, c, m)) {
        continue;
      }
      if (!dimensions(d, at - 1, c)) {
        return;
      }
    }
  }

  /**
   * Whether the phrase at {@code at} names rows of a table and one of them by its number ("account
   * 3356") or by stored values of that table right after it ("customer Mary Smith"), which other
   * rules read as conditions.
   */
  static boolean namesOneRow(Draft d, int at) {
    if (!(d.at(at) instanceof Mention rows) || rows.all(Target.Table.class).size() != 1) {
      return false;
    }
    if (HeldRows.namesOneRow(d, rows)) {
      return true;
    }
    String table = rows.one(Target.Table.class).table();
    return d.at(at + 1) instanceof Mention v
        && v.first() == rows.last() + 1
        && d.isUsed(v)
        && v.targets().stream().allMatch(t -> t instanceof Target.Value)
        && v.all(Target.Value.class).stream().anyMatch(t -> t.column().table().equals(table));
  }

  /** Words that tie a place or another value to the rows before them ("customers from Canada"). */
  private static final Set<String> QUALIFYING = Set.of("from", "in", "at", "of", "with");

  /**
   * "total payments by customers from Canada": "by" and rows a stored value qualifies may name who
   * made the rows (one total over those customers) or split the answer per customer. The reader
   * asks, when the rest of the question is understood; answered "total", the words are read as that
   * condition alone.
   */
  private static boolean doneBy(Draft d, Cue c, Mention rows) {
    // "by customers living in Japan": a verb may stand between the rows and the place
    int after = rows.last() + 1;
    if (after + 1 < d.scan.tokens.size()
        && d.aVerbAt(after)
        && QUALIFYING.contains(d.scan.tokens.get(after + 1).norm())) {
      after++;
    }
    if (!c.text().equals("by")
        || d.form == Form.LISTING
        || !rows.has(Target.Table.class)
        || after + 1 >= d.scan.tokens.size()
        || !QUALIFYING.contains(d.scan.tokens.get(after).norm())) {
      return false;
    }
    int next = d.indexOf(rows) + 1;
    if (!(d.at(next) instanceof Mention value)
        || !d.isUsed(value)
        || !value.targets().stream().allMatch(t -> t instanceof Target.Value)) {
      return false;
    }
    String id = "by-rows:" + rows.text().toLowerCase(java.util.Locale.ROOT);
    String answer = d.answers.get(id);
    if ("each".equals(answer)) {
      return false;
    }
    d.use(c);
    d.use(rows);
    d.note("'" + c.text() + " " + rows.text() + "' → the rows they made, in one total");
    if ("total".equals(answer)) {
      return true;
    }
    int end = value.last();
    // "the Benesov district": the noun after the value is part of it
    if (d.at(next + 1) instanceof Mention noun && noun.first() == end + 1) {
      end = noun.last();
    }
    String qualified = d.scan.words(rows.first(), end);
    d.askIfUnderstood =
        new Clarification(
            id,
            "grouping",
            "'" + c.text() + " " + qualified + "': a figure for each, or one total?",
            List.of(
                new Clarification.Option("each", "a figure for each of the " + rows.text()),
                new Clarification.Option("total", "one total over the " + qualified)));
    return true;
  }

  /** Groups by each dimension after the cue at {@code i}; false when a listing was grouped. */
  private static boolean dimensions(Draft d, int i, Cue c) {
    int k = i + 1;
    // a phrase the measure already took ("for each rating, how many films") is no dimension
    while (d.at(k) instanceof Mention dim && !d.isUsed(dim)) {
      if (CompoundDimensions.whose(d, dim, d.item(k + 1))) {
        // "by customer country": the country of each customer, one dimension
        d.use(dim);
        d.note("'" + dim.text() + "' → whose the dimension after it is");
        k++;
        continue;
      }
      ColumnRef col = d.schema.groupColumn(dim);
      if (col == null) {
        break;
      }
      if (d.form == Form.LISTING) {
        d.problem(
            "'"
                + c.text()
                + " "
                + dim.text()
                + "' groups a list; ask for a count or a "
                + "metric per "
                + dim.text());
        return false;
      }
      if (ownRows(d, col, Aggregation.AVG)) {
        // "the average amount per loan": the average over the loans themselves, not a row each
        d.use(c);
        d.use(dim);
        d.note("'" + c.text() + " " + dim.text() + "' → the average over each " + dim.text());
        break;
      }
      if (ownRows(d, col, Aggregation.SUM) || ownRows(d, col, Aggregation.COUNT)) {
        // "the total amount of household payments by standing order": split by the measured
        // rows' own key, every group would be one row — the words meant something else
        d.use(dim);
        d.problem(
            "'"
                + c.text()
                + " "
                + dim.text()
                + "': each "
                + dim.text()
                + " would be its own group");
        return false;
      }
      // "by staff member": the key stands for rows named by several columns (first and last
      // name), which split the answer; the composer keeps the key in the grouping, so two rows
      // of one name stay apart
      List<ColumnRef> cols =
          col.equals(d.schema.primaryKeyOrNull(col.table()))
              ? d.schema.labelColumns(col.table())
              : List.of(col);
      d.groupBy.addAll(cols);
      d.use(c);
      d.use(dim);
      d.note(
          "'" + c.text() + " " + dim.text() + "' → per " + (cols.size() == 1 ? cols.get(0) : cols));
      if (k + 1 < d.items.size() && CompoundDimensions.kindOf(d, dim, col, d.items.get(k + 1))) {
        // "per operation type": the type of operation, one dimension named by two words
        d.use(d.items.get(k + 1).what());
        k++;
      } else if (CompoundDimensions.kindWord(d, dim.last() + 1)) {
        d.explainedWords.add(dim.last() + 1); // "by operation kind"
      }
      if (k + 1 >= d.items.size()
          || !joinedByAnd(d, d.items.get(k), d.items.get(k + 1))
          || CompoundDimensions.linkRightAfter(d, d.items.get(k), d.items.get(k + 1))) {
        break;
      }
      k++;
    }
    return true;
  }

  /** Whether the column is the key of the rows the measure aggregates with {@code of}. */
  private static boolean ownRows(Draft d, ColumnRef col, Aggregation of) {
    if (d.measure == null) {
      return false;
    }
    Aggregation fn =
        d.measure instanceof Measure.Aggregate a
            ? a.fn()
            : d.measure instanceof Measure.Metric m ? d.schema.metricAggregation(m.metric()) : null;
    return fn == of
        && col.table().equals(d.schema.measureTable(d.measure))
        && col.equals(d.schema.primaryKeyOrNull(col.table()));
  }

  /** Whether only "and" or a comma separate two items. */
  private static boolean joinedByAnd(Draft d, Item a, Item b) {
    if (!(b.what() instanceof Mention)) {
      return false;
    }
    String between =
        d.scan.question.substring(
            d.scan.tokens.get(a.last()).end(), d.scan.tokens.get(b.first()).start());
    return between.strip().matches("(?i)(,|and|, and|the|and the|, the)?");
  }

  /** "that", "where", "whose", and "who"/"which" in mid-sentence, start a relative clause. */
  static boolean isRelative(Cue c) {
    return c.kind() == Kind.RELATIVE
        || c.kind() == Kind.LIST && Set.of("which", "who", "who are", "who is").contains(c.text());
  }
}
