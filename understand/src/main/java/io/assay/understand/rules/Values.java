package io.assay.understand.rules;

import io.assay.contract.plan.Clarification;
import io.assay.pick.ColumnRef;
import io.assay.pick.Comparison;
import io.assay.pick.Filter;
import io.assay.pick.Value;
import io.assay.recon.ColumnInfo;
import io.assay.understand.AnalysisCue;
import io.assay.understand.Cue;
import io.assay.understand.Cue.Kind;
import io.assay.understand.Mention;
import io.assay.understand.Target;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * "north Bohemia", "not in Prague", "owners or disponents": stored values become filters on their
 * column, several values of one column an IN, a negation before a value a NOT. A phrase that may
 * name several values is settled by the question's other words, or asked about.
 */
final class Values implements Rule {

  @Override
  public void apply(Draft d) {
    Map<ColumnRef, List<Value>> inByColumn = new LinkedHashMap<>();
    Map<ColumnRef, Integer> firstPosition = new LinkedHashMap<>();
    Map<ColumnRef, Boolean> negated = new LinkedHashMap<>();
    Map<ColumnRef, Mention> lastOf = new LinkedHashMap<>();
    // per column, the value sets of its words; words joined by "or"/"and" share one set
    Map<ColumnRef, List<Set<Value>>> narrowing = new LinkedHashMap<>();
    List<Read> read = new ArrayList<>();
    for (int i = 0; i < d.items.size(); i++) {
      if (!(d.at(i) instanceof Mention m) || d.isUsed(m)) {
        continue;
      }
      List<Target.Value> values = m.all(Target.Value.class);
      if (values.isEmpty()) {
        continue;
      }
      if (d.analyses.contains(AnalysisCue.CORRELATE) && m.has(Target.Metric.class)) {
        continue; // "correlation between card withdrawals and credits": measures, not filters
      }
      if (saidOfRowsWithTheirOwn(d, i, m)) {
        continue;
      }
      List<Target.Value> chosen = sharedWord(d, m, values);
      if (chosen == null) {
        Target.Value one = choose(d, m, values, i);
        if (one == null) {
          continue;
        }
        chosen = List.of(one);
      }
      Target.Value v = chosen.get(0);
      if (chosen.size() == 1 && absentRows(d, i, m, v)) {
        continue;
      }
      d.use(m);
      // "region north Bohemia", "weekly issuance statement": the column named next to its value.
      // A name several tables' columns share ("first name Mary") before the value is left to
      // ColumnBeforeItsValue, which checks the value belongs to the rows the question is about.
      for (int k : new int[] {i - 1, i + 1}) {
        if (d.at(k) instanceof Mention n
            && !n.has(Target.Value.class)
            && n.all(Target.Column.class).stream().anyMatch(c -> c.column().equals(v.column()))
            && (k > i
                || n.all(Target.Column.class).stream()
                    .allMatch(c -> c.column().equals(v.column())))) {
          d.use(n);
        }
      }
      boolean neg = d.at(i - 1) instanceof Cue c && c.kind() == Kind.NEGATE;
      if (neg) {
        d.use(d.at(i - 1));
      }
      if (inByColumn.containsKey(v.column()) && joinedByAnd(d, lastOf.get(v.column()), m)) {
        d.andJoined.add(v.column());
      }
      Set<Value> these = new LinkedHashSet<>();
      chosen.forEach(each -> these.add(d.schema.stored(each.column(), each.value())));
      List<Set<Value>> groups = narrowing.computeIfAbsent(v.column(), k -> new ArrayList<>());
      if (groups.isEmpty() || joined(d, lastOf.get(v.column()), m)) {
        if (groups.isEmpty()) {
          groups.add(new LinkedHashSet<>());
        }
        groups.get(groups.size() - 1).addAll(these);
      } else {
        groups.add(these);
      }
      lastOf.put(v.column(), m);
      read.add(new Read(m, v.column()));
      for (Target.Value each : chosen) {
        inByColumn
            .computeIfAbsent(v.column(), k -> new ArrayList<>())
            .add(d.schema.stored(each.column(), each.value()));
      }
      firstPosition.putIfAbsent(v.column(), m.first());
      negated.merge(v.column(), neg, Boolean::logicalOr);
      d.note(
          "'"
              + m.text()
              + "' → "
              + v.column()
              + (chosen.size() == 1
                  ? (isArray(d, v.column())
                          ? (neg ? " does not hold '" : " holds '")
                          : (neg ? " ≠ '" : " = '"))
                      + v.value()
                      + "'"
                  : (neg ? " not in " : " in ")
                      + chosen.stream()
                          .map(c -> "'" + c.value() + "'")
                          .collect(Collectors.joining(", ", "(", ")"))
                      + " (a word the dataset gives each of them)"));
    }
    eitherAcrossColumns(d, read);
    for (Map.Entry<ColumnRef, List<Value>> e : inByColumn.entrySet()) {
      List<Value> vs = e.getValue().stream().distinct().toList();
      boolean neg = negated.get(e.getKey());
      List<Set<Value>> groups = narrowing.get(e.getKey());
      if (!neg && groups.size() > 1 && groups.stream().anyMatch(g -> g.size() > 1)) {
        // "loans running in debt": a word naming several values of a column ("running": C, D),
        // and another word for the same column not joined to it by "or" or "and", name the values
        // both words name. Single values set side by side ("owners to disponents") are two sides.
        Set<Value> common = new LinkedHashSet<>(groups.get(0));
        groups.forEach(common::retainAll);
        if (common.isEmpty()) {
          d.problem(
              "the words for "
                  + e.getKey()
                  + " name no value in common "
                  + groups.stream().map(Values::valueList).collect(Collectors.joining(" and ")));
          continue;
        }
        vs = List.copyOf(common);
        d.note("values of " + e.getKey() + " named by each of its words: " + valueList(common));
      }
      if (vs.size() > 1 && isArray(d, e.getKey())) {
        // "films with trailers or commentaries": several elements of one list, not supported yet
        d.problem("several values of the list column " + e.getKey() + " at once");
        continue;
      }
      if (!neg && vs.size() > 1 && bothOf(d, e.getKey(), firstPosition.get(e.getKey()), vs)) {
        continue;
      }
      Filter f =
          vs.size() == 1
              ? holds(d, e.getKey(), vs.get(0), neg)
              : new Filter.In(e.getKey(), vs, neg);
      d.addFilter(f, firstPosition.get(e.getKey()), null);
    }
  }

