package io.assay.understand;

import io.assay.contract.plan.Clarification;
import io.assay.pick.Aggregation;
import io.assay.pick.ColumnRef;
import io.assay.pick.Comparison;
import io.assay.pick.Direction;
import io.assay.pick.Filter;
import io.assay.pick.Having;
import io.assay.pick.Measure;
import io.assay.pick.Order;
import io.assay.pick.PeriodLabel;
import io.assay.pick.Pick;
import io.assay.pick.Projection;
import io.assay.pick.RankBy;
import io.assay.pick.TimeFilter;
import io.assay.pick.TimeGrain;
import io.assay.pick.Value;
import io.assay.recon.ColumnInfo;
import io.assay.recon.MetricDefinition;
import io.assay.recon.Recon;
import io.assay.recon.Relationship;
import io.assay.recon.TableInfo;
import io.assay.recon.joins.JoinPath;
import io.assay.recon.joins.JoinStep;
import io.assay.understand.Cue.Kind;
import io.assay.understand.TimeExpression.Relation;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Turns a {@link Scan} into a Pick, one rule at a time, each rule consuming the parts of the
 * question it explains: comparisons ("average salary greater than 8000"), dates attached to a date
 * column ("born before 1950"), values ("north Bohemia"), rankings ("second-highest", "oldest"), the
 * answer's shape (count, percentage, growth, aggregate, metric or listing), groupings and the time
 * scope. Whatever is left unexplained at the end makes the reader abstain, because a wrong answer
 * is worse than none. Ambiguous words produce a clarification with options from recon.
 */
final class PickAssembler {

  private enum Form {
    GROWTH,
    PERCENT,
    COUNT,
    AGGREGATE,
    METRIC,
    LISTING
  }

  /** A recognised part of the question, in question order. */
  private record Item(int first, int last, Object what) {}

  /** An ordering or ranking asked for: "second-highest X", "oldest", "lowest X". */
  private record Ranking(
      int position,
      ColumnRef column,
      Measure measure,
      Direction direction,
      int rank,
      Integer top,
      String text) {}

  private final Scan scan;
  private final Recon recon;
  private final LexiconFile lexicon;
  private final Map<String, String> answers;
  private final List<Item> items = new ArrayList<>();
  private final Set<Object> used = new HashSet<>();

  private final List<String> notes = new ArrayList<>();
  private final List<String> problems = new ArrayList<>();
  private Clarification clarification;

  private final List<Filter> filters = new ArrayList<>();
  private final Map<Filter, Integer> filterPosition = new IdentityHashMap<>();
  private final Map<Filter, ColumnRef> attachedTo = new IdentityHashMap<>();
  private final Map<Filter, TimeExpression> attachedTime = new IdentityHashMap<>();
  private final List<Ranking> rankings = new ArrayList<>();
  private final List<Projection> select = new ArrayList<>();
  private final List<ColumnRef> groupBy = new ArrayList<>();
  private final Set<AnalysisCue> analyses = EnumSet.noneOf(AnalysisCue.class);
  private final List<Filter.VsAggregate> pendingAverages = new ArrayList<>();
  private Measure measure;
  private String metricName;
  private TimeGrain grain;
  private Form form;
  private Scan.Time growthTime;
  private final List<Period> periods = new ArrayList<>();
  private Integer horizon;

  /** Further metrics named, for a correlation. */
  private final List<String> extraMetrics = new ArrayList<>();

  PickAssembler(Scan scan, Recon recon, LexiconFile lexicon, Map<String, String> answers) {
    this.scan = scan;
    this.recon = recon;
    this.lexicon = lexicon;
    this.answers = answers;
    scan.mentions.forEach(m -> items.add(new Item(m.first(), m.last(), m)));
    scan.times.forEach(t -> items.add(new Item(t.first(), t.last(), t)));
    scan.cues.forEach(c -> items.add(new Item(c.first(), c.last(), c)));
    scan.numbers.forEach(n -> items.add(new Item(n.token(), n.token(), n)));
    items.sort(Comparator.comparingInt(Item::first));
  }

  Reading assemble() {
    for (Item it : items) {
      if (it.what() instanceof Cue c && c.kind() == Kind.ANALYSIS) {
        analyses.add(c.analysis());
        used.add(c);
      }
      if (it.what() instanceof Scan.Time t) {
        periods.add(t.expression().first());
        if (t.expression().second() != null) {
          periods.add(t.expression().second());
        }
      }
    }
    horizon();
    grains();
    reserveGrowthPeriods();
    comparisons();
    attachTimes();
    values();
    negatedRows();
    rankings();
    sideBySideCue();
    decideForm();
    if (clarification == null && problems.isEmpty()) {
      measureOrSelection();
    }
    if (clarification == null && problems.isEmpty()) {
      applyRankings();
      groupings();
      averagePerGroup();
      outlierEntity();
      Scan.Time main = mainTime();
      ColumnRef timeColumn = null;
      TimeFilter time = null;
      if (main != null || grain != null || measure instanceof Measure.Growth) {
        timeColumn = timeColumn(main);
      }
      if (main != null && timeColumn != null) {
        time = timeFilter(main.expression());
        notes.add("'" + main.expression().text() + "' → " + timeColumn + " " + describe(time));
      }
      if (main == null && measure != null && problems.isEmpty()) {
        // "loans approved in 1997": the date named is the measure's own time column, so it is
        // the time window (which trend analyses and comparisons read), not just a filter.
        ColumnRef own = measureTimeColumn(measure);
        for (Filter f : List.copyOf(filters)) {
          TimeExpression e = attachedTime.get(f);
          if (e != null && own != null && own.equals(attachedTo.get(f)) && filters.contains(f)) {
            filters.remove(f);
            timeColumn = own;
            time = timeFilter(e);
            break;
          }
        }
      }
      for (Filter.VsAggregate avg : pendingAverages) {
        List<Filter> scope = new ArrayList<>();
        if (time != null && timeColumn != null && timeColumn.table().equals(avg.column().table())) {
          scope.add(asFilter(timeColumn, time));
        }
        Filter.VsAggregate f =
            new Filter.VsAggregate(avg.column(), avg.op(), avg.fn(), null, scope);
        filters.set(filters.indexOf(avg), f);
      }
      if (problems.isEmpty() && clarification == null && (sideBySide || asksMultiple())) {
        if (twoSides(main, timeColumn, time)) {
          time = null;
          timeColumn = null;
        } else {
          problems.add(
              "a ratio or 'times more' needs two periods or two values of one column to set side"
                  + " by side");
        }
      }
      applyCountCondition();
      attribution();
      leftovers();
      if (clarification != null) {
        return new Reading.Ambiguous(clarification, analyses, notes(), notUsed());
      }
      if (!problems.isEmpty()) {
        return abstain();
      }
      Pick pick = build(timeColumn, time);
      List<String> metrics = new ArrayList<>(extraMetrics);
      if (metricName != null) {
        metrics.add(0, metricName);
      }
      ColumnRef frameTime =
          timeColumn != null ? timeColumn : measure != null ? measureTimeColumn(measure) : null;
      Frame frame =
          new Frame(
              metricName,
              metrics,
              time,
              frameTime,
              grain,
              filters,
              groupBy,
              List.copyOf(periods),
              horizon);
      return new Reading.Understood(pick, frame, analyses, notes(), notUsed());
    }
    if (clarification != null) {
      return new Reading.Ambiguous(clarification, analyses, notes(), notUsed());
    }
    leftovers();
    return abstain();
  }

  private Reading abstain() {
    if (!scan.notUsed.isEmpty()) {
      // words set aside while reading may be what the reader is missing: say which they were
      problems.add(
          "words that name nothing in the "
              + recon.dataset()
              + " dataset: "
              + String.join(", ", notUsed().stream().map(w -> "'" + w + "'").toList()));
    }
    String reason =
        problems.isEmpty()
            ? "the question could not be mapped to the dataset"
            : String.join("; ", new LinkedHashSet<>(problems));
    return new Reading.Abstained(
        reason, List.copyOf(new LinkedHashSet<>(problems)), notes(), notUsed());
  }

  private List<String> notUsed() {
    return scan.notUsed.stream().map(t -> scan.words(t.index(), t.index())).distinct().toList();
  }

  /** How each part was read, then the words left aside, so the decision reason names them. */
  private List<String> notes() {
    List<String> out = new ArrayList<>(notes);
    if (!scan.notUsed.isEmpty()) {
      out.add(
          "not used: " + String.join(", ", notUsed().stream().map(w -> "'" + w + "'").toList()));
    }
    return out;
  }

  // ---------------------------------------------------------------- grains

  private static final Map<String, TimeGrain> GRAIN_WORDS =
      Map.of(
          "daily", TimeGrain.DAY,
          "weekly", TimeGrain.WEEK,
          "monthly", TimeGrain.MONTH,
          "quarterly", TimeGrain.QUARTER,
          "yearly", TimeGrain.YEAR,
          "annual", TimeGrain.YEAR);

  /**
   * "monthly" names the statement frequency 'POPLATEK MESICNE' in "monthly statement", but a grain
   * in "monthly cash withdrawal amount": a lone grain word before a measure is a grain.
   */
  private void grains() {
    for (int i = 0; i < items.size(); i++) {
      Item it = items.get(i);
      if (it.what() instanceof Cue c && c.kind() == Kind.GRAIN) {
        setGrain(c.grain(), c.text());
        used.add(c);
        continue;
      }
      if (it.what() instanceof Mention m
          && it.first() == it.last()
          && GRAIN_WORDS.containsKey(scan.tokens.get(it.first()).norm())) {
        Item next = i + 1 < items.size() ? items.get(i + 1) : null;
        boolean beforeMeasure =
            next != null
                && (next.what() instanceof Mention n
                        && (n.has(Target.Metric.class) || n.has(Target.Column.class))
                    || next.what() instanceof Cue nc
                        && EnumSet.of(Kind.COUNT, Kind.AVG, Kind.SUM).contains(nc.kind()));
        if (beforeMeasure) {
          setGrain(GRAIN_WORDS.get(scan.tokens.get(it.first()).norm()), m.text());
          used.add(m);
        }
      }
    }
  }

  private void setGrain(TimeGrain g, String text) {
    if (grain != null && grain != g) {
      problems.add("two time grains are asked for ('" + text + "' and " + grain + ")");
    }
    grain = g;
    notes.add("'" + text + "' → time grain " + g.name().toLowerCase());
  }

  /** "the next 6 months": how far ahead a forecast looks. */
  private void horizon() {
    for (int i = 0; i + 2 < items.size(); i++) {
      if (items.get(i).what() instanceof Cue c
          && c.kind() == Kind.ANALYSIS
          && c.analysis() == AnalysisCue.FORECAST
          && items.get(i + 1).what() instanceof Scan.Number n
          && items.get(i + 2).what() instanceof Cue g
          && g.kind() == Kind.GRAIN
          && n.value().scale() <= 0
          && n.value().signum() > 0
          && n.value().intValue() <= 60) {
        horizon = n.value().intValue();
        used.add(n);
        notes.add(
            "'"
                + c.text()
                + " "
                + n.text()
                + " "
                + g.text()
                + "' → forecast "
                + horizon
                + " "
                + g.grain().name().toLowerCase()
                + "s ahead");
      }
    }
  }

