package io.assay.understand.rules;

import io.assay.pick.Aggregation;
import io.assay.pick.ColumnRef;
import io.assay.pick.Filter;
import io.assay.pick.Measure;
import io.assay.pick.Order;
import io.assay.recon.Relationship;
import io.assay.recon.joins.JoinPath;
import io.assay.understand.CompoundNouns;
import io.assay.understand.Cue;
import io.assay.understand.Cue.Kind;
import io.assay.understand.Mention;
import io.assay.understand.Scan;
import io.assay.understand.Target;
import io.assay.understand.Token;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

/**
 * Whatever no rule explained: unknown words, phrases, numbers, dates and operator words left over
 * make the reader abstain, because a wrong answer is worse than none. Phrases that only set the
 * context (a table, a date column, a relation) may stay unused.
 */
final class Leftovers implements Rule {

  /** Operator words whose meaning the answer must carry if they are in the question. */
  private static final Set<Kind> MUST_USE =
      EnumSet.of(
          Kind.MULTIPLE,
          Kind.RATIO,
          Kind.DISTINCT,
          Kind.COUNT,
          Kind.AVG,
          Kind.SUM,
          Kind.MAX,
          Kind.MIN,
          Kind.ORDINAL,
          Kind.PERCENT,
          Kind.GROWTH,
          Kind.COMPARE,
          Kind.NEGATE,
          Kind.GROUP,
          Kind.GRAIN,
          Kind.RECENT,
          Kind.SORT_DESC,
          Kind.SORT_ASC);

  /**
   * "list the categories with their number of films": a phrase that says it measures (a counting or
   * aggregating word inside it) is no mere context; left unread, the answer would lack it.
   */
  private static boolean measureWords(Draft d, Mention m) {
    if (m.all(Target.Metric.class).isEmpty()) {
      return false;
    }
    for (int t = m.first(); t <= m.last(); t++) {
      if (MEASURING.contains(d.scan.tokens.get(t).norm())) {
        return true;
      }
    }
    return false;
  }

  private static final Set<String> MEASURING =
      Set.of("number", "count", "many", "total", "average", "sum", "much");

  /** Words that contrast rows with others; no rule reads them yet. */
  private static final Set<String> CONTRAST = Set.of("same", "other", "another", "else");

  /**
   * "remittances to another bank": a phrase of the dataset never skips a contrast word, so one
   * inside a mention is written in the phrase itself and contrasts nothing.
   */
  private static boolean insideDatasetPhrase(Draft d, Token t) {
    return d.scan.mentions.stream().anyMatch(m -> m.first() <= t.index() && t.index() <= m.last());
  }

  /** Words that say an extreme is one row's value, not a total ("the largest single loan"). */
  private static final Set<String> ONE_ROW = Set.of("single", "individual");

  /**
   * Whether the answer is the extreme of one row's value: the largest or smallest of a column, or
   * rows ordered by a column of theirs. A total per group would not be.
   */
  private static boolean oneRowsExtreme(Draft d) {
    boolean ofAColumn =
        d.measure instanceof Measure.Aggregate a
            && (a.fn() == Aggregation.MAX || a.fn() == Aggregation.MIN);
    boolean byAColumn =
        d.measure == null
            && d.rankedListOrder == null
            && !d.listingOrder.isEmpty()
            && d.listingOrder.stream().allMatch(o -> o instanceof Order.ByColumn);
    return ofAColumn || byAColumn;
  }

  /** Words that may stand between a verb and its object ("ordered the loans"). */
  private static final Set<String> DETERMINERS =
      Set.of("the", "a", "an", "any", "some", "their", "his", "her", "its", "his/her");

