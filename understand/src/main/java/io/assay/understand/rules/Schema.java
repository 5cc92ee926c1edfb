package io.assay.understand.rules;

import io.assay.contract.plan.Clarification;
import io.assay.pick.Aggregation;
import io.assay.pick.ColumnRef;
import io.assay.pick.Filter;
import io.assay.pick.Measure;
import io.assay.pick.Projection;
import io.assay.pick.Value;
import io.assay.recon.ColumnInfo;
import io.assay.recon.MetricDefinition;
import io.assay.recon.Recon;
import io.assay.recon.Relationship;
import io.assay.recon.TableInfo;
import io.assay.recon.joins.JoinStep;
import io.assay.recon.schema.ColumnType;
import io.assay.understand.Cue.Kind;
import io.assay.understand.English;
import io.assay.understand.LexiconFile;
import io.assay.understand.LinkTables;
import io.assay.understand.Mention;
import io.assay.understand.Target;
import io.assay.understand.Words;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * What recon says about the question's phrases: which column, key, date or metric a phrase or table
 * stands for. Where recon leaves a choice open, the question's other phrases decide, or the person
 * is asked (through the draft); a table without a usable key is a problem of the draft.
 */
final class Schema {

  private final Draft d;
  private final Recon recon;

  Schema(Draft d) {
    this.d = d;
    this.recon = d.recon;
  }

  // ------------------------------------------------------------ tables

  /** Whether a column holds plain text (not a list of values). */
  boolean isText(ColumnRef col) {
    return recon.column(col).map(i -> i.type() == ColumnType.TEXT && !i.array()).orElse(false);
  }

  /** A stored value the question names, typed as its column holds it (a flag's "1" is a number). */
  Value stored(ColumnRef column, String value) {
    return recon.column(column).map(c -> c.valueOf(value)).orElse(Value.text(value));
  }

  ColumnRef primaryKey(String table) {
    TableInfo t = recon.table(table).orElse(null);
    if (t == null || t.primaryKey().size() != 1) {
      d.problem("table " + table + " has no single-column key to count or list by");
      return null;
    }
    return new ColumnRef(table, t.primaryKey().get(0));
  }

  ColumnRef primaryKeyOrNull(String table) {
    return hasSingleKey(table)
        ? new ColumnRef(table, recon.table(table).orElseThrow().primaryKey().get(0))
        : null;
  }

  boolean hasSingleKey(String table) {
    return recon.table(table).map(t -> t.primaryKey().size() == 1).orElse(false);
  }

  /**
   * The table the question is about before token {@code before}: the one named by its first phrase
   * that names only a table ("clients who never …"), or null.
   */
  String subjectTable(int before) {
    for (Mention m : d.scan.mentions) {
      if (m.first() >= before) {
        return null;
      }
      if (namesOnlyATable(m)) {
        return m.one(Target.Table.class).table();
      }
    }
    return null;
  }

  Measure countOf(String table) {
    ColumnRef key = hasSingleKey(table) ? primaryKey(table) : firstKeyColumn(table);
    if (key == null) {
      primaryKey(table); // says why nothing is counted
      return null;
    }
    return new Measure.Aggregate(Aggregation.COUNT, key, List.of(), null);
  }

  /**
   * The first column of a table's key, however many columns it has, or null when it has none: a key
   * column is never empty, so counting it counts the rows (a linking table's pairs).
   */
  ColumnRef firstKeyColumn(String table) {
    return recon
        .table(table)
        .filter(t -> !t.primaryKey().isEmpty())
        .map(t -> new ColumnRef(table, t.primaryKey().get(0)))
        .orElse(null);
  }

  /**
   * The column that names a table's rows for people: the reader's lexicon label, else recon's one
   * label column (a book's title), else the key.
   */
  ColumnRef labelColumn(String table) {
    ColumnRef naming = namingColumn(table);
    return naming != null ? naming : primaryKey(table);
  }

  /** The reader's lexicon label of a table's rows, else recon's one label column, else null. */
  ColumnRef namingColumn(String table) {
    String label = d.lexicon.labels().get(table);
    if (label != null) {
      return ColumnRef.of(label);
    }
    List<String> own = recon.table(table).map(TableInfo::label).orElse(List.of());
    return own.size() == 1 ? new ColumnRef(table, own.get(0)) : null;
  }