  /**
   * "active staff": a word that is a value of other rows ("active" customers) and names a column of
   * the rows it is said of is about that column, not the other rows' value.
   */
  private static boolean saidOfRowsWithTheirOwn(Draft d, int i, Mention m) {
    if (!(d.at(i + 1) instanceof Mention noun) || noun.first() != m.last() + 1) {
      return false;
    }
    return noun.all(Target.Table.class).stream()
        .map(Target.Table::table)
        .anyMatch(
            t ->
                m.all(Target.Value.class).stream().noneMatch(v -> v.table().equals(t))
                    && m.all(Target.Column.class).stream().anyMatch(c -> c.table().equals(t)));
  }

  /**
   * "films in both the Comedy and Family categories": each value must be held by some related row,
   * one condition per value, never either of them. Rows of the subject's own table hold one value
   * each, so there the words cannot be met and the reader says so. True when read.
   */
  private static boolean bothOf(Draft d, ColumnRef column, int first, List<Value> values) {
    int both = -1;
    for (int k = first - 1; k >= Math.max(0, first - 2); k--) {
      if (d.scan.tokens.get(k).norm().equals("both")) {
        both = k;
      }
    }
    if (both < 0 || !d.andJoined.contains(column)) {
      return false;
    }
    d.andJoined.remove(column);
    d.explainedWords.add(both);
    String subject = d.schema.subjectTable(first);
    if (subject == null || subject.equals(column.table())) {
      d.problem(
          "'both "
              + valueList(new LinkedHashSet<>(values))
              + "': one row holds one "
              + column
              + " value");
      return true;
    }
    for (Value v : values) {
      d.related.add(new Filter.Exists(column.table(), List.of(holds(d, column, v, false)), false));
    }
    d.note(
        "'both " + valueList(new LinkedHashSet<>(values)) + "' → related rows with each of them");
    return true;
  }