  /** "growth … between 1996 and 1997": the two periods belong to the growth, not to a column. */
  private void reserveGrowthPeriods() {
    Cue g = firstCue(Kind.GROWTH);
    if (g == null) {
      return;
    }
    for (Item it : items) {
      if (it.what() instanceof Scan.Time t
          && t.expression().relation() == Relation.BETWEEN
          && t.first() > g.first()) {
        growthTime = t;
        used.add(t);
        return;
      }
    }
  }

  // ---------------------------------------------------------------- comparisons

  /** A condition on how many rows each listed group has ("at least 20 customers"), or null. */
  private Having countHaving;

  private String countHavingText;

  /**
   * "countries with at least 20 customers", "districts that have more than 100 loans": a
   * comparison, a whole number and a noun naming only a table compare the count of those rows per
   * listed group.
   */
  private boolean countCondition(int i, Cue c, Item right) {
    if (right == null
        || !(right.what() instanceof Scan.Number n)
        || n.value().scale() > 0
        || i + 2 >= items.size()
        || !(items.get(i + 2).what() instanceof Mention rows)
        || !namesOnlyATable(rows)
        || used.contains(rows)) {
      return false;
    }
    String table = rows.one(Target.Table.class).table();
    String plain = plainCountMetric(table);
    Measure counted = plain != null ? Measure.metric(plain) : countOf(table);
    if (counted == null) {
      return false;
    }
    countHaving = new Having(null, counted, c.comparison(), Value.number(n.value()));
    countHavingText = c.text() + " " + n.text() + " " + rows.text();
    used.add(c);
    used.add(n);
    used.add(rows);
    return true;
  }

  /** Checks the count condition has groups to apply to; a listing's columns are them. */
  private void applyCountCondition() {
    if (!absent.isEmpty() && !analyses.isEmpty()) {
      problems.add("a negation inside an analysis question is not supported yet");
    }
    if (countHaving == null) {
      return;
    }
    if (form == Form.LISTING && measure == null && !select.isEmpty()) {
      // the groups are shown with the count they were kept for
      for (Projection p : select) {
        if (!(p instanceof Projection.Column c)) {
          problems.add("'" + countHavingText + "': only plain columns can be grouped");
          return;
        }
        groupBy.add(c.column());
      }
      select.clear();
      measure = countHaving.of();
      metricName = measure instanceof Measure.Metric mm ? mm.metric() : null;
      form = Form.METRIC;
      String alias =
          measure.alias() != null
              ? measure.alias()
              : measure instanceof Measure.Metric mm ? mm.metric() : null;
      if (alias == null) {
        problems.add("'" + countHavingText + "': the count has no name to compare");
        return;
      }
      countHaving = new Having(alias, null, countHaving.op(), countHaving.value());
      notes.add(
          "'"
              + countHavingText
              + "' → keep the listed groups whose "
              + describeMeasure(measure)
              + " "
              + symbol(countHaving.op())
              + " "
              + countHaving.value().toString().replaceAll("\\D*\\[value=|\\]", ""));
      return;
    }
    problems.add(
        "'" + countHavingText + "': a condition on a count applies only to listed groups here");
  }