  /**
   * The table the answer is about: the measure's, else the first listed column's (or the column a
   * listed age is counted from); null when neither is known yet.
   */
  String answeredTable() {
    if (d.measure != null) {
      return measureTable(d.measure);
    }
    if (!d.select.isEmpty()) {
      Projection p = d.select.get(0);
      if (p instanceof Projection.Column c) {
        return c.column().table();
      }
      if (p instanceof Projection.YearsSince y) {
        return y.column().table();
      }
    }
    return null;
  }

  /** Every column that names a table's rows for people (first and last name), else its key. */
  List<ColumnRef> labelColumns(String table) {
    List<String> own = recon.table(table).map(TableInfo::label).orElse(List.of());
    if (d.lexicon.labels().get(table) != null || own.size() < 2) {
      ColumnRef one = labelColumn(table);
      return one == null ? List.of() : List.of(one);
    }
    return own.stream().map(c -> new ColumnRef(table, c)).toList();
  }

  /**
   * The one time column recon's metrics use for a table's rows (loan.date, trans.date), or null.
   */
  ColumnRef eventDate(String table) {
    Set<ColumnRef> dates = new LinkedHashSet<>();
    for (MetricDefinition m : recon.metrics()) {
      if (m.table().equals(table)
          && m.timeColumn() != null
          && m.timeColumn().table().equals(table)) {
        dates.add(m.timeColumn());
      }
    }
    return dates.size() == 1 ? dates.iterator().next() : null;
  }

  ColumnRef onlyDateColumn(String table) {
    TableInfo t = recon.table(table).orElse(null);
    if (t == null) {
      return null;
    }
    // a row's last-edit time is bookkeeping, not the date of what the row records
    List<ColumnInfo> dates =
        t.columns().stream()
            .filter(c -> c.type().isTemporal() && !ColumnInfo.editTime(c.name()))
            .toList();
    return dates.size() == 1 ? dates.get(0).ref() : null;
  }

  /** The column of {@code from} that references {@code to}'s key, by a declared relationship. */
  ColumnRef foreignKey(String from, String to) {
    for (Relationship r : recon.relationships()) {
      if (r.from().table().equals(from) && r.to().table().equals(to)) {
        return r.from();
      }
    }
    return null;
  }

  /** The tables a table named for them links ("book_author"), or none. */
  Set<String> linkedBy(String table) {
    return LinkTables.linkedBy(recon, table);
  }

  /** The column the table's one unfiltered sum metric adds up (a loan's amount), or null. */
  ColumnRef amountColumn(String table) {
    List<ColumnRef> found = new ArrayList<>();
    for (MetricDefinition m : recon.metrics()) {
      if (m instanceof MetricDefinition.Aggregate a
          && a.aggregation() == Aggregation.SUM
          && a.filters().isEmpty()
          && a.column().table().equals(table)) {
        found.add(a.column());
      }
    }
    return found.size() == 1 ? found.get(0) : null;
  }

  // ------------------------------------------------------------ measures and metrics

  ColumnRef measureTimeColumn(Measure m) {
    if (m instanceof Measure.Metric mm) {
      return recon.metric(mm.metric()).map(MetricDefinition::timeColumn).orElse(null);
    }
    if (m instanceof Measure.Aggregate a) {
      return onlyDateColumn(a.column().table());
    }
    return measureTimeColumn(inner(m));
  }

  String measureTable(Measure m) {
    if (m instanceof Measure.Metric mm) {
      return recon.metric(mm.metric()).map(MetricDefinition::table).orElse(null);
    }
    if (m instanceof Measure.Aggregate a) {
      return a.column().table();
    }
    return measureTable(inner(m));
  }

  /** The measure a derived measure is computed from (its numerator or left side). */
  static Measure inner(Measure m) {
    if (m instanceof Measure.Ratio r) {
      return r.numerator();
    }
    if (m instanceof Measure.Difference d) {
      return d.left();
    }
    if (m instanceof Measure.ShareOfTotal s) {
      return s.of();
    }
    if (m instanceof Measure.OverGroups o) {
      return o.of();
    }
    return ((Measure.Growth) m).of();
  }