  /**
   * The rows whose column holds the value: equal to it, or for a column of lists ("films with
   * deleted scenes"), having it among their elements.
   */
  static Filter holds(Draft d, ColumnRef column, Value value, boolean negated) {
    return isArray(d, column)
        ? new Filter.Contains(column, value, negated)
        : new Filter.Compare(column, negated ? Comparison.NE : Comparison.EQ, value);
  }

  private static boolean isArray(Draft d, ColumnRef column) {
    return d.recon.column(column).map(ColumnInfo::array).orElse(false);
  }

  /** "owners and disponents": only "and" (with articles or "both") between two values. */
  private static boolean joinedByAnd(Draft d, Mention a, Mention b) {
    boolean and = false;
    for (int t = a.last() + 1; t < b.first(); t++) {
      String w = d.scan.tokens.get(t).norm();
      if (w.equals("and")) {
        and = true;
      } else if (!w.equals("the") && !w.equals("a") && !w.equals("an") && !w.equals("both")) {
        return false;
      }
    }
    return and;
  }

  /**
   * Whether a conjunction or a list comma stands between two value phrases ("C or D", "Prague,
   * Brno"): each names rows of its own, rather than one narrowing the other.
   */
  private static boolean joined(Draft d, Mention a, Mention b) {
    String between =
        d.scan.question.substring(
            d.scan.tokens.get(a.last()).end(), d.scan.tokens.get(b.first()).start());
    if (between.contains(",")) {
      return true;
    }
    for (int t = a.last() + 1; t < b.first(); t++) {
      String w = d.scan.tokens.get(t).norm();
      if (w.equals("and") || w.equals("or") || w.equals("nor")) {
        return true;
      }
    }
    return false;
  }

  /** A value phrase and the column it was read on. */
  private record Read(Mention mention, ColumnRef column) {}

  /**
   * "accounts in Prague, Brno or Olomouc" where one name is a region and the others districts: a
   * list joined by "or" asks for rows with any of them, which filters on two columns (each kept
   * with AND) would not say; the reader says so rather than answer another question.
   */
  private static void eitherAcrossColumns(Draft d, List<Read> read) {
    for (int k = 0; k + 1 < read.size(); k++) {
      Read a = read.get(k);
      Read b = read.get(k + 1);
      if (a.column().equals(b.column())) {
        continue;
      }
      String between = between(d, a.mention(), b.mention());
      boolean or = OR.matcher(between).find();
      boolean listEndingInOr =
          between.strip().equals(",")
              && k + 2 < read.size()
              && OR.matcher(between(d, b.mention(), read.get(k + 2).mention())).find();
      if (or || listEndingInOr) {
        d.problem(
            "'"
                + a.mention().text()
                + "' or '"
                + b.mention().text()
                + "' are values of different columns ("
                + a.column()
                + ", "
                + b.column()
                + "): rows with either one cannot be asked yet");
        return;
      }
    }
  }

  private static final java.util.regex.Pattern OR = java.util.regex.Pattern.compile("(?i)\\bor\\b");

  /** The question's text between two phrases. */
  private static String between(Draft d, Mention a, Mention b) {
    int from = d.scan.tokens.get(a.last()).end();
    int to = d.scan.tokens.get(b.first()).start();
    return from < to ? d.scan.question.substring(from, to) : "";
  }

  private static String valueList(Set<Value> values) {
    return values.stream().map(Describe::value).collect(Collectors.joining(", ", "(", ")"));
  }

  /** Whether the items at {@code a} and {@code b} are joined by "and" or "or" (nothing else). */
  private static boolean joinedTo(Draft d, int a, int b) {
    Item x = d.item(Math.min(a, b));
    Item y = d.item(Math.max(a, b));
    if (x == null || y == null) {
      return false;
    }
    boolean joined = false;
    for (int t = x.last() + 1; t < y.first(); t++) {
      String w = d.scan.tokens.get(t).norm();
      if (w.equals("and") || w.equals("or")) {
        joined = true;
      } else if (!w.equals("the")) {
        return false;
      }
    }
    return joined;
  }

