package io.assay.understand.rules;

import io.assay.pick.Filter;
import io.assay.understand.Cue.Kind;
import io.assay.understand.Mention;
import io.assay.understand.Target;
import io.assay.understand.Token;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * "clients who have a card", "accounts that hold a loan", "customers having both a card and a
 * loan": a verb of having between the rows the question is about and a phrase naming rows of
 * another table keeps the rows that have at least one such related row (an EXISTS). Without this
 * rule the phrase stands unexplained and the reader abstains, or, worse, a phrase that may also
 * name a stored value ("credit card") is read as that value on unrelated rows.
 *
 * <p>The positive sibling of {@link NegatedRows}. The subject is the nearest phrase naming a table
 * before the verb; when that is not the table the question is about, the condition still holds for
 * the question's rows if the way from them to the held rows passes through the subject ("clients of
 * accounts that have a loan"), and otherwise the reader says it cannot place it.
 */
final class HeldRows implements Rule {

  private static final Set<String> HAVE =
      Set.of(
          "have",
          "has",
          "had",
          "having",
          "own",
          "owns",
          "owned",
          "owning",
          "hold",
          "holds",
          "held",
          "holding",
          "possess",
          "possesses",
          "possessed");

  /** Whether the word at token {@code t} is a verb of having ("have", "own", "hold" …). */
  static boolean aHaveVerbAt(Draft d, int t) {
    return t >= 0 && t < d.scan.tokens.size() && HAVE.contains(d.scan.tokens.get(t).norm());
  }

  /** Words that may stand between the verb and its object ("have a loan", "own any cards"). */
  private static final Set<String> DETERMINERS = Set.of("a", "an", "any", "some", "one", "both");

  @Override
  public void apply(Draft d) {
    if (!d.analyses.isEmpty() || d.scan.cues.stream().anyMatch(c -> c.kind() == Kind.PERCENT)) {
      // an analysis reads only plain filters; a share reads "accounts that hold a loan" itself
      return;
    }
    List<Token> tokens = d.scan.tokens;
    String lastSubject = null;
    int lastHeldEnd = -2;
    int lastVerb = -1;
    for (int i = 0; i < d.items.size(); i++) {
      if (!(d.at(i) instanceof Mention m) || d.isUsed(m)) {
        continue;
      }
      Target.Table object = m.one(Target.Table.class);
      if (object == null || m.all(Target.Table.class).size() != 1) {
        continue;
      }
      int before = skipDeterminers(tokens, m.first() - 1);
      int verb;
      String subject;
      if (before >= 0 && tokens.get(before).norm().equals("and") && before - 1 == lastHeldEnd) {
        verb = lastVerb; // "have both a card and a loan": the second object of the same verb
        subject = lastSubject;
      } else if (before >= 0 && HAVE.contains(tokens.get(before).norm())) {
        verb = before;
        subject = subject(d, verb);
      } else {
        continue;
      }
      if (negated(d, verb, m.first())) {
        continue; // "clients who never had a loan": NegatedRows reads it
      }
      if (d.at(i + 1) instanceof Mention next
          && next.first() == m.last() + 1
          && next.all(Target.Column.class).stream()
              .anyMatch(c -> c.column().table().equals(object.table()))) {
        continue; // "have a loan amount over …": the column is compared, not the rows held
      }
      if (m.has(Target.Value.class)
          && d.at(i + 1) instanceof Mention next
          && next.first() == m.last() + 1
          && next.targets().stream()
              .anyMatch(
                  t ->
                      (t instanceof Target.Table || t instanceof Target.Column)
                          && !object.table().equals(t.table()))) {
        // "have a credit card of type …": a word that may also be a stored value ("credit")
        // stands in another noun's name, so it is neither the rows held nor a value
        d.use(m);
        d.note(
            "'"
                + m.text()
                + "' → part of the name '"
                + d.scan.words(m.first(), next.first())
                + "'");
        continue;
      }
      if (measuredLater(d, m, object.table())) {
        continue; // "among accounts that have orders, how many orders …": the rows measured
      }
      String rows = firstTable(d, verb);
      if (subject == null || rows == null || subject.equals(object.table())) {
        continue;
      }
      if (!subject.equals(rows) && !through(d, rows, subject, object.table())) {
        // "accounts of clients who have a card": the condition is on other rows than those the
        // question is about, which no single related-rows condition says
        d.problem(
            "'"
                + d.scan.words(verb, m.last())
                + "' is said of "
                + subject
                + " rows, not of the "
                + rows
                + " rows the question is about");
        d.use(m);
        continue;
      }
      List<Filter> inside = new ArrayList<>();
      valueInside(d, m, object.table(), inside);
      NegatedRows.timesInside(d, m.last(), object.table(), inside);
      d.related.add(new Filter.Exists(object.table(), inside, false));
      d.use(m);
      d.explainedWords.add(verb);
      for (Item it : d.items) {
        if (it.first() > before && it.last() < m.first()) {
          d.use(it.what()); // "at least one", "one or more": what "a" says
        }
      }
      d.note(
          "'"
              + d.scan.words(verb, m.last())
              + "' → "
              + subject
              + " rows with related "
              + object.table()
              + " rows"
              + (inside.isEmpty() ? "" : " (" + Describe.filter(inside.get(0)) + ")"));
      lastSubject = subject;
      lastHeldEnd = m.last();
      lastVerb = verb;
    }
  }