  Aggregation metricAggregation(String name) {
    MetricDefinition.Aggregate a = aggregateMetric(name);
    return a == null ? null : a.aggregation();
  }

  /** The column a metric aggregates, or null for a metric that is not one aggregate. */
  ColumnRef metricColumn(String name) {
    MetricDefinition.Aggregate a = aggregateMetric(name);
    return a == null ? null : a.column();
  }

  private MetricDefinition.Aggregate aggregateMetric(String name) {
    return recon.metric(name).orElse(null) instanceof MetricDefinition.Aggregate a ? a : null;
  }

  boolean isCount(String metric) {
    Aggregation a = metricAggregation(metric);
    return a == Aggregation.COUNT || a == Aggregation.COUNT_DISTINCT;
  }

  /** A metric that counts every row of the table by its key, with no filter. */
  String plainCountMetric(String table) {
    ColumnRef key = primaryKey(table);
    for (MetricDefinition m : recon.metrics()) {
      if (m instanceof MetricDefinition.Aggregate a
          && a.aggregation() == Aggregation.COUNT
          && a.filters().isEmpty()
          && a.column().equals(key)) {
        return m.name();
      }
    }
    return null;
  }

  /**
   * The table whose rows a measure counts, one each: its plain count metric, or a count of its key;
   * null for any other measure.
   */
  String countedTable(Measure m) {
    if (m instanceof Measure.Metric metric) {
      String table = recon.metric(metric.metric()).map(MetricDefinition::table).orElse(null);
      return table != null && metric.metric().equals(plainCountMetric(table)) ? table : null;
    }
    if (m instanceof Measure.Aggregate a
        && (a.fn() == Aggregation.COUNT || a.fn() == Aggregation.COUNT_DISTINCT)
        && a.column().equals(primaryKeyOrNull(a.column().table()))) {
      return a.column().table();
    }
    return null;
  }

  /** The table's plain count metric, or null; never a problem when the table has no key. */
  String plainCountMetricOrNull(String table) {
    return hasSingleKey(table) ? plainCountMetric(table) : null;
  }

  /** The one metric aggregating all rows of a stored value's table with {@code fn}, or null. */
  String plainAmountMetric(Mention value, Aggregation fn) {
    Set<String> tables = new HashSet<>();
    value.all(Target.Value.class).forEach(x -> tables.add(x.table()));
    if (tables.size() != 1) {
      return null;
    }
    List<String> found = plainMetrics(tables.iterator().next(), fn);
    return found.size() == 1 ? found.get(0) : null;
  }

  /** The metrics aggregating all rows of a table's column with {@code fn}, no filter. */
  List<String> plainMetrics(String table, Aggregation fn) {
    List<String> found = new ArrayList<>();
    for (MetricDefinition m : recon.metrics()) {
      if (m instanceof MetricDefinition.Aggregate a
          && a.aggregation() == fn
          && a.filters().isEmpty()
          && a.column().table().equals(table)) {
        found.add(m.name());
      }
    }
    return found;
  }

  /**
   * Whether the dataset's path from one table to another fans out: a row of the first may have
   * several of the second (an account's loans).
   */
  boolean fansOut(String from, String to) {
    return recon
        .joins()
        .path(from, to)
        .map(p -> p.steps().stream().anyMatch(JoinStep::fansOut))
        .orElse(false);
  }

  /** One metric for a phrase; asks (with the metrics as options) when it names several. */
  String chooseMetric(Mention m, List<Target.Metric> metrics) {
    List<String> names = metrics.stream().map(Target.Metric::name).distinct().toList();
    if (names.size() == 1) {
      return names.get(0);
    }
    String id = "metric:" + m.text().toLowerCase();
    String answer = d.answers.get(id);
    if (answer != null && names.contains(answer)) {
      d.note("'" + m.text() + "' → metric " + answer + " (answered)");
      return answer;
    }
    String plain = plainCountOfNamedTable(m, names);
    if (plain != null) {
      d.note("'" + m.text() + "' → metric " + plain + " (the count of its rows)");
      return plain;
    }
    String question =
        d.lexicon.ambiguous().stream()
            .filter(a -> a.words().stream().anyMatch(w -> w.equalsIgnoreCase(m.text())))
            .map(LexiconFile.AmbiguousDoc::question)
            .findFirst()
            .orElse("Which measure do you mean by '" + m.text() + "'?");
    List<Clarification.Option> options = new ArrayList<>();
    for (String n : names) {
      String description = recon.metric(n).map(MetricDefinition::description).orElse(n);
      options.add(new Clarification.Option(n, description));
    }
    d.ask(new Clarification(id, "metric", question, options));
    d.use(m);
    return null;
  }