  private void comparisons() {
    for (int i = 0; i < items.size(); i++) {
      if (!(items.get(i).what() instanceof Cue c) || c.kind() != Kind.COMPARE) {
        continue;
      }
      Item right = i + 1 < items.size() ? items.get(i + 1) : null;
      if (countCondition(i, c, right)) {
        continue;
      }
      Item leftItem = previous(i, Kind.COPULA);
      if (leftItem == null || !(leftItem.what() instanceof Mention left) || right == null) {
        continue; // reported as an unused cue
      }
      ColumnRef column = column(left, true);
      if (column == null) {
        continue;
      }
      if (right.what() instanceof Scan.Number n) {
        Filter f = new Filter.Compare(column, c.comparison(), Value.number(n.value()));
        addFilter(f, c.first(), null);
        used.add(c);
        used.add(left);
        used.add(n);
        notes.add(
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
      } else if (right.what() instanceof Cue agg
          && (agg.kind() == Kind.AVG || agg.kind() == Kind.SUM)
          && agg.kind() == Kind.AVG) {
        Filter.VsAggregate f =
            new Filter.VsAggregate(column, c.comparison(), Aggregation.AVG, null, List.of());
        addFilter(f, c.first(), null);
        pendingAverages.add(f);
        used.add(c);
        used.add(left);
        used.add(agg);
        notes.add(
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

  /** The item before {@code i}, skipping cues of the given kinds. */
  private Item previous(int i, Kind... skip) {
    Set<Kind> skipped = skip.length == 0 ? Set.of() : EnumSet.of(skip[0], skip);
    for (int k = i - 1; k >= 0; k--) {
      Object w = items.get(k).what();
      if (w instanceof Cue c && skipped.contains(c.kind())) {
        continue;
      }
      return items.get(k);
    }
    return null;
  }

  // ---------------------------------------------------------------- times attached to a column

  /** "born before 1950", "approved loan date in 1997": a date right after a date column. */
  private void attachTimes() {
    for (int i = 0; i < items.size(); i++) {
      if (!(items.get(i).what() instanceof Scan.Time t)) {
        continue;
      }
      Item leftItem = previous(i, Kind.COPULA, Kind.ORDINAL);
      if (leftItem == null || !(leftItem.what() instanceof Mention left)) {
        continue;
      }
      ColumnRef dateColumn = temporalColumn(left);
      if (dateColumn == null && namesOnlyATable(left)) {
        // "loans in 1997", "loan was approved on 1993/7/5": the date the entity's metrics use.
        dateColumn = eventDate(left.one(Target.Table.class).table());
      }
      if (dateColumn == null) {
        continue;
      }
      TimeExpression e = t.expression();
      Filter f = asFilter(dateColumn, timeFilter(e));
      addFilter(f, t.first(), dateColumn);
      attachedTime.put(f, e);
      used.add(t);
      used.add(left);
      notes.add(
          "'" + left.text() + " " + e.text() + "' → " + dateColumn + " " + describe(timeFilter(e)));
    }
  }

  // ---------------------------------------------------------------- values

  private void values() {
    Map<ColumnRef, List<Value>> inByColumn = new LinkedHashMap<>();
    Map<ColumnRef, Integer> firstPosition = new LinkedHashMap<>();
    Map<ColumnRef, Boolean> negated = new LinkedHashMap<>();
    Map<ColumnRef, List<String>> texts = new LinkedHashMap<>();
    for (int i = 0; i < items.size(); i++) {
      if (!(items.get(i).what() instanceof Mention m) || used.contains(m)) {
        continue;
      }
      List<Target.Value> values = m.all(Target.Value.class);
      if (values.isEmpty()) {
        continue;
      }
      if (analyses.contains(AnalysisCue.CORRELATE) && m.has(Target.Metric.class)) {
        continue; // "correlation between card withdrawals and credits": measures, not filters
      }
      Target.Value v = chooseValue(m, values, i);
      if (v == null) {
        continue;
      }
      used.add(m);
      // "region north Bohemia", "weekly issuance statement": the column named next to its value
      for (int k : new int[] {i - 1, i + 1}) {
        if (k >= 0
            && k < items.size()
            && items.get(k).what() instanceof Mention n
            && !n.has(Target.Value.class)
            && n.all(Target.Column.class).stream().anyMatch(c -> c.column().equals(v.column()))) {
          used.add(n);
        }
      }
      boolean neg = i > 0 && items.get(i - 1).what() instanceof Cue c && c.kind() == Kind.NEGATE;
      if (neg) {
        used.add(items.get(i - 1).what());
      }
      inByColumn.computeIfAbsent(v.column(), k -> new ArrayList<>()).add(Value.text(v.value()));
      firstPosition.putIfAbsent(v.column(), m.first());
      negated.merge(v.column(), neg, Boolean::logicalOr);
      texts.computeIfAbsent(v.column(), k -> new ArrayList<>()).add(m.text());
      notes.add("'" + m.text() + "' → " + v.column() + (neg ? " ≠ '" : " = '") + v.value() + "'");
    }
    for (Map.Entry<ColumnRef, List<Value>> e : inByColumn.entrySet()) {
      List<Value> vs = e.getValue().stream().distinct().toList();
      boolean neg = negated.get(e.getKey());
      Filter f =
          vs.size() == 1
              ? new Filter.Compare(e.getKey(), neg ? Comparison.NE : Comparison.EQ, vs.get(0))
              : new Filter.In(e.getKey(), vs, neg);
      addFilter(f, firstPosition.get(e.getKey()), null);
    }
  }

  /** "never rented", "no permanent orders": conditions that related rows do not exist. */
  private final List<Filter.Exists> absent = new ArrayList<>();

  /**
   * "clients who never took a loan", "accounts that don't have any permanent orders": a negation
   * before a phrase naming rows of one table keeps the rows with no such related rows; the stored
   * values named after it ("a gold card") are read inside those related rows.
   */
  private void negatedRows() {
    for (int i = 0; i + 1 < items.size(); i++) {
      if (!(items.get(i).what() instanceof Cue c)
          || c.kind() != Kind.NEGATE
          || used.contains(c)
          || !(items.get(i + 1).what() instanceof Mention m)
          || used.contains(m)) {
        continue;
      }
      Set<String> tables = new LinkedHashSet<>();
      m.targets().forEach(t -> tables.add(t.table()));
      if (tables.size() != 1 || tables.contains(null)) {
        continue;
      }
      String table = tables.iterator().next();
      List<Filter> inside = new ArrayList<>();
      for (Filter f : List.copyOf(filters)) {
        Integer at = filterPosition.get(f);
        if (at != null && at > m.last() && attachedTo.get(f) == null) {
          inside.add(f);
          filters.remove(f);
        }
      }
      if (!inside.isEmpty()) {
        // "a gold card": the noun the value describes is part of the related rows
        for (Item it : items) {
          if (it.first() > m.last() && it.what() instanceof Mention o && namesOnlyATable(o)) {
            used.add(o);
          }
        }
      }
      absent.add(new Filter.Exists(table, inside, true));
      used.add(c);
      used.add(m);
      notes.add(
          "'"
              + c.text()
              + " "
              + m.text()
              + "' → no related "
              + table
              + " rows"
              + (inside.isEmpty()
                  ? ""
                  : " where "
                      + inside.stream()
                          .map(PickAssembler::describe)
                          .collect(Collectors.joining(" and "))));
    }
  }

  /** One value for a phrase that may name several; asks when nothing in the question decides. */
  private Target.Value chooseValue(Mention m, List<Target.Value> values, int index) {
    Set<ColumnRef> columns =
        values.stream()
            .map(Target.Value::column)
            .collect(Collectors.toCollection(LinkedHashSet::new));
    if (columns.size() == 1 && values.stream().map(Target.Value::value).distinct().count() == 1) {
      return values.get(0);
    }
    String id = "value:" + m.text().toLowerCase();
    String answer = answers.get(id);
    if (answer != null) {
      for (Target.Value v : values) {
        if ((v.column() + "=" + v.value()).equals(answer)) {
          notes.add("'" + m.text() + "' → " + answer + " (answered)");
          return v;
        }
      }
    }
    // A column named right next to the value decides ("region Prague").
    for (int k : new int[] {index - 1, index + 1}) {
      if (k >= 0 && k < items.size() && items.get(k).what() instanceof Mention n) {
        for (Target.Value v : values) {
          if (n.all(Target.Column.class).stream().anyMatch(c -> c.column().equals(v.column()))) {
            return v;
          }
        }
      }
    }
    // Stored values the phrase spells exactly beat declared words for other columns.
    List<Target.Value> exact = values.stream().filter(v -> !v.byWord()).toList();
    if (exact.size() == 1 && values.size() > 1 && contextTables().contains(exact.get(0).table())) {
      return exact.get(0);
    }
    // Another phrase of the question names the table of one of them ("household payments of
    // permanent orders"): that one is meant.
    Set<String> elsewhere = contextTablesOutside(m);
    List<Target.Value> named = values.stream().filter(v -> elsewhere.contains(v.table())).toList();
    if (named.stream().map(Target.Value::column).distinct().count() == 1
        && named.stream().map(Target.Value::value).distinct().count() == 1) {
      return named.get(0);
    }
    List<Clarification.Option> options = new ArrayList<>();
    for (Target.Value v : values) {
      options.add(
          new Clarification.Option(
              v.column() + "=" + v.value(), columnLabel(v.column()) + " = '" + v.value() + "'"));
    }
    ask(new Clarification(id, "value", "Which do you mean by '" + m.text() + "'?", options));
    used.add(m);
    return null;
  }

  // ---------------------------------------------------------------- rankings

  private void rankings() {
    for (int i = 0; i < items.size(); i++) {
      Object w = items.get(i).what();
      if (w instanceof Cue c
          && (c.kind() == Kind.MAX || c.kind() == Kind.MIN)
          && !used.contains(c)) {
        Item nextItem = i + 1 < items.size() ? items.get(i + 1) : null;
        if (nextItem == null || !(nextItem.what() instanceof Mention m)) {
          continue;
        }
        int rank = 1;
        Cue ordinal = null;
        if (i > 0 && items.get(i - 1).what() instanceof Cue o && o.kind() == Kind.ORDINAL) {
          ordinal = o;
          rank = o.number();
        }
        Direction dir = c.kind() == Kind.MAX ? Direction.DESC : Direction.ASC;
        Integer top = c.number() > 0 ? c.number() : null;
        // "the fewest cards", "the most loans": a quantity word on rows counts them; it never
        // orders by one of their columns
        boolean counted =
            Words.QUANTITY_SUPERLATIVES.contains(c.text().toLowerCase(java.util.Locale.ROOT))
                && m.has(Target.Table.class);
        if (m.has(Target.Table.class) && !counted && rankableColumn(m) == null) {
          // "the top nine districts by crimes in 1996" / "… with the highest crimes in 1996":
          // the table is what is listed, the ranking is by what follows.
          Ranking by = rankedBy(i + 2, c, dir, top, rank, m);
          if (by != null) {
            rankings.add(by);
            rankedEntity = m;
            used.add(c);
            if (ordinal != null) {
              used.add(ordinal);
            }
            continue;
          }
        }
        ColumnRef column = counted ? null : rankableColumn(m);
        Measure rankMeasure = null;
        if (column == null) {
          Target.Metric metric = m.one(Target.Metric.class);
          Target.Table table = m.one(Target.Table.class);
          if (table != null && !counted) {
            // "the biggest loans": a size word ranks rows by their one amount, never by how many
            column = amountColumn(table.table());
            if (column == null) {
              continue;
            }
          } else if (metric != null && m.all(Target.Metric.class).size() == 1) {
            rankMeasure = new Measure.Metric(metric.name(), List.of(), metric.name());
          } else if (table != null && primaryKey(table.table()) != null) {
            rankMeasure =
                new Measure.Aggregate(
                    Aggregation.COUNT,
                    primaryKey(table.table()),
                    List.of(),
                    table.table() + "_count");
          } else {
            continue;
          }
        }
        String text = (ordinal == null ? "" : ordinal.text() + " ") + c.text() + " " + m.text();
        rankings.add(new Ranking(c.first(), column, rankMeasure, dir, rank, top, text));
        used.add(c);
        used.add(m);
        if (ordinal != null) {
          used.add(ordinal);
        }
      } else if (w instanceof Mention m && m.has(Target.Superlative.class) && !used.contains(m)) {
        Target.Superlative s = m.one(Target.Superlative.class);
        int rank = 1;
        if (i > 0 && items.get(i - 1).what() instanceof Cue o && o.kind() == Kind.ORDINAL) {
          rank = o.number();
          used.add(o);
        }
        rankings.add(new Ranking(m.first(), s.column(), null, s.direction(), rank, null, m.text()));
        used.add(m);
      }
    }
    // "approved first in 1993/7/5", "the first loan": an ordinal on a date is the earliest.
    for (int i = 0; i < items.size(); i++) {
      if (!(items.get(i).what() instanceof Cue o) || o.kind() != Kind.ORDINAL || used.contains(o)) {
        continue;
      }
      Item before = i > 0 ? items.get(i - 1) : null;
      Item after = i + 1 < items.size() ? items.get(i + 1) : null;
      ColumnRef date = null;
      if (before != null && before.what() instanceof Mention b) {
        date = temporalColumn(b);
        if (date == null && b.has(Target.Table.class)) {
          date = eventDate(b.one(Target.Table.class).table());
        }
      }
      if (date == null
          && after != null
          && after.what() instanceof Mention a
          && a.has(Target.Table.class)) {
        date = eventDate(a.one(Target.Table.class).table());
      }
      if (date != null) {
        rankings.add(
            new Ranking(
                o.first(),
                date,
                null,
                Direction.ASC,
                o.number(),
                null,
                o.text() + " (earliest " + date + ")"));
        used.add(o);
      }
    }
  }

  /** The column the table's one unfiltered sum metric adds up (a loan's amount), or null. */
  private ColumnRef amountColumn(String table) {
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

  /** "which 3 districts": how many rows the list keeps, or null. */
  private Integer listCount;

  /** The mention listed by a "top N" ranking ("districts"), when there is one. */
  private Mention rankedEntity;

  /**
   * The ranking after an entity: "by X", "per X", or "with the highest X" starting at item {@code
   * k}; null when none follows.
   */
  private Ranking rankedBy(int k, Cue top, Direction dir, Integer n, int rank, Mention entity) {
    if (k >= items.size()) {
      return null;
    }
    Object w = items.get(k).what();
    Direction d = dir;
    if (w instanceof Cue by
        && (by.kind() == Kind.GROUP || by.kind() == Kind.MAX || by.kind() == Kind.MIN)
        && k + 1 < items.size()
        && items.get(k + 1).what() instanceof Mention x) {
      if (by.kind() == Kind.MIN) {
        d = Direction.ASC;
      } else if (by.kind() == Kind.MAX) {
        d = Direction.DESC;
      }
      ColumnRef column = rankableColumn(x);
      Measure measure = null;
      if (column == null && x.all(Target.Metric.class).size() == 1) {
        String name = x.one(Target.Metric.class).name();
        measure = new Measure.Metric(name, List.of(), name);
      } else if (column == null) {
        return null;
      }
      used.add(by);
      used.add(x);
      return new Ranking(
          top.first(),
          column,
          measure,
          d,
          rank,
          n,
          top.text() + " " + entity.text() + " " + by.text() + " " + x.text());
    }
    return null;
  }

  private ColumnRef rankableColumn(Mention m) {
    List<ColumnRef> cols = new ArrayList<>();
    for (Target.Column c : m.all(Target.Column.class)) {
      ColumnInfo info = recon.column(c.column()).orElse(null);
      if (info != null && (info.type().isNumeric() || info.type().isTemporal())) {
        cols.add(c.column());
      }
    }
    return disambiguate(m, cols);
  }

  // ---------------------------------------------------------------- form

  private void decideForm() {
    if (!analyses.isEmpty()) {
      // An analysis runs over a named metric; "which districts stand out" names its entities.
      form = Form.METRIC;
      return;
    }
    if (firstCue(Kind.GROWTH) != null) {
      form = Form.GROWTH;
    } else if (firstCue(Kind.PERCENT) != null) {
      form = Form.PERCENT;
    } else if (firstCue(Kind.COUNT) != null) {
      form = Form.COUNT;
    } else if (firstCue(Kind.RATIO) != null) {
      // "the ratio of owners to disponents": rows of two kinds counted, unless a metric is named
      form =
          scan.mentions.stream()
                  .anyMatch(
                      m ->
                          !used.contains(m)
                              && !m.has(Target.Table.class)
                              && m.has(Target.Metric.class)
                              && m.all(Target.Metric.class).stream()
                                  .noneMatch(t -> isCount(t.name())))
              ? Form.METRIC
              : Form.COUNT;
    } else if (scan.mentions.stream()
        .anyMatch(
            m ->
                m.has(Target.Metric.class)
                    && scan.tokens.get(m.first()).norm().equals("how")
                    && saysCount(m))) {
      // "how many clients" as one phrase of the dataset asks for a count, even after "tell me"
      form = Form.METRIC;
    } else if (listingStart() >= 0 && firstCue(Kind.AVG) == null && firstCue(Kind.SUM) == null) {
      form = Form.LISTING;
    } else if (firstCue(Kind.AVG) != null || firstCue(Kind.SUM) != null) {
      form = Form.AGGREGATE;
    } else {
      form = Form.METRIC;
    }
  }

  private Cue firstCue(Kind kind) {
    for (Item it : items) {
      if (it.what() instanceof Cue c && c.kind() == kind && !used.contains(c)) {
        return c;
      }
    }
    return null;
  }

  /** The index of the first attribute after a LIST cue, or -1 when nothing is listed. */
  private int listingStart() {
    for (int i = 0; i < items.size(); i++) {
      if (items.get(i).what() instanceof Cue c && c.kind() == Kind.LIST) {
        int k = i + 1;
        while (k < items.size()
            && (items.get(k).what() instanceof Cue n
                    && (n.kind() == Kind.COPULA
                        || n.kind() == Kind.LIST
                        || used.contains(n) && (n.kind() == Kind.MAX || n.kind() == Kind.MIN))
                || items.get(k).what() instanceof Scan.Number
                    && k + 1 < items.size()
                    && items.get(k + 1).what() instanceof Mention nm
                    && nm.has(Target.Table.class))) {
          k++;
        }
        if (k < items.size()
            && items.get(k).what() instanceof Mention m
            && selectable(m)
            && !used.contains(m)) {
          return k;
        }
      }
    }
    // "Top nine districts by crimes": a ranked entity is a list even without "list".
    return rankedEntity == null ? -1 : indexOf(rankedEntity);
  }

  private static boolean selectable(Mention m) {
    return m.has(Target.Table.class)
        || m.has(Target.Column.class)
        || m.has(Target.Identifier.class)
        || m.has(Target.YearsSince.class);
  }

  private void measureOrSelection() {
    switch (form) {
      case GROWTH -> growth();
      case PERCENT -> percentage();
      case COUNT -> count();
      case AGGREGATE -> aggregate();
      case METRIC -> metric();
      case LISTING -> listing();
    }
  }

  private void growth() {
    Cue g = firstCue(Kind.GROWTH);
    used.add(g);
    int i = indexOf(g);
    Measure of = null;
    String ofText = null;
    for (int k = i + 1; k < items.size() && of == null; k++) {
      Object w = items.get(k).what();
      if (w instanceof Cue c && (c.kind() == Kind.SUM || c.kind() == Kind.AVG)) {
        continue;
      }
      if (w instanceof Mention m) {
        of = measureOf(m, k);
        ofText = m.text();
      } else if (!(w instanceof Cue)) {
        break;
      }
    }
    if (of == null) {
      problems.add("'" + g.text() + "' needs a measure after it (growth of what?)");
      return;
    }
    if (growthTime == null) {
      problems.add("'" + g.text() + "' needs two periods ('between 1996 and 1997')");
      return;
    }
    used.add(growthTime);
    TimeExpression e = growthTime.expression();
    measure =
        new Measure.Growth(
            of, e.first().toTimeFilter(), e.second().toTimeFilter(), "growth_percent");
    notes.add(
        "'"
            + g.text()
            + " of "
            + ofText
            + " "
            + e.text()
            + "' → percent change of "
            + describeMeasure(of)
            + " from "
            + e.first()
            + " to "
            + e.second());
  }

  /** A measure from a mention: a metric, or the sum (or average, after "average") of a column. */
  private Measure measureOf(Mention m, int index) {
    Cue before = index > 0 && items.get(index - 1).what() instanceof Cue c ? c : null;
    List<Target.Metric> metrics = m.all(Target.Metric.class);
    if (!metrics.isEmpty()) {
      String name = chooseMetric(m, metrics);
      if (name == null) {
        return null;
      }
      used.add(m);
      if (before != null && (before.kind() == Kind.SUM || before.kind() == Kind.AVG)) {
        Aggregation agg = metricAggregation(name);
        if ((before.kind() == Kind.SUM && agg == Aggregation.SUM)
            || (before.kind() == Kind.AVG && agg == Aggregation.AVG)) {
          used.add(before);
        }
      }
      metricName = name;
      return Measure.metric(name);
    }
    ColumnRef col = numericColumn(m);
    if (col != null) {
      used.add(m);
      Aggregation fn = Aggregation.SUM;
      if (before != null && before.kind() == Kind.AVG) {
        fn = Aggregation.AVG;
        used.add(before);
      } else if (before != null && before.kind() == Kind.SUM) {
        used.add(before);
      }
      return new Measure.Aggregate(fn, col, List.of(), null);
    }
    if (m.has(Target.Table.class)) {
      Cue count = before != null && before.kind() == Kind.COUNT ? before : null;
      if (count != null) {
        used.add(count);
        used.add(m);
        return countOf(m.one(Target.Table.class).table());
      }
    }
    return null;
  }

  private Aggregation metricAggregation(String name) {
    return recon
        .metric(name)
        .filter(d -> d instanceof MetricDefinition.Aggregate)
        .map(d -> ((MetricDefinition.Aggregate) d).aggregation())
        .orElse(null);
  }

  private void percentage() {
    Cue p = firstCue(Kind.PERCENT);
    used.add(p);
    int i = indexOf(p);
    Item next = i + 1 < items.size() ? items.get(i + 1) : null;
    if (next != null
        && next.what() instanceof Mention m
        && m.has(Target.Metric.class)
        && !m.has(Target.Table.class)) {
      String name = chooseMetric(m, m.all(Target.Metric.class));
      if (name != null
          && "percent".equals(recon.metric(name).map(MetricDefinition::unit).orElse(""))) {
        used.add(m);
        measure = Measure.metric(name);
        metricName = name;
        notes.add("'" + p.text() + " " + m.text() + "' → metric " + name);
        return;
      }
    }
    Mention population = null;
    for (int k = i + 1; k < items.size(); k++) {
      if (items.get(k).what() instanceof Mention m && m.has(Target.Table.class)) {
        population = m;
        break;
      }
    }
    if (population == null) {
      problems.add(
          "'" + p.text() + "' needs the rows it is a percentage of (of clients? of loans?)");
      return;
    }
    used.add(population);
    String table = population.one(Target.Table.class).table();
    int popAt = population.first();
    int scope = wholeScope(popAt);
    int copula = -1;
    for (Item it : items) {
      if (it.what() instanceof Cue c
          && c.kind() == Kind.COPULA
          && c.first() > popAt
          && c.first() < scope) {
        copula = c.first();
      }
    }
    List<Filter> condition = new ArrayList<>();
    for (Filter f : filters) {
      int at = filterPosition.getOrDefault(f, -1);
      boolean isCondition =
          at < scope && (copula >= 0 ? at > copula : at > p.first() && at < popAt);
      if (isCondition) {
        condition.add(f);
      }
    }
    if (condition.isEmpty() && copula < 0) {
      for (Filter f : filters) {
        int at = filterPosition.getOrDefault(f, -1);
        if (at > popAt && at < scope) {
          condition.add(f);
        }
      }
    }
    if (condition.isEmpty()) {
      problems.add(
          "'"
              + p.text()
              + " "
              + population.text()
              + "' does not say which of them to count (percentage of them that are what?)");
      return;
    }
    filters.removeAll(condition);
    ColumnRef key = populationKey(table, condition);
    if (key == null) {
      return;
    }
    Measure part = new Measure.Aggregate(Aggregation.COUNT, key, condition, null);
    Measure whole = new Measure.Aggregate(Aggregation.COUNT, key, List.of(), null);
    measure = new Measure.Ratio(part, whole, true, "percentage");
    notes.add(
        "'"
            + p.text()
            + " "
            + population.text()
            + "' → 100 × count("
            + key
            + ") where "
            + condition.stream().map(PickAssembler::describe).collect(Collectors.joining(" and "))
            + " / count("
            + key
            + ")");
  }

  /**
   * What to count for "percentage of P that C": P's key, or — when the condition lives in a table C
   * that refers to P (the status of an account's loan) — C's reference to P, so the count runs over
   * C's rows (the Pick language cannot filter a measure through a one-to-many join).
   */
  /**
   * "… for all accounts opened in 1993", "… among all loans": what follows names the whole the
   * percentage is taken of, so its filters narrow both parts. The token where that scope starts, or
   * past the end when the question has none.
   */
  private int wholeScope(int after) {
    for (int i = after + 1; i + 1 < scan.tokens.size(); i++) {
      String w = scan.tokens.get(i).norm();
      if (Set.of("for", "of", "among", "amongst").contains(w)
          && scan.tokens.get(i + 1).norm().equals("all")) {
        return i;
      }
    }
    return Integer.MAX_VALUE;
  }

  private ColumnRef populationKey(String population, List<Filter> condition) {
    Set<String> tables =
        condition.stream().map(f -> f.column().table()).collect(Collectors.toSet());
    if (tables.size() == 1 && !tables.contains(population)) {
      String c = tables.iterator().next();
      JoinPath path = recon.joins().path(population, c).orElse(null);
      ColumnRef fk = foreignKey(c, population);
      if (path != null && fk != null && path.steps().stream().anyMatch(JoinStep::fansOut)) {
        notes.add(population + " counted through " + fk + ", where the condition lives");
        return fk;
      }
    }
    return primaryKey(population);
  }

  private void count() {
    Cue c = firstCue(Kind.COUNT) != null ? firstCue(Kind.COUNT) : firstCue(Kind.RATIO);
    used.add(c);
    int i = indexOf(c);
    Mention firstValue = null;
    for (int k = i + 1; k < items.size(); k++) {
      Object w = items.get(k).what();
      if (!(w instanceof Mention m)) {
        if (w instanceof Cue || w instanceof Scan.Number || w instanceof Scan.Time) {
          continue;
        }
        break;
      }
      if (m.has(Target.Value.class) || m.has(Target.Superlative.class)) {
        if (firstValue == null && m.has(Target.Value.class)) {
          firstValue = m;
        }
        continue;
      }
      String table = null;
      Target.Table t = m.one(Target.Table.class);
      if (t != null) {
        table = t.table();
      } else if (m.has(Target.Metric.class)
          && m.all(Target.Metric.class).size() == 1
          && isCount(m.one(Target.Metric.class).name())) {
        measure = Measure.metric(m.one(Target.Metric.class).name());
        metricName = m.one(Target.Metric.class).name();
        used.add(m);
        notes.add("'" + c.text() + " " + m.text() + "' → metric " + metricName);
        return;
      } else if (m.has(Target.Column.class)) {
        ColumnRef col =
            disambiguate(
                m, m.all(Target.Column.class).stream().map(Target.Column::column).toList());
        table = col == null ? null : col.table();
      }
      if (table == null) {
        continue;
      }
      used.add(m);
      String plain = plainCountMetric(table);
      if (plain != null) {
        measure = Measure.metric(plain);
        metricName = plain;
        notes.add("'" + c.text() + " " + m.text() + "' → metric " + plain);
      } else {
        measure = countOf(table);
        notes.add("'" + c.text() + " " + m.text() + "' → count of " + table + " rows");
      }
      return;
    }
    if (firstValue != null && countRowsOfValue(c, firstValue)) {
      return;
    }
    problems.add("'" + c.text() + "' is not followed by what to count");
  }

  /**
   * "how many card withdrawals", "how many junior cards": a counting word followed only by a stored
   * value counts the rows of the value's table that hold it (the value is already a filter).
   */
  private boolean countRowsOfValue(Cue c, Mention m) {
    Target.Value v = m.one(Target.Value.class);
    if (m.all(Target.Value.class).stream().map(x -> x.column().table()).distinct().count() != 1
        || !used.contains(m)) {
      return false;
    }
    String table = v.column().table();
    String plain = plainCountMetric(table);
    if (plain != null) {
      measure = Measure.metric(plain);
      metricName = plain;
      notes.add("'" + c.text() + " " + m.text() + "' → metric " + plain);
    } else {
      measure = countOf(table);
      notes.add("'" + c.text() + " " + m.text() + "' → count of " + table + " rows");
    }
    return true;
  }

  /**
   * "the account", "loans": a table's noun also names the metric counting its rows, but without a
   * counting word ("how many", "number of") it names the rows, not their count.
   */
  private boolean namesRowsOnly(Mention m) {
    return m.has(Target.Table.class)
        && m.all(Target.Metric.class).stream().allMatch(t -> isCount(t.name()))
        && !saysCount(m);
  }

  /** Whether a phrase holds a counting word itself ("how many clients" as one synonym). */
  private boolean saysCount(Mention m) {
    BitSet outside = new BitSet();
    outside.set(0, scan.tokens.size());
    outside.clear(m.first(), m.last() + 1);
    return Words.cues(scan.tokens, outside).stream().anyMatch(c -> c.kind() == Kind.COUNT);
  }

  private boolean isCount(String metric) {
    Aggregation a = metricAggregation(metric);
    return a == Aggregation.COUNT || a == Aggregation.COUNT_DISTINCT;
  }

  /** A metric that counts every row of the table by its key, with no filter. */
  private String plainCountMetric(String table) {
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

  private void aggregate() {
    for (int i = 0; i < items.size(); i++) {
      if (!(items.get(i).what() instanceof Cue c)
          || used.contains(c)
          || (c.kind() != Kind.AVG && c.kind() != Kind.SUM)) {
        continue;
      }
      Item next = i + 1 < items.size() ? items.get(i + 1) : null;
      if (next != null && next.what() instanceof Mention m && !used.contains(m)) {
        Measure ms = measureOf(m, i + 1);
        if (ms != null) {
          measure = ms;
          notes.add("'" + c.text() + " " + m.text() + "' → " + describeMeasure(ms));
          return;
        }
      }
      if (next != null && next.what() instanceof Mention v && v.has(Target.Value.class)) {
        // "how much interest", "the average pension": the amount of the rows holding the value
        String plain =
            plainAmountMetric(v, c.kind() == Kind.SUM ? Aggregation.SUM : Aggregation.AVG);
        if (plain != null) {
          used.add(c);
          measure = Measure.metric(plain);
          metricName = plain;
          notes.add("'" + c.text() + " " + v.text() + "' → metric " + plain);
          return;
        }
      }
    }
    metric();
  }

  /** The one metric aggregating all rows of a stored value's table with {@code fn}, or null. */
  private String plainAmountMetric(Mention value, Aggregation fn) {
    Set<String> tables = new HashSet<>();
    value.all(Target.Value.class).forEach(x -> tables.add(x.table()));
    if (tables.size() != 1) {
      return null;
    }
    String table = tables.iterator().next();
    List<String> found = new ArrayList<>();
    for (MetricDefinition m : recon.metrics()) {
      if (m instanceof MetricDefinition.Aggregate a
          && a.aggregation() == fn
          && a.filters().isEmpty()
          && a.column().table().equals(table)) {
        found.add(m.name());
      }
    }
    return found.size() == 1 ? found.get(0) : null;
  }

  private void metric() {
    String answered = answers.get("metric");
    if (answered != null && recon.metric(answered).isPresent()) {
      measure = Measure.metric(answered);
      metricName = answered;
      notes.add("metric " + answered + " (answered)");
      return;
    }
    for (int i = 0; i < items.size(); i++) {
      if (items.get(i).what() instanceof Mention m
          && !used.contains(m)
          && m.has(Target.Metric.class)
          && !namesRowsOnly(m)) {
        String name = chooseMetric(m, m.all(Target.Metric.class));
        if (name == null) {
          return;
        }
        used.add(m);
        measure = Measure.metric(name);
        metricName = name;
        notes.add(
            "'"
                + m.text()
                + "' → metric "
                + name
                + (m.fuzzy() ? " (by meaning: no exact word matched)" : ""));
        if (i > 0
            && items.get(i - 1).what() instanceof Cue c
            && (c.kind() == Kind.SUM || c.kind() == Kind.AVG)) {
          Aggregation agg = metricAggregation(name);
          if ((c.kind() == Kind.SUM && agg == Aggregation.SUM)
              || (c.kind() == Kind.AVG && agg == Aggregation.AVG)) {
            used.add(c);
          }
        }
        if (analyses.contains(AnalysisCue.CORRELATE)) {
          // "correlation between card withdrawals and credits": every metric named takes part.
          for (int k = i + 1; k < items.size(); k++) {
            if (items.get(k).what() instanceof Mention o
                && !used.contains(o)
                && o.has(Target.Metric.class)
                && o.all(Target.Metric.class).size() == 1) {
              used.add(o);
              extraMetrics.add(o.one(Target.Metric.class).name());
              notes.add("'" + o.text() + "' → metric " + o.one(Target.Metric.class).name());
            }
          }
        }
        return;
      }
    }
    if (!analyses.isEmpty() && problems.isEmpty()) {
      String implied = MetricWords.implied(scan, recon, filters);
      if (implied != null) {
        adoptImpliedMetric(implied);
        return;
      }
      // An analysis without a measure: ask which, among the metrics that have a time column, the
      // ones closest to the question's words first.
      List<Clarification.Option> options = new ArrayList<>();
      for (MetricDefinition m : MetricWords.ranked(scan, recon)) {
        options.add(new Clarification.Option(m.name(), m.description()));
      }
      ask(
          new Clarification(
              "metric", "metric", "Which measure should the analysis look at?", options));
      return;
    }
    if (grain != null && problems.isEmpty()) {
      // "card withdrawals by month": a series over time of what the question's words imply
      String implied = MetricWords.implied(scan, recon, filters);
      if (implied != null) {
        adoptImpliedMetric(implied);
        return;
      }
    }
    problems.add(
        "no metric, count or list of the " + recon.dataset() + " dataset is named in the question");
  }

  /**
   * The metric an analysis reads when the question implies it: its own words ("number of
   * transactions"), or the stored values it filters on ("card withdrawals"), whose filters the
   * metric then carries.
   */
  private void adoptImpliedMetric(String name) {
    measure = Measure.metric(name);
    metricName = name;
    MetricDefinition def = recon.metric(name).orElseThrow();
    if (def instanceof MetricDefinition.Aggregate a) {
      filters.removeAll(a.filters());
    }
    notes.add("the question's words → metric " + name);
  }

  /** One metric for a phrase; asks (with the metrics as options) when it names several. */
  private String chooseMetric(Mention m, List<Target.Metric> metrics) {
    List<String> names = metrics.stream().map(Target.Metric::name).distinct().toList();
    if (names.size() == 1) {
      return names.get(0);
    }
    String id = "metric:" + m.text().toLowerCase();
    String answer = answers.get(id);
    if (answer != null && names.contains(answer)) {
      notes.add("'" + m.text() + "' → metric " + answer + " (answered)");
      return answer;
    }
    String question =
        lexicon.ambiguous().stream()
            .filter(a -> a.words().stream().anyMatch(w -> w.equalsIgnoreCase(m.text())))
            .map(LexiconFile.AmbiguousDoc::question)
            .findFirst()
            .orElse("Which measure do you mean by '" + m.text() + "'?");
    List<Clarification.Option> options = new ArrayList<>();
    for (String n : names) {
      String description = recon.metric(n).map(MetricDefinition::description).orElse(n);
      options.add(new Clarification.Option(n, description));
    }
    ask(new Clarification(id, "metric", question, options));
    used.add(m);
    return null;
  }

  private void listing() {
    int start = listingStart();
    if (start > 0
        && items.get(start - 1).what() instanceof Scan.Number n
        && n.value().scale() <= 0
        && n.value().signum() > 0) {
      // "which 3 districts …": the number of rows wanted
      used.add(n);
      listCount = n.value().intValueExact();
      notes.add("'" + n.text() + "' → keep " + listCount + " rows");
    }
    Cue list = null;
    for (int k = start - 1; k >= 0; k--) {
      if (items.get(k).what() instanceof Cue c && c.kind() == Kind.LIST) {
        list = c;
        break;
      }
    }
    used.add(list);
    List<Mention> attributes = new ArrayList<>();
    int k = start;
    while (k < items.size()
        && items.get(k).what() instanceof Mention m
        && selectable(m)
        && !used.contains(m)) {
      attributes.add(m);
      if (k + 1 >= items.size() || !connectedByListWords(items.get(k), items.get(k + 1))) {
        break;
      }
      k++;
    }
    // "the IDs and age of the client": the last table is the entity the attributes belong to.
    String entity = null;
    Mention last = attributes.get(attributes.size() - 1);
    if (last.has(Target.Table.class) && attributes.size() > 1) {
      entity = last.one(Target.Table.class).table();
      used.add(last);
      attributes.remove(attributes.size() - 1);
    }
    for (Mention m : attributes) {
      used.add(m);
      Projection p = projection(m, entity);
      if (p == null) {
        return;
      }
      if (select.contains(p)) {
        // "the clients' IDs": the entity and its identifier name one column
        continue;
      }
      select.add(p);
      notes.add("'" + m.text() + "' → list " + describe(p));
    }
  }

  /** Whether only "and", commas, "of" and articles separate two listed attributes. */
  private boolean connectedByListWords(Item a, Item b) {
    if (!(b.what() instanceof Mention)) {
      return false;
    }
    for (int t = a.last() + 1; t < b.first(); t++) {
      String w = scan.tokens.get(t).norm();
      if (!Set.of("and", "of", "the", "a", "an", "their", "its").contains(w)) {
        return false;
      }
    }
    // a comma or "and" must be there unless "of" links attribute to entity
    return true;
  }

  private Projection projection(Mention m, String entity) {
    if (m.has(Target.YearsSince.class)) {
      Target.YearsSince y = m.one(Target.YearsSince.class);
      if (entity != null && !entity.equals(y.column().table())) {
        problems.add("'" + m.text() + "' is known for " + y.column().table() + ", not " + entity);
        return null;
      }
      return new Projection.YearsSince(y.column(), null, y.name());
    }
    if (m.has(Target.Identifier.class)) {
      if (entity == null) {
        // "the clients' IDs", "IDs of the female clients": the nearest entity noun owns them
        entity = nearestEntity(m);
      }
      if (entity == null) {
        problems.add("'" + m.text() + "': identifiers of what?");
        return null;
      }
      ColumnRef key = primaryKey(entity);
      return key == null ? null : new Projection.Column(key, null);
    }
    List<ColumnRef> columns =
        m.all(Target.Column.class).stream().map(Target.Column::column).toList();
    if (!columns.isEmpty() && (!m.has(Target.Table.class) || entity != null)) {
      ColumnRef c = disambiguate(m, columns);
      return c == null ? null : new Projection.Column(c, null);
    }
    Target.Table t = m.one(Target.Table.class);
    if (t != null) {
      ColumnRef c = labelColumn(t.table());
      return c == null ? null : new Projection.Column(c, null);
    }
    problems.add("cannot list '" + m.text() + "'");
    return null;
  }

  /** The table named by the entity noun closest to {@code m}, at most six words away. */
  private String nearestEntity(Mention m) {
    Mention best = null;
    int bestDistance = 7;
    for (Mention o : scan.mentions) {
      if (o == m || !namesOnlyATable(o)) {
        continue;
      }
      int d = o.first() > m.last() ? o.first() - m.last() : m.first() - o.last();
      if (d > 0 && d < bestDistance) {
        best = o;
        bestDistance = d;
      }
    }
    if (best == null) {
      return null;
    }
    used.add(best);
    return best.one(Target.Table.class).table();
  }

  // ---------------------------------------------------------------- rankings applied

  private void applyRankings() {
    if (rankings.isEmpty()) {
      if (listCount != null) {
        problems.add("which " + listCount + "? the question gives no order to pick them by");
      }
      return;
    }
    if (form == Form.LISTING && rankings.size() == 1 && rankings.get(0).measure() != null) {
      // "top five districts by number of loans": a measure per listed row, ordered.
      Ranking r = rankings.get(0);
      for (Projection p : select) {
        if (!(p instanceof Projection.Column c)) {
          problems.add("'" + r.text() + "': only plain columns can be ranked by a measure");
          return;
        }
        groupBy.add(c.column());
      }
      select.clear();
      measure = r.measure();
      metricName = r.measure() instanceof Measure.Metric mm ? mm.metric() : null;
      form = Form.METRIC;
      rankedListOrder = new Order.ByMeasure(r.measure().alias(), r.direction());
      listingLimit = r.top() != null ? r.top() : listCount != null ? listCount : 1;
      listingOffset = r.top() == null && listCount == null && r.rank() > 1 ? r.rank() - 1 : null;
      notes.add(
          "'"
              + r.text()
              + "' → "
              + describeMeasure(r.measure())
              + " per "
              + groupBy
              + ", "
              + r.direction().name().toLowerCase()
              + ", first "
              + listingLimit);
      return;
    }
    if (form == Form.LISTING) {
      if (rankings.size() == 2
          && rankings.stream().allMatch(r -> r.top() == null)
          && !orderOfRankings()) {
        return;
      }
      Integer limit = null;
      Integer offset = null;
      for (Ranking r : rankings) {
        if (r.column() == null) {
          problems.add("'" + r.text() + "': ranking listed rows by a measure is not supported");
          return;
        }
        if (r.top() != null) {
          limit = r.top();
        } else if (limit == null && listCount != null) {
          limit = listCount;
        } else if (limit == null) {
          limit = 1;
          offset = r.rank() > 1 ? r.rank() - 1 : null;
        }
        notes.add(
            "'"
                + r.text()
                + "' → order by "
                + r.column()
                + " "
                + r.direction().name().toLowerCase());
      }
      listingOrder = new ArrayList<>();
      for (Ranking r : rankings) {
        listingOrder.add(new Order.ByColumn(r.column(), r.direction()));
      }
      listingLimit = limit;
      listingOffset = offset;
      notes.add(
          "keep "
              + (offset == null ? "" : "row " + (offset + 1) + ", ")
              + "the first "
              + limit
              + " row"
              + (limit == 1 ? "" : "s"));
      return;
    }
    for (Ranking r : rankings) {
      if (r.top() != null) {
        problems.add(
            "'"
                + r.text()
                + "': a top-N inside a "
                + form.name().toLowerCase()
                + " question is not supported");
        continue;
      }
      String entity = entityBefore(r.position());
      if (entity == null) {
        entity = r.column() != null ? r.column().table() : null;
      }
      if (entity == null) {
        problems.add("'" + r.text() + "': ranked among what?");
        continue;
      }
      ColumnRef key = primaryKey(entity);
      if (key == null) {
        continue;
      }
      List<Filter> scope = new ArrayList<>();
      if (r.column() != null) {
        for (Filter f : List.copyOf(filters)) {
          if (r.column().equals(attachedTo.get(f))) {
            scope.add(f);
            filters.remove(f);
          }
        }
      }
      ColumnRef select = null;
      String rankedTable = r.column() != null ? r.column().table() : measureTable(r.measure());
      if (!rankedTable.equals(entity)) {
        select = foreignKey(rankedTable, entity);
        if (select == null && r.column() != null) {
          problems.add(
              "'" + r.text() + "': " + rankedTable + " does not refer to " + entity + " directly");
          continue;
        }
        if (r.measure() != null) {
          select = key;
        }
      }
      RankBy by =
          r.column() != null ? new RankBy.ByColumn(r.column()) : new RankBy.ByMeasure(r.measure());
      Filter.Ranked f = new Filter.Ranked(key, select, by, r.direction(), r.rank(), scope);
      addFilter(f, r.position(), null);
      notes.add(
          "'"
              + r.text()
              + "' → "
              + key
              + " = the "
              + entity
              + " ranked "
              + r.rank()
              + " by "
              + (r.column() != null ? r.column().toString() : describeMeasure(r.measure()))
              + " "
              + r.direction().name().toLowerCase()
              + (scope.isEmpty()
                  ? ""
                  : " among "
                      + scope.stream()
                          .map(PickAssembler::describe)
                          .collect(Collectors.joining(" and "))));
    }
  }

  /**
   * "oldest and with the lowest salary": two superlatives pick one row only in some order of
   * precedence, which the question does not give. Asks which comes first; true when answered.
   */
  private boolean orderOfRankings() {
    Ranking a = rankings.get(0);
    Ranking b = rankings.get(1);
    String id = "ranking:" + a.text().toLowerCase() + "|" + b.text().toLowerCase();
    String ab = a.column() + "," + b.column();
    String ba = b.column() + "," + a.column();
    String answer = answers.get(id);
    if (ab.equals(answer)) {
      return true;
    }
    if (ba.equals(answer)) {
      rankings.set(0, b);
      rankings.set(1, a);
      return true;
    }
    ask(
        new Clarification(
            id,
            "ranking",
            "'"
                + a.text()
                + "' and '"
                + b.text()
                + "' may pick different rows: which decides first?",
            List.of(
                new Clarification.Option(ab, "'" + a.text() + "' first, then '" + b.text() + "'"),
                new Clarification.Option(
                    ba, "'" + b.text() + "' first, then '" + a.text() + "'"))));
    return false;
  }

  private List<Order> listingOrder = List.of();

  /** The order of a list ranked by a measure, or null. */
  private Order rankedListOrder;

  private Integer listingLimit;
  private Integer listingOffset;

  /** "the branch where the second-highest …": the table named right before the ranking. */
  private String entityBefore(int position) {
    for (int k = items.size() - 1; k >= 0; k--) {
      Item it = items.get(k);
      if (it.first() >= position) {
        continue;
      }
      if (it.what() instanceof Cue c
          && (isRelative(c) || c.kind() == Kind.ORDINAL || c.kind() == Kind.COPULA)) {
        continue;
      }
      if (it.what() instanceof Mention m) {
        if (m.has(Target.Table.class)) {
          return m.one(Target.Table.class).table();
        }
        if (temporalColumn(m) != null) {
          continue; // "loan was approved first": the verb sits between entity and ordinal
        }
      }
      return null;
    }
    return null;
  }

  /** The column of {@code from} that references {@code to}'s key, by a declared relationship. */
  private ColumnRef foreignKey(String from, String to) {
    for (Relationship r : recon.relationships()) {
      if (r.from().table().equals(from) && r.to().table().equals(to)) {
        return r.from();
      }
    }
    return null;
  }

  // ---------------------------------------------------------------- groupings

  private void groupings() {
    for (int i = 0; i < items.size(); i++) {
      if (!(items.get(i).what() instanceof Cue c) || c.kind() != Kind.GROUP || used.contains(c)) {
        continue;
      }
      Item next = i + 1 < items.size() ? items.get(i + 1) : null;
      if (next == null || !(next.what() instanceof Mention m)) {
        continue;
      }
      Item after = i + 2 < items.size() ? items.get(i + 2) : null;
      if (after != null && after.what() instanceof Cue r && isRelative(r)) {
        // "loans per account that chose monthly statements": a condition, not a grouping.
        used.add(c);
        notes.add(
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
      // "by region and operation": every dimension listed after the cue.
      int k = i + 1;
      while (k < items.size() && items.get(k).what() instanceof Mention d) {
        ColumnRef col = groupColumn(d);
        if (col == null) {
          break;
        }
        if (form == Form.LISTING) {
          problems.add(
              "'"
                  + c.text()
                  + " "
                  + d.text()
                  + "' groups a list; ask for a count or a "
                  + "metric per "
                  + d.text());
          return;
        }
        groupBy.add(col);
        used.add(c);
        used.add(d);
        notes.add("'" + c.text() + " " + d.text() + "' → per " + col);
        if (k + 1 >= items.size() || !joinedByAnd(items.get(k), items.get(k + 1))) {
          break;
        }
        k++;
      }
    }
  }

  private ColumnRef groupColumn(Mention m) {
    if (m.has(Target.Value.class) || m.has(Target.Metric.class) && !m.has(Target.Table.class)) {
      return null;
    }
    if (m.has(Target.Column.class)) {
      return disambiguate(
          m, m.all(Target.Column.class).stream().map(Target.Column::column).toList());
    }
    if (m.has(Target.Table.class)) {
      String t = m.one(Target.Table.class).table();
      return labelColumn(t);
    }
    return null;
  }

  /**
   * The column that names a table's rows for people: the reader's lexicon label, else recon's one
   * label column (a book's title), else the key.
   */
  private ColumnRef labelColumn(String table) {
    String label = lexicon.labels().get(table);
    if (label != null) {
      return ColumnRef.of(label);
    }
    List<String> own = recon.table(table).map(TableInfo::label).orElse(List.of());
    return own.size() == 1 ? new ColumnRef(table, own.get(0)) : primaryKey(table);
  }

  /** "which districts stand out": the entities outliers are sought among. */
  private void outlierEntity() {
    if (!analyses.contains(AnalysisCue.OUTLIERS) || !groupBy.isEmpty()) {
      return;
    }
    for (Item it : items) {
      if (it.what() instanceof Mention m
          && !used.contains(m)
          && namesOnlyATable(m)
          && (measure == null || !m.has(Target.Metric.class))) {
        ColumnRef col = groupColumn(m);
        if (col != null) {
          groupBy.add(col);
          used.add(m);
          notes.add("'" + m.text() + "' → outliers among " + col);
          return;
        }
      }
    }
  }

  /** Whether only "and" or a comma separate two items. */
  private boolean joinedByAnd(Item a, Item b) {
    if (!(b.what() instanceof Mention)) {
      return false;
    }
    String between =
        scan.question.substring(
            scan.tokens.get(a.last()).end(), scan.tokens.get(b.first()).start());
    return between.strip().matches("(?i)(,|and|, and|the|and the|, the)?");
  }

  // ---------------------------------------------------------------- time scope

  private Scan.Time mainTime() {
    if (analyses.contains(AnalysisCue.COMPARE)) {
      // "compare 1998 with 1997": the periods are the comparison's, kept in the frame.
      List<Scan.Time> free = new ArrayList<>();
      for (Item it : items) {
        if (it.what() instanceof Scan.Time t && !used.contains(t)) {
          free.add(t);
        }
      }
      if (free.size() >= 2) {
        used.addAll(free);
        return null;
      }
    }
    Scan.Time main = null;
    for (Item it : items) {
      if (it.what() instanceof Scan.Time t && !used.contains(t)) {
        if (main != null) {
          problems.add(
              "two time scopes ('"
                  + main.expression().text()
                  + "' and '"
                  + t.expression().text()
                  + "'): say which date each applies to");
          return null;
        }
        main = t;
      }
    }
    if (main != null) {
      used.add(main);
    }
    return main;
  }

  /** The date column a time scope or grain applies to. */
  private ColumnRef timeColumn(Scan.Time main) {
    if (measure != null) {
      ColumnRef c = measureTimeColumn(measure);
      if (c == null) {
        problems.add(
            "cannot tell which date "
                + (main != null ? "'" + main.expression().text() + "'" : "the time grain")
                + " applies to for "
                + describeMeasure(measure));
      }
      return c;
    }
    // A listing: the date of the table talked about nearest to the expression.
    if (main == null) {
      problems.add("a time grain needs a measure (a count or a metric) to bucket");
      return null;
    }
    List<Mention> nearest = new ArrayList<>(scan.mentions);
    nearest.sort(
        Comparator.comparingInt(
            m -> Math.abs(m.first() - main.first()) + (m.first() > main.first() ? 1 : 0)));
    for (Mention m : nearest) {
      for (Target t : m.targets()) {
        if (t.table() == null) {
          continue;
        }
        ColumnRef d = onlyDateColumn(t.table());
        if (d != null) {
          return d;
        }
      }
    }
    problems.add("cannot tell which date '" + main.expression().text() + "' applies to");
    return null;
  }

  private ColumnRef measureTimeColumn(Measure m) {
    if (m instanceof Measure.Metric mm) {
      return recon.metric(mm.metric()).map(MetricDefinition::timeColumn).orElse(null);
    }
    if (m instanceof Measure.Aggregate a) {
      return onlyDateColumn(a.column().table());
    }
    return measureTimeColumn(inner(m));
  }

  /** The measure a derived measure is computed from (its numerator or left side). */
  private static Measure inner(Measure m) {
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

  private String measureTable(Measure m) {
    if (m instanceof Measure.Metric mm) {
      return recon.metric(mm.metric()).map(MetricDefinition::table).orElse(null);
    }
    if (m instanceof Measure.Aggregate a) {
      return a.column().table();
    }
    return measureTable(inner(m));
  }

  static TimeFilter timeFilter(TimeExpression e) {
    Period p = e.first();
    switch (e.relation()) {
      case BETWEEN:
        return new TimeFilter.Range(p.from(), e.second().to());
      case BEFORE:
        return new TimeFilter.Range(null, p.from().minusDays(1));
      case AFTER:
        return new TimeFilter.Range(p.to().plusDays(1), null);
      case SINCE:
        return new TimeFilter.Range(p.from(), null);
      case UNTIL:
        return new TimeFilter.Range(null, p.to());
      default:
        return p.toTimeFilter();
    }
  }

  /** A time filter as a plain filter on a column (for dates other than the Pick's time column). */
  static Filter asFilter(ColumnRef column, TimeFilter time) {
    if (time instanceof TimeFilter.Range r) {
      if (r.from() != null && r.from().equals(r.to())) {
        return new Filter.Compare(column, Comparison.EQ, Value.date(r.from()));
      }
      if (r.from() == null) {
        return new Filter.Compare(column, Comparison.LE, Value.date(r.to()));
      }
      if (r.to() == null) {
        return new Filter.Compare(column, Comparison.GE, Value.date(r.from()));
      }
      return new Filter.Between(column, Value.date(r.from()), Value.date(r.to()));
    }
    if (time instanceof TimeFilter.Year y) {
      return between(column, Period.year(y.year()));
    }
    if (time instanceof TimeFilter.Quarter q) {
      return between(column, Period.quarter(q.year(), q.quarter()));
    }
    if (time instanceof TimeFilter.Month m) {
      return between(column, Period.month(m.year(), m.month()));
    }
    throw new IllegalArgumentException("relative periods are resolved before they become filters");
  }

  private static Filter between(ColumnRef column, Period p) {
    return new Filter.Between(column, Value.date(p.from()), Value.date(p.to()));
  }

  // ---------------------------------------------------------------- attribution

  /**
   * When the rows reach the attribution entity (client) through a one-to-many hop into its table
   * (account → disp), keep the rows the lexicon names (the owner), unless the question filters that
   * table's column itself.
   */
  private void attribution() {
    String root = rootTable();
    if (root == null) {
      return;
    }
    Set<String> tables = referencedTables();
    for (LexiconFile.Attribution a : lexicon.attribution()) {
      boolean filtered = filters.stream().anyMatch(f -> f.column().equals(a.column()));
      if (filtered) {
        continue;
      }
      boolean applies = false;
      for (String t : tables) {
        JoinPath path = recon.joins().path(root, t).orElse(null);
        if (path == null) {
          continue;
        }
        List<String> visited = path.tables();
        int via = visited.indexOf(a.table());
        int entity = visited.indexOf(a.entity());
        if (via > 0 && entity > via) {
          JoinStep into = path.steps().get(via - 1);
          if (into.fansOut()) {
            applies = true;
          }
        }
      }
      if (applies) {
        addFilter(
            new Filter.Compare(a.column(), Comparison.EQ, Value.text(a.value())),
            Integer.MAX_VALUE,
            null);
        notes.add(a.why());
      }
    }
  }

  private String rootTable() {
    if (measure != null) {
      return measureTable(measure);
    }
    if (!select.isEmpty()) {
      Projection p = select.get(0);
      if (p instanceof Projection.Column c) {
        return c.column().table();
      }
      if (p instanceof Projection.YearsSince y) {
        return y.column().table();
      }
    }
    return null;
  }

  private Set<String> referencedTables() {
    Set<String> t = new LinkedHashSet<>();
    for (Filter f : filters) {
      t.add(f.column().table());
    }
    for (ColumnRef g : groupBy) {
      t.add(g.table());
    }
    for (Order o : listingOrder) {
      if (o instanceof Order.ByColumn c) {
        t.add(c.column().table());
      }
    }
    for (Projection p : select) {
      if (p instanceof Projection.Column c) {
        t.add(c.column().table());
      }
    }
    if (measure instanceof Measure.Ratio r && r.numerator() instanceof Measure.Aggregate a) {
      a.filters().forEach(f -> t.add(f.column().table()));
    }
    return t;
  }

  // ---------------------------------------------------------------- averages over groups

  /**
   * "the average number of loans per client", "how many clients does a district have on average": a
   * count per group averaged over the groups, not a count for each group. Only counts: "the average
   * loan amount per district" is an average for each district, a grouping as before.
   */
  private void averagePerGroup() {
    Cue avg = firstCue(Kind.AVG);
    if (avg == null || measure == null || groupBy.size() != 1 || grain != null) {
      return;
    }
    boolean counts =
        measure instanceof Measure.Metric x && x.filters().isEmpty() && isCount(x.metric())
            || measure instanceof Measure.Aggregate a
                && (a.fn() == Aggregation.COUNT || a.fn() == Aggregation.COUNT_DISTINCT);
    if (!counts) {
      return;
    }
    ColumnRef group = groupBy.get(0);
    // a group named by its entity ("per district") is each row of it, not each distinct name
    ColumnRef per = group.equals(labelColumn(group.table())) ? primaryKey(group.table()) : group;
    if (per == null) {
      return;
    }
    used.add(avg);
    Measure of = measure;
    measure = new Measure.OverGroups(Aggregation.AVG, of, List.of(per), "average_per_group");
    groupBy.clear();
    notes.add("'" + avg.text() + "' → average over " + per + " of " + describeMeasure(of));
  }

  // ---------------------------------------------------------------- one quantity over another

  /** Set when the question asks for one quantity over another ("ratio of", "for every"). */
  private boolean sideBySide;

  /**
   * "the ratio of owners to disponents", "how many classic cards for every junior card": a ratio
   * word, or a per-word followed by a stored value rather than an entity, sets two quantities side
   * by side (read before groupings, which would take "for every" as a grouping).
   */
  private void sideBySideCue() {
    for (int i = 0; i < items.size(); i++) {
      if (!(items.get(i).what() instanceof Cue c) || used.contains(c)) {
        continue;
      }
      if (c.kind() == Kind.RATIO) {
        sideBySide = true;
      } else if (c.kind() == Kind.GROUP
          && Set.of("for every", "for each", "per").contains(c.text())
          && i + 1 < items.size()
          && items.get(i + 1).what() instanceof Mention m
          && m.has(Target.Value.class)
          && !m.has(Target.Table.class)) {
        sideBySide = true;
        used.add(c);
      }
    }
  }

  /** "how many times more", "how much times as many": the answer is a multiple, not a count. */
  private boolean asksMultiple() {
    for (int i = 1; i < scan.tokens.size(); i++) {
      if (scan.tokens.get(i).norm().equals("times")
          && Set.of("many", "much").contains(scan.tokens.get(i - 1).norm())) {
        return true;
      }
    }
    return false;
  }

  /**
   * "how many times more loans in 1997 than in 1996", "how many times as many owners as
   * disponents": the measure under each of two conditions on one column, the one named first over
   * the other. The sides are two periods of the measure's time column, or two values of one column.
   */
  private boolean twoSides(Scan.Time main, ColumnRef timeColumn, TimeFilter time) {
    if (!(measure instanceof Measure.Metric || measure instanceof Measure.Aggregate)
        || grain != null
        || !groupBy.isEmpty()) {
      return false;
    }
    List<Filter> first;
    List<Filter> second;
    Filter consumed = null;
    if (time != null && timeColumn != null) {
      if (main == null) {
        return false;
      }
      for (Filter f : filters) {
        if (timeColumn.equals(attachedTo.get(f)) && attachedTime.get(f) != null) {
          if (consumed != null) {
            return false;
          }
          consumed = f;
        }
      }
      if (consumed == null) {
        return false;
      }
      List<Filter> own = halfOpen(asFilter(timeColumn, time));
      List<Filter> other = halfOpen(consumed);
      boolean ownFirst = main.first() < filterPosition.get(consumed);
      first = ownFirst ? own : other;
      second = ownFirst ? other : own;
    } else {
      for (Filter f : filters) {
        if (f instanceof Filter.In in && !in.negated() && in.values().size() == 2) {
          if (consumed != null) {
            return false;
          }
          consumed = f;
        }
      }
      if (consumed == null) {
        return false;
      }
      Filter.In in = (Filter.In) consumed;
      first = List.of(new Filter.Compare(in.column(), Comparison.EQ, in.values().get(0)));
      second = List.of(new Filter.Compare(in.column(), Comparison.EQ, in.values().get(1)));
    }
    filters.remove(consumed);
    Measure of = measure;
    measure = new Measure.Ratio(restricted(of, first), restricted(of, second), false, "ratio");
    for (Item it : items) {
      if (it.what() instanceof Cue c && (c.kind() == Kind.MULTIPLE || c.kind() == Kind.RATIO)) {
        used.add(c);
      }
    }
    notes.add(
        "one quantity over another → "
            + describeMeasure(of)
            + " where "
            + String.join(" and ", first.stream().map(PickAssembler::describe).toList())
            + " over the same where "
            + String.join(" and ", second.stream().map(PickAssembler::describe).toList()));
    return true;
  }

  /**
   * A period as "from ≤ t < day after the last": the same days on a date column, and the whole of
   * the last day on a timestamp column (where "between … and the last day" would stop at its
   * midnight).
   */
  private static List<Filter> halfOpen(Filter f) {
    if (f instanceof Filter.Between b
        && b.from() instanceof Value.Date from
        && b.to() instanceof Value.Date to) {
      return List.of(
          new Filter.Compare(b.column(), Comparison.GE, from),
          new Filter.Compare(b.column(), Comparison.LT, Value.date(to.value().plusDays(1))));
    }
    if (f instanceof Filter.Compare c && c.value() instanceof Value.Date d) {
      if (c.op() == Comparison.EQ) {
        return List.of(
            new Filter.Compare(c.column(), Comparison.GE, d),
            new Filter.Compare(c.column(), Comparison.LT, Value.date(d.value().plusDays(1))));
      }
      if (c.op() == Comparison.LE) {
        return List.of(
            new Filter.Compare(c.column(), Comparison.LT, Value.date(d.value().plusDays(1))));
      }
    }
    return List.of(f);
  }

  private static Measure restricted(Measure m, List<Filter> more) {
    if (m instanceof Measure.Metric x) {
      List<Filter> fs = new ArrayList<>(x.filters());
      fs.addAll(more);
      return new Measure.Metric(x.metric(), fs, null);
    }
    Measure.Aggregate a = (Measure.Aggregate) m;
    List<Filter> fs = new ArrayList<>(a.filters());
    fs.addAll(more);
    return new Measure.Aggregate(a.fn(), a.column(), fs, null);
  }

  // ---------------------------------------------------------------- leftovers

  private static final Set<Kind> MUST_USE =
      EnumSet.of(
          Kind.MULTIPLE,
          Kind.RATIO,
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
          Kind.GRAIN);

  private void leftovers() {
    for (Token t : scan.unknown) {
      problems.add("unknown word '" + t.norm() + "'");
    }
    for (Item it : items) {
      Object w = it.what();
      if (used.contains(w)) {
        continue;
      }
      if (w instanceof Mention m) {
        boolean context =
            m.has(Target.Table.class)
                || temporalColumn(m) != null
                || m.all(Target.Column.class).stream().anyMatch(c -> isReference(c.column()));
        if (!context) {
          problems.add("could not place '" + m.text() + "' (" + describeTargets(m) + ")");
        }
      } else if (w instanceof Scan.Number n) {
        problems.add("the number " + n.text() + " is not tied to any column");
      } else if (w instanceof Scan.Time t) {
        problems.add("could not place '" + t.expression().text() + "'");
      } else if (w instanceof Cue c
          && c.kind() == Kind.GROWTH
          && !analyses.isEmpty()
          && measure != null) {
        // "why did X change", "drill down into what changed": the analysis explains the change
        notes.add("'" + c.text() + "' → what the analysis explains");
      } else if (w instanceof Cue c && MUST_USE.contains(c.kind())) {
        problems.add("could not apply '" + c.text() + "'");
      }
    }
  }

  // ---------------------------------------------------------------- build

  /**
   * Years are labelled by their number, and months or quarters inside one year by theirs ("month by
   * month in 1997": 1 … 12); a series across years keeps dated labels, which stay distinct.
   */
  private boolean numberedPeriods(TimeFilter time) {
    if (grain == TimeGrain.YEAR) {
      return true;
    }
    if (grain != TimeGrain.MONTH && grain != TimeGrain.QUARTER) {
      return false;
    }
    return time instanceof TimeFilter.Year
        || time instanceof TimeFilter.Quarter
        || time instanceof TimeFilter.Month
        || time instanceof TimeFilter.Range r && r.from().getYear() == r.to().getYear();
  }

  private Pick build(ColumnRef timeColumn, TimeFilter time) {
    Pick.Builder b = Pick.builder();
    if (measure != null) {
      b.measure(measure);
    }
    select.forEach(b::select);
    groupBy.forEach(g -> b.groupBy(g.toString()));
    filters.forEach(b::filter);
    if (timeColumn != null) {
      b.timeColumn(timeColumn.toString());
    }
    b.time(time);
    b.grain(measure != null ? grain : null);
    if (form == Form.LISTING) {
      listingOrder.forEach(b::orderBy);
      b.limit(listingLimit);
      b.offset(listingOffset);
      // A list shows each row once, unless it is cut by an order on a column it does not show.
      Set<ColumnRef> shown = new HashSet<>();
      for (Projection p : select) {
        if (p instanceof Projection.Column c) {
          shown.add(c.column());
        }
      }
      b.distinct(
          listingOrder.stream()
              .allMatch(o -> o instanceof Order.ByColumn c && shown.contains(c.column())));
    }
    if (grain != null && measure != null) {
      b.orderBy(new Order.ByPeriod(Direction.ASC));
      if (numberedPeriods(time)) {
        b.periodAs(PeriodLabel.NUMBER);
      }
    }
    if (countHaving != null) {
      b.having(countHaving);
    }
    absent.forEach(b::filter);
    if (rankedListOrder != null) {
      b.orderBy(rankedListOrder);
      b.limit(listingLimit);
      b.offset(listingOffset);
    }
    return b.build();
  }

  // ---------------------------------------------------------------- helpers

  /** "that", "where", "whose", and "who"/"which" in mid-sentence, start a relative clause. */
  private static boolean isRelative(Cue c) {
    return c.kind() == Kind.RELATIVE
        || c.kind() == Kind.LIST && Set.of("which", "who", "who are", "who is").contains(c.text());
  }

  private void addFilter(Filter f, int position, ColumnRef attached) {
    filters.add(f);
    filterPosition.put(f, position);
    if (attached != null) {
      attachedTo.put(f, attached);
    }
  }

  private void ask(Clarification c) {
    if (clarification == null) {
      clarification = c;
    }
  }

  private int indexOf(Object what) {
    for (int i = 0; i < items.size(); i++) {
      if (items.get(i).what() == what) {
        return i;
      }
    }
    return -1;
  }

  /** Tables the question names or whose values or metrics it uses. */
  /** The tables other phrases than {@code m} name unambiguously (all their targets in one). */
  private Set<String> contextTablesOutside(Mention m) {
    Set<String> t = new LinkedHashSet<>();
    for (Mention o : scan.mentions) {
      if (o == m) {
        continue;
      }
      Set<String> own = new LinkedHashSet<>();
      o.targets().forEach(x -> own.add(x.table()));
      if (own.size() == 1 && !own.contains(null)) {
        t.addAll(own);
      }
    }
    return t;
  }

  private Set<String> contextTables() {
    Set<String> t = new LinkedHashSet<>();
    for (Mention m : scan.mentions) {
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

  /**
   * One column of several a phrase may name ("amount": trans, loan or order), by the tables the
   * question talks about; asks when that does not decide.
   */
  private ColumnRef disambiguate(Mention m, List<ColumnRef> columns) {
    if (columns.isEmpty()) {
      return null;
    }
    if (columns.size() == 1) {
      return columns.get(0);
    }
    String id = "column:" + m.text().toLowerCase();
    String answer = answers.get(id);
    if (answer != null) {
      for (ColumnRef c : columns) {
        if (c.toString().equals(answer)) {
          return c;
        }
      }
    }
    Set<String> context = contextTables();
    List<ColumnRef> inContext = columns.stream().filter(c -> context.contains(c.table())).toList();
    // A table named in the same phrase ("loan amount") decides first.
    if (inContext.size() == 1) {
      return inContext.get(0);
    }
    List<Clarification.Option> options = new ArrayList<>();
    for (ColumnRef c : columns) {
      options.add(new Clarification.Option(c.toString(), columnLabel(c)));
    }
    ask(new Clarification(id, "column", "Which '" + m.text() + "' do you mean?", options));
    return null;
  }

  /** A numeric column of a mention (resolving several), or null. */
  private ColumnRef numericColumn(Mention m) {
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
  private ColumnRef column(Mention m, boolean numericOrDate) {
    List<ColumnRef> cols = new ArrayList<>();
    for (Target.Column c : m.all(Target.Column.class)) {
      ColumnInfo info = recon.column(c.column()).orElse(null);
      if (info != null && (!numericOrDate || info.type().isNumeric() || info.type().isTemporal())) {
        cols.add(c.column());
      }
    }
    return cols.isEmpty() ? null : disambiguate(m, cols);
  }

  private ColumnRef temporalColumn(Mention m) {
    for (Target.Column c : m.all(Target.Column.class)) {
      if (isTemporal(c.column())) {
        return c.column();
      }
    }
    return null;
  }

  /** A mention naming a table and nothing else (its plain count metric aside): "loans". */
  private boolean namesOnlyATable(Mention m) {
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

  /** A column that refers to another table's key ("the account's district"): a relation word. */
  private boolean isReference(ColumnRef c) {
    return recon.relationships().stream().anyMatch(r -> r.from().equals(c) || r.to().equals(c));
  }

  private boolean isTemporal(ColumnRef c) {
    return recon.column(c).map(i -> i.type().isTemporal()).orElse(false);
  }

  /**
   * The one time column recon's metrics use for a table's rows (loan.date, trans.date), or null.
   */
  private ColumnRef eventDate(String table) {
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

  private ColumnRef onlyDateColumn(String table) {
    TableInfo t = recon.table(table).orElse(null);
    if (t == null) {
      return null;
    }
    List<ColumnInfo> dates = t.columns().stream().filter(c -> c.type().isTemporal()).toList();
    return dates.size() == 1 ? dates.get(0).ref() : null;
  }

  private ColumnRef primaryKey(String table) {
    TableInfo t = recon.table(table).orElse(null);
    if (t == null || t.primaryKey().size() != 1) {
      problems.add("table " + table + " has no single-column key to count or list by");
      return null;
    }
    return new ColumnRef(table, t.primaryKey().get(0));
  }

  private Measure countOf(String table) {
    ColumnRef key = primaryKey(table);
    return key == null ? null : new Measure.Aggregate(Aggregation.COUNT, key, List.of(), null);
  }

  private String columnLabel(ColumnRef c) {
    return recon
        .column(c)
        .map(
            i ->
                i.description() == null || i.description().isBlank()
                    ? c.toString()
                    : c + " (" + i.description().replaceAll("\\.$", "") + ")")
        .orElse(c.toString());
  }

  private static String describeTargets(Mention m) {
    return m.targets().stream()
        .map(PickAssembler::describeTarget)
        .collect(Collectors.joining(" or "));
  }

  private static String describeTarget(Target t) {
    if (t instanceof Target.Metric m) {
      return "metric " + m.name();
    }
    if (t instanceof Target.Table tb) {
      return "table " + tb.table();
    }
    if (t instanceof Target.Column c) {
      return "column " + c.column();
    }
    if (t instanceof Target.Value v) {
      return v.column() + " = '" + v.value() + "'";
    }
    if (t instanceof Target.YearsSince y) {
      return y.name() + " from " + y.column();
    }
    if (t instanceof Target.Superlative s) {
      return s.direction().name().toLowerCase() + " " + s.column();
    }
    return "an identifier";
  }

  static String describeMeasure(Measure m) {
    if (m instanceof Measure.Metric mm) {
      return "metric " + mm.metric();
    }
    if (m instanceof Measure.Aggregate a) {
      return a.fn().name().toLowerCase() + "(" + a.column() + ")";
    }
    if (m instanceof Measure.Ratio r) {
      return describeMeasure(r.numerator()) + " / " + describeMeasure(r.denominator());
    }
    if (m instanceof Measure.Difference d) {
      return describeMeasure(d.left()) + " − " + describeMeasure(d.right());
    }
    if (m instanceof Measure.ShareOfTotal s) {
      return "share of " + describeMeasure(s.of());
    }
    if (m instanceof Measure.OverGroups o) {
      return o.fn().name().toLowerCase() + " over " + o.per() + " of " + describeMeasure(o.of());
    }
    return "growth of " + describeMeasure(((Measure.Growth) m).of());
  }

  static String describe(Filter f) {
    if (f instanceof Filter.Compare c) {
      return c.column() + " " + symbol(c.op()) + " " + describe(c.value());
    }
    if (f instanceof Filter.Between b) {
      return b.column() + " between " + describe(b.from()) + " and " + describe(b.to());
    }
    if (f instanceof Filter.In in) {
      return in.column()
          + (in.negated() ? " not in " : " in ")
          + in.values().stream()
              .map(PickAssembler::describe)
              .collect(Collectors.joining(", ", "(", ")"));
    }
    if (f instanceof Filter.Ranked r) {
      return r.column() + " = the one ranked " + r.rank();
    }
    if (f instanceof Filter.VsAggregate v) {
      return v.column()
          + " "
          + symbol(v.op())
          + " "
          + v.fn().name().toLowerCase()
          + "("
          + v.column()
          + ")";
    }
    return f.toString();
  }

  private static String describe(Value v) {
    if (v instanceof Value.Text t) {
      return "'" + t.value() + "'";
    }
    if (v instanceof Value.Number n) {
      return n.value().toPlainString();
    }
    if (v instanceof Value.Date d) {
      return d.value().toString();
    }
    return Boolean.toString(((Value.Bool) v).value());
  }

  static String describe(TimeFilter t) {
    if (t instanceof TimeFilter.Year y) {
      return "in " + y.year();
    }
    if (t instanceof TimeFilter.Quarter q) {
      return "in " + q.year() + "-Q" + q.quarter();
    }
    if (t instanceof TimeFilter.Month m) {
      return "in " + java.time.YearMonth.of(m.year(), m.month());
    }
    if (t instanceof TimeFilter.Range r) {
      if (r.from() != null && r.from().equals(r.to())) {
        return "on " + r.from();
      }
      return "from "
          + (r.from() == null ? "the start" : r.from())
          + " to "
          + (r.to() == null ? "the end" : r.to());
    }
    TimeFilter.Relative r = (TimeFilter.Relative) t;
    return "the last " + r.count() + " " + r.grain().name().toLowerCase();
  }

  private static String describe(Projection p) {
    if (p instanceof Projection.Column c) {
      return c.column().toString();
    }
    if (p instanceof Projection.YearsSince y) {
      return "years since " + y.column();
    }
    return p.toString();
  }

  private static String symbol(Comparison c) {
    return switch (c) {
      case EQ -> "=";
      case NE -> "≠";
      case LT -> "<";
      case LE -> "≤";
      case GT -> ">";
      case GE -> "≥";
    };
  }
}