  /** Negations that deny the existence of related rows rather than exclude a value. */
  private static final Set<String> NEVER =
      Set.of(
          "never", "without", "dont", "doesnt", "didnt", "havent", "hasnt", "have no", "has no",
          "had no", "with no");

  /** Verbs of having: "not" next to one ("do not have", "have not") denies having. */
  private static final Set<String> HAVING = Set.of("have", "has", "had", "own", "owns", "hold");

  /**
   * "clients who never had a gold card", "accounts without a weekly statement card": a negation of
   * having, before a value of another table than the one the question is about, keeps the rows with
   * no related row holding the value, not the related rows holding another value.
   */
  private static boolean absentRows(Draft d, int i, Mention m, Target.Value v) {
    if (!(d.at(i - 1) instanceof Cue c)
        || c.kind() != Kind.NEGATE
        || !NEVER.contains(c.text()) && !notHaving(d, c)
        || d.isUsed(c)) {
      return false;
    }
    String subject = d.schema.subjectTable(c.first());
    String table = v.column().table();
    if (subject == null
        || subject.equals(table)
        || d.recon.joins().path(subject, table).isEmpty()) {
      return false;
    }
    Filter holding = holds(d, v.column(), d.schema.stored(v.column(), v.value()), false);
    List<Filter> inside = new ArrayList<>(List.of(holding));
    NegatedRows.timesInside(d, m.last(), table, inside);
    d.related.add(new Filter.Exists(table, inside, true));
    d.use(c);
    d.use(m);
    d.note(
        "'"
            + c.text()
            + " "
            + m.text()
            + "' → no related "
            + table
            + " rows where "
            + Describe.filter(holding));
    return true;
  }

  /** "accounts that do not have a card withdrawal", "… have not a single …": not having. */
  private static boolean notHaving(Draft d, Cue c) {
    if (!c.text().equals("not")) {
      return false;
    }
    for (int t : new int[] {c.first() - 1, c.last() + 1}) {
      if (t >= 0 && t < d.scan.tokens.size() && HAVING.contains(d.scan.tokens.get(t).norm())) {
        return true;
      }
    }
    return false;
  }

  /**
   * "running loans", where the dataset gives the word "running" to both the running-and-OK and the
   * running-in-debt status: a word the dataset declares for several values of one column is true of
   * each of them, so it keeps them all. Null when the phrase is anything else, or an earlier answer
   * already chose one value.
   */
  private static List<Target.Value> sharedWord(Draft d, Mention m, List<Target.Value> values) {
    if (values.size() < 2
        || d.answers.containsKey(valueId(m))
        || !values.stream().allMatch(Target.Value::byWord)
        || values.stream().map(Target.Value::column).distinct().count() != 1
        || m.targets().size() != values.size()) {
      return null;
    }
    List<Target.Value> distinct = new ArrayList<>();
    Set<String> seen = new LinkedHashSet<>();
    for (Target.Value v : values) {
      if (seen.add(v.value())) {
        distinct.add(v);
      }
    }
    return distinct.size() > 1 ? distinct : null;
  }

  /** The clarification asking which value a phrase names, by the phrase. */
  private static String valueId(Mention m) {
    return "value:" + m.text().toLowerCase();
  }