  /**
   * "number of rentals" may name the count of rentals and the count of customers who rented: when
   * the phrase names one table and every candidate counts, the table's plain row count is meant
   * (the head noun is what is counted). Null when that does not decide.
   */
  private String plainCountOfNamedTable(Mention m, List<String> names) {
    List<Target.Table> tables = m.all(Target.Table.class);
    if (tables.size() != 1
        || !names.stream().allMatch(this::isCount)
        || !hasSingleKey(tables.get(0).table())) {
      return null;
    }
    String plain = plainCountMetric(tables.get(0).table());
    return plain != null && names.contains(plain) ? plain : null;
  }

  // ------------------------------------------------------------ what a phrase names

  /**
   * Whether the word at token {@code i} is the table's own name as a noun ("customers" for
   * customer): the rows themselves, not one of their columns.
   */
  boolean isTableNoun(int i, String table) {
    String w = d.scan.tokens.get(i).norm();
    return w.equals(table) || w.equals(table + "s") || w.equals(table + "es");
  }

  /** A mention naming a table and nothing else (its plain count metric aside): "loans". */
  boolean namesOnlyATable(Mention m) {
    Target.Table t = m.one(Target.Table.class);
    if (t == null) {
      return false;
    }
    for (Target x : m.targets()) {
      boolean sameTable = x.table() != null && x.table().equals(t.table());
      if (!(x instanceof Target.Table || x instanceof Target.Metric && sameTable)) {
        return false;
      }
    }
    return true;
  }

  /**
   * Whether a phrase names one table's rows and nothing of other tables: the rows, their count or
   * their own columns ("category" names the rows and their name).
   */
  boolean namesRowsOfOneTable(Mention m) {
    Target.Table t = m.one(Target.Table.class);
    return t != null && m.targets().stream().allMatch(x -> t.table().equals(x.table()));
  }

  /**
   * A phrase right after a whole number that counts rows of one table ("90 accounts"): it names
   * exactly one table, and besides it only metrics or columns (a table's noun also names columns
   * that refer to it, such as a transfer's partner account), never a stored value or a ranking.
   */
  boolean countsRows(Mention m) {
    if (namesOnlyATable(m)) {
      return true;
    }
    return m.all(Target.Table.class).size() == 1
        && m.targets().stream()
            .allMatch(
                t ->
                    t instanceof Target.Table
                        || t instanceof Target.Metric
                        || t instanceof Target.Column);
  }

  /**
   * "the account", "loans": a table's noun also names the metric counting its rows, but without a
   * counting word ("how many", "number of") it names the rows, not their count.
   */
  boolean namesRowsOnly(Mention m) {
    return m.has(Target.Table.class)
        && m.all(Target.Metric.class).stream().allMatch(t -> isCount(t.name()))
        && !saysCount(m);
  }

  /** Whether a phrase holds a counting word itself ("how many clients" as one synonym). */
  boolean saysCount(Mention m) {
    BitSet outside = new BitSet();
    outside.set(0, d.scan.tokens.size());
    outside.clear(m.first(), m.last() + 1);
    return Words.cues(d.scan.tokens, outside).stream().anyMatch(c -> c.kind() == Kind.COUNT);
  }

  ColumnRef temporalColumn(Mention m) {
    for (Target.Column c : m.all(Target.Column.class)) {
      if (isTemporal(c.column())) {
        return c.column();
      }
    }
    return null;
  }

  /** Whether the measured rows' table has exactly one column referencing {@code table}. */
  private boolean referencedOnce(Measure measure, String table) {
    String measured = measure == null ? null : measureTable(measure);
    return measured != null
        && !measured.equals(table)
        && recon.relationships().stream()
                .filter(r -> r.from().table().equals(measured) && r.to().table().equals(table))
                .count()
            == 1;
  }