  /**
   * "clients who own an account in the Jesenik district": a stored value right after the rows held,
   * joined to them by "in", "from" or "at", is said of those rows (the account's district), not of
   * the rows the question is about. A phrase after the value naming only its table or column ("the
   * … district") belongs to it.
   */
  private static void valueInside(Draft d, Mention held, String table, List<Filter> inside) {
    List<Token> tokens = d.scan.tokens;
    int k = held.last() + 1;
    if (k >= tokens.size() || !PLACE_LINKS.contains(tokens.get(k).norm())) {
      return;
    }
    k += k + 1 < tokens.size() && tokens.get(k + 1).norm().equals("the") ? 2 : 1;
    Mention value = null;
    for (Mention v : d.scan.mentions) {
      if (v.first() == k && !d.isUsed(v)) {
        value = v;
      }
    }
    if (value == null
        || value.targets().size() != 1
        || !(value.targets().get(0) instanceof Target.Value v)
        || d.recon.joins().path(table, v.column().table()).isEmpty()) {
      return;
    }
    inside.add(Values.holds(d, v.column(), d.schema.stored(v.column(), v.value()), false));
    d.use(value);
    int after = value.last() + 1;
    for (Mention n : d.scan.mentions) {
      if (n.first() == after
          && !d.isUsed(n)
          && n.targets().stream().allMatch(t -> v.column().table().equals(t.table()))) {
        d.use(n);
      }
    }
  }

  private static final Set<String> PLACE_LINKS = Set.of("in", "from", "at");

  /** Whether a negation stands just before the verb or between it and its object. */
  private static boolean negated(Draft d, int verb, int object) {
    return d.scan.cues.stream()
        .anyMatch(c -> c.kind() == Kind.NEGATE && c.last() >= verb - 3 && c.first() < object);
  }

  /**
   * The token before the words that say "at least one" of the object: "a", "any", "both", "at least
   * one", "one or more".
   */
  private static int skipDeterminers(List<Token> tokens, int j) {
    while (j >= 0) {
      String w = tokens.get(j).norm();
      if (DETERMINERS.contains(w)) {
        j--;
      } else if (w.equals("least") && j >= 1 && tokens.get(j - 1).norm().equals("at")) {
        j -= 2;
      } else if (w.equals("more")
          && j >= 2
          && tokens.get(j - 1).norm().equals("or")
          && tokens.get(j - 2).norm().equals("one")) {
        j -= 3;
      } else {
        return j;
      }
    }
    return j;
  }

  /**
   * The table whose rows hold the object: the nearest phrase naming one table before the verb
   * ("clients who have", "accounts opened in 1995 that hold"), passing over rows this rule has
   * already read as held ("clients who own a card and also have a loan": the clients) and rows
   * named by their number.
   */
  private static String subject(Draft d, int verb) {
    Mention nearest = null;
    for (Mention m : d.scan.mentions) {
      if (m.last() < verb && rowsNamed(d, m) != null && !heldBefore(d, m) && !namesOneRow(d, m)) {
        nearest = m;
      }
    }
    return nearest == null ? null : rowsNamed(d, nearest);
  }

  /**
   * "customers in store 1 have …": a table's noun with a number after it names one row, a condition
   * on the subject, not the subject.
   */
  static boolean namesOneRow(Draft d, Mention m) {
    return m.last() + 1 < d.scan.tokens.size() && d.scan.tokens.get(m.last() + 1).isNumber();
  }

  /** Whether this rule already read the phrase as rows held by another. */
  private static boolean heldBefore(Draft d, Mention m) {
    return d.isUsed(m)
        && d.related.stream().anyMatch(e -> !e.negated() && e.table().equals(rowsNamed(d, m)));
  }

  /**
   * Whether a later phrase names the held rows again as what is counted or summed: those rows are
   * the ones measured, so they are held by their subject without any condition.
   */
  private static boolean measuredLater(Draft d, Mention held, String table) {
    return d.scan.mentions.stream()
        .filter(o -> o.first() > held.last())
        .flatMap(o -> o.targets().stream())
        .anyMatch(
            t ->
                table.equals(t.table())
                    && (t instanceof Target.Table || t instanceof Target.Metric));
  }

  /**
   * Whether the way from the question's rows to the held rows passes through the subject: "clients
   * of accounts that have a loan" are the clients with a loan on their accounts.
   */
  private static boolean through(Draft d, String rows, String subject, String held) {
    return d.recon.joins().path(rows, held).map(p -> p.tables().contains(subject)).orElse(false);
  }

  /** The table of the question's first phrase naming one table: the rows it is about. */
  private static String firstTable(Draft d, int before) {
    for (Mention m : d.scan.mentions) {
      if (m.first() >= before) {
        return null;
      }
      if (rowsNamed(d, m) != null) {
        return rowsNamed(d, m);
      }
    }
    return null;
  }

  /**
   * The one table a phrase names rows of: its table, or the table its plain counts count ("count
   * the accounts" names the count of accounts only); null for anything else.
   */
  private static String rowsNamed(Draft d, Mention m) {
    List<Target.Table> tables = m.all(Target.Table.class);
    if (tables.size() == 1) {
      return tables.get(0).table();
    }
    List<Target.Value> values = m.all(Target.Value.class);
    if (!values.isEmpty()
        && values.size() == m.targets().size()
        && values.stream().anyMatch(Target.Value::byWord)
        && values.stream().map(Target.Value::table).distinct().count() == 1) {
      // "women have a loan", "disponents have a card": a word the dataset gives rows of one kind
      return values.get(0).table();
    }
    if (!tables.isEmpty() || !m.targets().stream().allMatch(t -> t instanceof Target.Metric)) {
      return null;
    }
    List<Target.Metric> metrics = m.all(Target.Metric.class);
    List<String> counted = metrics.stream().map(Target.Metric::table).distinct().toList();
    boolean counts = metrics.stream().allMatch(t -> d.schema.isCount(t.name()));
    return counts && counted.size() == 1 ? counted.get(0) : null;
  }
}