  /** One value for a phrase that may name several; asks when nothing in the question decides. */
  private static Target.Value choose(Draft d, Mention m, List<Target.Value> values, int index) {
    Set<ColumnRef> columns =
        values.stream()
            .map(Target.Value::column)
            .collect(Collectors.toCollection(LinkedHashSet::new));
    if (columns.size() == 1 && values.stream().map(Target.Value::value).distinct().count() == 1) {
      return values.get(0);
    }
    String id = valueId(m);
    String answer = d.answers.get(id);
    if (answer != null) {
      for (Target.Value v : values) {
        if ((v.column() + "=" + v.value()).equals(answer)) {
          d.note("'" + m.text() + "' → " + answer + " (answered)");
          return v;
        }
      }
    }
    // A column named right next to the value decides ("region Prague").
    for (int k : new int[] {index - 1, index + 1}) {
      if (d.at(k) instanceof Mention n) {
        for (Target.Value v : values) {
          if (n.all(Target.Column.class).stream().anyMatch(c -> c.column().equals(v.column()))) {
            return v;
          }
        }
      }
    }
    // "Prague and Brno", "Prague or Brno": the column of a value joined to this one decides.
    for (int k : new int[] {index - 2, index - 1, index + 1, index + 2}) {
      if (d.at(k) instanceof Mention n && n.has(Target.Value.class) && joinedTo(d, index, k)) {
        Set<ColumnRef> theirs =
            n.all(Target.Value.class).stream()
                .map(Target.Value::column)
                .collect(Collectors.toSet());
        List<Target.Value> same = values.stream().filter(v -> theirs.contains(v.column())).toList();
        if (theirs.size() == 1 && same.stream().map(Target.Value::value).distinct().count() == 1) {
          return same.get(0);
        }
      }
    }
    // "Patricia Johnson": a value written right next to another of one table is of that table
    for (int k : new int[] {index - 1, index + 1}) {
      if (d.at(k) instanceof Mention n
          && n.has(Target.Value.class)
          && between(d, k < index ? n : m, k < index ? m : n).isBlank()) {
        Set<String> theirs =
            n.all(Target.Value.class).stream().map(Target.Value::table).collect(Collectors.toSet());
        List<Target.Value> same = values.stream().filter(v -> theirs.contains(v.table())).toList();
        List<Target.Value> spelt =
            same.stream().filter(v -> v.value().equalsIgnoreCase(m.text().strip())).toList();
        if (spelt.size() == 1) {
          same = spelt; // "WILLIAMS" is the last name WILLIAMS, not the first name WILLIAM
        }
        if (theirs.size() == 1
            && same.stream().map(Target.Value::column).distinct().count() == 1
            && same.stream().map(Target.Value::value).distinct().count() == 1) {
          return same.get(0);
        }
      }
    }
    // Stored values the phrase spells exactly beat declared words for other columns.
    List<Target.Value> exact = values.stream().filter(v -> !v.byWord()).toList();
    if (exact.size() == 1
        && values.size() > 1
        && d.schema.contextTables().contains(exact.get(0).table())) {
      return exact.get(0);
    }
    // Another phrase of the question names the table of one of them ("household payments of
    // permanent orders"): that one is meant.
    Set<String> elsewhere = d.schema.contextTablesOutside(m);
    List<Target.Value> named = values.stream().filter(v -> elsewhere.contains(v.table())).toList();
    if (named.stream().map(Target.Value::column).distinct().count() == 1
        && named.stream().map(Target.Value::value).distinct().count() == 1) {
      return named.get(0);
    }
    // "household payments in 1996": with a time in the question, the one table whose rows carry
    // their own date is meant
    if (!d.scan.times.isEmpty()) {
      List<Target.Value> dated =
          values.stream().filter(v -> d.schema.eventDate(v.table()) != null).toList();
      if (dated.stream().map(Target.Value::column).distinct().count() == 1
          && dated.stream().map(Target.Value::value).distinct().count() == 1) {
        return dated.get(0);
      }
    }
    // "A3 stands for region names" in the question's hint: of the columns the value may belong
    // to, the one the hint names is meant
    List<Target.Value> hinted =
        values.stream().filter(v -> d.scan.hintedColumns.contains(v.column())).toList();
    if (hinted.stream().map(Target.Value::value).distinct().count() == 1
        && hinted.stream().map(Target.Value::column).distinct().count() == 1) {
      d.note("'" + m.text() + "' → " + hinted.get(0).column() + " (the hint names that column)");
      return hinted.get(0);
    }
    List<Clarification.Option> options = new ArrayList<>();
    for (Target.Value v : values) {
      options.add(
          new Clarification.Option(
              v.column() + "=" + v.value(),
              d.schema.columnLabel(v.column()) + " = '" + v.value() + "'"));
    }
    d.ask(new Clarification(id, "value", "Which do you mean by '" + m.text() + "'?", options));
    d.use(m);
    return null;
  }
}