  /** A column that refers to another table's key ("the account's district"): a relation word. */
  boolean isReference(ColumnRef c) {
    return recon.relationships().stream().anyMatch(r -> r.from().equals(c) || r.to().equals(c));
  }

  boolean isTemporal(ColumnRef c) {
    return recon.column(c).map(i -> i.type().isTemporal()).orElse(false);
  }

  /**
   * The one candidate column named by a noun the adjective is a value of ("longer", "longest":
   * duration, then length), the nouns tried in WordNet's order, each matched against a word of the
   * column's name or synonyms; null when no noun names exactly one.
   */
  ColumnRef byAttribute(String adjective, List<ColumnRef> candidates) {
    for (String noun : English.shared().attributes(adjective.toLowerCase(Locale.ROOT))) {
      List<ColumnRef> named = candidates.stream().filter(c -> namedBy(c, noun)).toList();
      if (named.size() == 1) {
        return named.get(0);
      }
    }
    return null;
  }

  private boolean namedBy(ColumnRef column, String noun) {
    ColumnInfo info = recon.column(column).orElse(null);
    if (info == null) {
      return false;
    }
    List<String> names = new ArrayList<>(info.synonyms());
    names.add(column.column());
    return names.stream()
        .anyMatch(n -> List.of(n.toLowerCase(Locale.ROOT).split("[\\s_]+")).contains(noun));
  }

  /** A numeric column of a mention (resolving several), or null. */
  ColumnRef numericColumn(Mention m) {
    List<ColumnRef> cols = new ArrayList<>();
    for (Target.Column c : m.all(Target.Column.class)) {
      ColumnInfo info = recon.column(c.column()).orElse(null);
      if (info != null && info.type().isNumeric()) {
        cols.add(c.column());
      }
    }
    return cols.isEmpty() ? null : disambiguate(m, cols);
  }

  /** The column a comparison applies to: numeric (or date) columns of the mention. */
  ColumnRef column(Mention m, boolean numericOrDate) {
    List<ColumnRef> cols = new ArrayList<>();
    for (Target.Column c : m.all(Target.Column.class)) {
      ColumnInfo info = recon.column(c.column()).orElse(null);
      if (info != null && (!numericOrDate || info.type().isNumeric() || info.type().isTemporal())) {
        cols.add(c.column());
      }
    }
    return cols.isEmpty() ? null : disambiguate(m, cols);
  }

  /** A numeric or date column of a mention that rows can be ordered by, or null. */
  ColumnRef rankableColumn(Mention m) {
    List<ColumnRef> cols = new ArrayList<>();
    for (Target.Column c : m.all(Target.Column.class)) {
      ColumnInfo info = recon.column(c.column()).orElse(null);
      if (info != null && (info.type().isNumeric() || info.type().isTemporal())) {
        cols.add(c.column());
      }
    }
    return disambiguate(m, cols);
  }

  /** The column a grouping phrase splits by: a column it names, or a table's label. */
  ColumnRef groupColumn(Mention m) {
    if (m.has(Target.Value.class) || m.has(Target.Metric.class) && !m.has(Target.Table.class)) {
      return null;
    }
    if (m.has(Target.Table.class)
        && m.first() == m.last()
        && isTableNoun(m.last(), m.one(Target.Table.class).table())
        && m.all(Target.Column.class).stream().noneMatch(c -> isReference(c.column()))) {
      // "per account": the table's own noun names its rows, not another table's column of that
      // name that is no reference to them (a transaction's partner account); a reference to the
      // table is read as the table by the shared-reference rule
      return labelColumn(m.one(Target.Table.class).table());
    }
    if (m.has(Target.Table.class)
        && m.first() == m.last()
        && isTableNoun(m.last(), m.one(Target.Table.class).table())
        && referencedOnce(d.measure, m.one(Target.Table.class).table())
        && m.all(Target.Column.class).stream()
            .noneMatch(c -> c.column().table().equals(measureTable(d.measure)))) {
      // "number of staff per store": the measured rows' own reference to the table named
      // splits them, whichever other tables' columns share the table's name
      return labelColumn(m.one(Target.Table.class).table());
    }
    if (m.has(Target.Column.class)) {
      ColumnRef c =
          disambiguate(m, m.all(Target.Column.class).stream().map(Target.Column::column).toList());
      // a table's own key stands for its rows: split by what people call them, as for a table
      return c != null && c.equals(primaryKeyOrNull(c.table())) ? labelColumn(c.table()) : c;
    }
    if (m.has(Target.Table.class)) {
      String t = m.one(Target.Table.class).table();
      return labelColumn(t);
    }
    return null;
  }