  @Override
  public void apply(Draft d) {
    for (Token t : d.scan.tokens) {
      if (CONTRAST.contains(t.norm())
          && !d.explainedWords.contains(t.index())
          && !insideDatasetPhrase(d, t)) {
        // "in the same district where they live": rows compared with other rows, which no
        // condition here expresses; answering without it answers another question
        d.problem("'" + t.norm() + "' compares rows with other rows, which cannot be asked yet");
      }
    }
    for (Token t : d.scan.unknown) {
      if (t.index() == d.occasionWord && (d.measure != null || d.countHaving != null)) {
        continue; // "how many times": the count of the events explains it
      }
      if (d.explainedWords.contains(t.index())) {
        continue;
      }
      if (ONE_ROW.contains(t.norm()) && oneRowsExtreme(d)) {
        // "the largest single loan": the extreme read is already one row's value
        d.note("'" + t.norm() + "' → one row's value, as read");
        continue;
      }
      if (NewRows.explains(d, t)) {
        d.note(
            "'"
                + t.norm()
                + "' → rows counted at the date they are kept by ("
                + d.timeColumn
                + ")");
        continue;
      }
      d.problem("unknown word '" + t.norm() + "'");
    }
    if (!d.moreMeasures.isEmpty()
        && d.difference == null
        && !(d.measure instanceof Measure.Metric || d.measure instanceof Measure.Aggregate)) {
      // a later rule made the first figure a derived one; the second would not share its shape
      d.problem("a second figure beside " + Describe.measure(d.measure) + " is not supported");
    }
    for (Item it : d.items) {
      Object w = it.what();
      if (d.isUsed(w)) {
        continue;
      }
      if (w instanceof Mention m) {
        boolean context =
            m.has(Target.Table.class)
                || d.schema.temporalColumn(m) != null
                || m.all(Target.Column.class).stream()
                    .anyMatch(c -> d.schema.isReference(c.column()));
        if (!context || measureWords(d, m)) {
          d.problem("could not place '" + m.text() + "' (" + Describe.targets(m) + ")");
        } else if (m.has(Target.Table.class) && actedOn(d, it) != null) {
          // "clients who ordered loans", "actors starred in films": a phrase read as a table
          // stands as the verb of a relation to the next table, which the answer would leave out
          d.problem(
              "'"
                  + d.scan.words(actedOn(d, it).first(), m.last())
                  + "' reads as a condition on "
                  + m.one(Target.Table.class).table()
                  + " that is not understood");
        } else if (m.has(Target.Table.class) && droppedAfter(d, m) != null) {
          // "clients who ordered loans": the verb set aside links the table as a condition, so
          // answering without it would answer another question
          d.problem(
              "'"
                  + droppedAfter(d, m).norm()
                  + " "
                  + m.text()
                  + "' reads as a condition on "
                  + m.one(Target.Table.class).table()
                  + " that is not understood");
        } else if (m.has(Target.Table.class) && qualifierBefore(d, m) != null) {
          // "how many loan accounts", "client accounts": the last of two nouns side by side names
          // the rows meant and the first qualifies them; an answer about the first answers
          // another question
          String qualifier = d.scan.tokens.get(qualifierBefore(d, m).last()).norm();
          d.problem(
              "'"
                  + qualifier
                  + " "
                  + m.text()
                  + "': two kinds of rows side by side; say how they relate (for example '"
                  + m.text()
                  + " with a "
                  + qualifier
                  + "')");
        } else if (linksTheMeasuredToRowsRead(d, m)) {
          // "how many books did author Jane Austen write": the link between the rows
          // measured and the rows the question restricts, which the answer's joins take
          d.note("'" + m.text() + "' → how " + m.one(Target.Table.class).table() + " links them");
        } else if (rowsOfTheMeasured(d, m) != null) {
          // "accounts in Prague that are eligible for loans": rows belonging to the rows counted
          // restrict them, unless a rule read how; answering without them answers another question
          d.problem(
              "'"
                  + m.text()
                  + "' reads as a condition on the "
                  + rowsOfTheMeasured(d, m)
                  + " rows measured that is not understood");
        }
      } else if (w instanceof Scan.Number n) {
        d.problem("the number " + n.text() + " is not tied to any column");
      } else if (w instanceof Scan.Time t) {
        d.problem("could not place '" + t.expression().text() + "'");
      } else if (w instanceof Cue c
          && c.kind() == Kind.GROWTH
          && !d.analyses.isEmpty()
          && d.measure != null) {
        // "why did X change", "drill down into what changed": the analysis explains the change
        d.note("'" + c.text() + "' → what the analysis explains");
      } else if (w instanceof Cue c && MUST_USE.contains(c.kind())) {
        d.problem("could not apply '" + c.text() + "'");
      }
    }
  }

  /**
   * The used phrase right before an unused one naming rows, when it names other rows itself (its
   * table, or a count of its rows): the two make a compound noun; null otherwise.
   */
  private static Mention qualifierBefore(Draft d, Mention m) {
    String table = m.all(Target.Table.class).get(0).table();
    for (Mention before : d.scan.mentions) {
      if (before.last() == m.first() - 1
          && d.isUsed(before)
          && CompoundNouns.sideBySide(
              d.scan.tokens.get(before.last()), d.scan.tokens.get(m.first()))
          && !before.has(Target.Value.class)
          && before.targets().stream()
              .anyMatch(
                  t ->
                      !table.equals(t.table())
                          && (t instanceof Target.Table
                              || t instanceof Target.Metric x && d.schema.isCount(x.name())))) {
        return before;
      }
    }
    return null;
  }

  /**
   * The table the answer measures, when an unused phrase names only rows that belong to its rows
   * (through foreign keys, at most {@link #BELONGS_HOPS} steps up) and that do not link it to the
   * rows the answer is grouped by (a linking table is the join, not a condition); null otherwise.
   */
  private static String rowsOfTheMeasured(Draft d, Mention m) {
    List<Target.Table> tables = m.all(Target.Table.class);
    String measured = d.measure == null ? null : d.schema.measureTable(d.measure);
    if (tables.size() != 1 || measured == null || m.has(Target.Value.class)) {
      return null;
    }
    String table = tables.get(0).table();
    if (table.equals(measured)
        || !belongsTo(d, table, measured, BELONGS_HOPS)
        || conditioned(d, table)) {
      return null;
    }
    for (ColumnRef g : d.groupBy) {
      if (!g.table().equals(measured) && d.schema.foreignKey(table, g.table()) != null) {
        return null;
      }
    }
    return measured;
  }