  /**
   * One column of several a phrase may name ("amount": trans, loan or order), by the tables the
   * question talks about; asks when that does not decide.
   */
  ColumnRef disambiguate(Mention m, List<ColumnRef> columns) {
    if (columns.isEmpty()) {
      return null;
    }
    if (columns.size() == 1) {
      return columns.get(0);
    }
    String id = "column:" + m.text().toLowerCase();
    String answer = d.answers.get(id);
    if (answer != null) {
      for (ColumnRef c : columns) {
        if (c.toString().equals(answer)) {
          return c;
        }
      }
    }
    ColumnRef ofTheYear = YearOfAColumn.narrow(d, columns);
    if (ofTheYear != null) {
      return ofTheYear;
    }
    Set<String> context = contextTables();
    // "orders per shop": an item's shop and a customer's home shop both reference the shop,
    // and the dataset declares which one an order's shop is
    ColumnRef key = SharedReference.referencedKey(recon, columns, context);
    if (key != null) {
      return key;
    }
    List<ColumnRef> inContext = columns.stream().filter(c -> context.contains(c.table())).toList();
    // A table named in the same phrase ("loan amount") decides first.
    if (inContext.size() == 1) {
      return inContext.get(0);
    }
    // "the region id of the office": the phrase after "of" names which one
    ColumnRef owner = OwnerPhrase.narrow(d, m, columns);
    if (owner != null) {
      return owner;
    }
    // "the total amount of pension credits": the table whose stored value the question filters on
    Set<String> filtered = filteredTables();
    List<ColumnRef> onFiltered =
        columns.stream().filter(c -> filtered.contains(c.table())).toList();
    if (onFiltered.size() == 1) {
      return onFiltered.get(0);
    }
    List<Clarification.Option> options = new ArrayList<>();
    for (ColumnRef c : columns) {
      options.add(new Clarification.Option(c.toString(), columnLabel(c)));
    }
    d.ask(new Clarification(id, "column", "Which '" + m.text() + "' do you mean?", options));
    return null;
  }

  /** Tables the question names or whose values or metrics it uses. */
  Set<String> contextTables() {
    Set<String> t = new LinkedHashSet<>();
    for (Mention m : d.scan.mentions) {
      if (m.has(Target.Table.class)) {
        m.all(Target.Table.class).forEach(x -> t.add(x.table()));
      }
      if (m.targets().size() == 1 && m.targets().get(0).table() != null) {
        t.add(m.targets().get(0).table());
      }
      m.all(Target.Metric.class).forEach(x -> t.add(x.table()));
    }
    return t;
  }

  /** The tables of the stored values the reading filters on so far. */
  Set<String> filteredTables() {
    Set<String> t = new LinkedHashSet<>();
    for (Filter f : d.filters) {
      if (f instanceof Filter.Compare c && c.value() instanceof io.assay.pick.Value.Text) {
        t.add(c.column().table());
      } else if (f instanceof Filter.In in) {
        t.add(in.column().table());
      }
    }
    return t;
  }

  /** The tables other phrases than {@code m} name unambiguously (all their targets in one). */
  Set<String> contextTablesOutside(Mention m) {
    Set<String> t = new LinkedHashSet<>();
    for (Mention o : d.scan.mentions) {
      String own = o == m ? null : oneTable(o);
      if (own != null) {
        t.add(own);
      }
    }
    return t;
  }

  /** The one table all of a phrase's targets belong to, or null. */
  static String oneTable(Mention m) {
    Set<String> own = new HashSet<>();
    m.targets().forEach(x -> own.add(x.table()));
    return own.size() == 1 ? own.iterator().next() : null;
  }

  /** A column with its description, as clarification options show it. */
  String columnLabel(ColumnRef c) {
    return recon
        .column(c)
        .map(
            i ->
                i.description() == null || i.description().isBlank()
                    ? c.toString()
                    : c + " (" + i.description().replaceAll("\\.$", "") + ")")
        .orElse(c.toString());
  }
}