  /**
   * Whether a phrase names only a table that links the rows measured to rows the question has a
   * condition on, and nothing else.
   */
  private static boolean linksTheMeasuredToRowsRead(Draft d, Mention m) {
    if (!d.schema.namesOnlyATable(m) || d.measure == null) {
      return false;
    }
    Set<String> linked = d.schema.linkedBy(m.one(Target.Table.class).table());
    String measured = d.schema.measureTable(d.measure);
    return linked.size() == 2
        && linked.contains(measured)
        && linked.stream().filter(t -> !t.equals(measured)).allMatch(t -> conditioned(d, t));
  }

  /** How many foreign keys up a phrase's rows may be from the rows measured. */
  private static final int BELONGS_HOPS = 2;

  /** Whether rows of {@code table} belong to rows of {@code owner} through foreign keys. */
  private static boolean belongsTo(Draft d, String table, String owner, int hops) {
    if (hops == 0) {
      return false;
    }
    if (d.schema.foreignKey(table, owner) != null) {
      return true;
    }
    for (Relationship r : d.recon.relationships()) {
      if (r.from().table().equals(table)
          && !r.to().table().equals(table)
          && belongsTo(d, r.to().table(), owner, hops - 1)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Whether a condition read already names the table ("products stocked in a warehouse" as a
   * percentage's existence test): the phrase was read through it. The typed conditions print their
   * tables and columns, so their text is searched rather than walking each kind of measure.
   */
  private static boolean conditioned(Draft d, String table) {
    String read = String.valueOf(d.measure) + d.filters + d.related + d.moreMeasures;
    return read.contains("table=" + table + ",") || read.contains("column=" + table + ".");
  }

  /** Words that may join a verb to the table it acts on ("starred in films"). */
  private static final Set<String> VERB_LINKS = Set.of("in", "on", "with", "to", "for", "from");

  /**
   * The unused phrase of another table right before an unused table's phrase, with only articles
   * and a preposition between ("ordered loans", "hold cards"), when that table is not the one the
   * answer reads; null otherwise.
   */
  static Mention actedOn(Draft d, Item it) {
    Mention m = (Mention) it.what();
    int i = d.items.indexOf(it);
    if (!(d.at(i - 1) instanceof Mention verb) || d.isUsed(verb) || !verb.has(Target.Table.class)) {
      return null;
    }
    String table = m.one(Target.Table.class).table();
    String measured = d.measure == null ? null : d.schema.measureTable(d.measure);
    if (verb.all(Target.Table.class).stream().anyMatch(t -> t.table().equals(table))
        || table.equals(measured)
        || measured != null && d.schema.foreignKey(measured, table) != null) {
      // "interest paid to accounts": every row measured belongs to one of them; nothing is dropped
      return null;
    }
    for (int t = verb.last() + 1; t < m.first(); t++) {
      String w = d.scan.tokens.get(t).norm();
      if (!DETERMINERS.contains(w) && !VERB_LINKS.contains(w)) {
        return null;
      }
    }
    return onTheWayToAFilter(d, verb, table) ? null : verb;
  }

  /**
   * "customers who rented films in the Horror category": the rows of the verb and then its object
   * lie, in that order, on the way from the rows answered to a filter's column, so the filter's
   * related-rows condition already goes through both; nothing is dropped.
   */
  private static boolean onTheWayToAFilter(Draft d, Mention verb, String object) {
    String root = d.schema.answeredTable();
    if (root == null) {
      return false;
    }
    for (Filter f : d.filters) {
      if (f.column() == null || f.column().table().equals(root)) {
        continue;
      }
      List<String> visited =
          d.recon.joins().path(root, f.column().table()).map(JoinPath::tables).orElse(List.of());
      int at = visited.indexOf(object);
      boolean verbBefore =
          verb.all(Target.Table.class).stream()
              .map(t -> visited.indexOf(t.table()))
              .anyMatch(v -> v > 0 && v < at);
      if (verbBefore) {
        return true;
      }
    }
    return false;
  }

  /**
   * The word set aside as not used right before a table's phrase (articles skipped), or null: a
   * table named after an unread verb is what the verb acts on, not the question's context.
   */
  static Token droppedAfter(Draft d, Mention m) {
    int t = m.first() - 1;
    while (t >= 0 && DETERMINERS.contains(d.scan.tokens.get(t).norm())) {
      t--;
    }
    if (t < 0) {
      return null;
    }
    for (Token u : d.scan.notUsed) {
      if (u.index() == t && !d.explainedWords.contains(t)) {
        return u;
      }
    }
    return null;
  }
}
