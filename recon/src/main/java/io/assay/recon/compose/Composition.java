package io.assay.recon.compose;

import io.assay.pick.Aggregation;
import io.assay.pick.ColumnRef;
import io.assay.pick.Comparison;
import io.assay.pick.Direction;
import io.assay.pick.Filter;
import io.assay.pick.Measure;
import io.assay.pick.Order;
import io.assay.pick.Pick;
import io.assay.pick.PickValidationError;
import io.assay.pick.Projection;
import io.assay.pick.RankBy;
import io.assay.pick.TimeFilter;
import io.assay.pick.TimeGrain;
import io.assay.pick.Value;
import io.assay.recon.ColumnInfo;
import io.assay.recon.MetricDefinition;
import io.assay.recon.Recon;
import io.assay.recon.TableInfo;
import io.assay.recon.joins.JoinStep;
import io.assay.recon.schema.ColumnType;
import io.assay.recon.schema.SchemaSnapshot;
import io.assay.recon.text.DidYouMean;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.jooq.AggregateFunction;
import org.jooq.Comparator;
import org.jooq.Condition;
import org.jooq.DatePart;
import org.jooq.Field;
import org.jooq.Record1;
import org.jooq.Select;
import org.jooq.SelectField;
import org.jooq.SelectHavingStep;
import org.jooq.SortField;
import org.jooq.Table;
import org.jooq.impl.DSL;
import org.jooq.impl.SQLDataType;

/** One composition: the state of turning one Pick into SQL. Not reused across Picks. */
final class Composition {

  private static final Pattern ALIAS = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0,62}");
  private static final String PERIOD = "period";

  private final Pick pick;
  private final Recon recon;
  private final List<String> warnings = new ArrayList<>();
  private final ValueBinder binder;
  private int subqueries;

  Composition(Pick pick, Recon recon) {
    this.pick = pick;
    this.recon = recon;
    this.binder = new ValueBinder(recon, warnings);
  }

  /** The tables, joins and per-table conditions of one SELECT (the main query or a subquery). */
  private final class Level {
    final Scope scope;
    final JoinTree tree;
    final Map<String, List<Condition>> conditions = new LinkedHashMap<>();
    final List<String> joins = new ArrayList<>();

    Level(String prefix, String root) {
      this.scope = new Scope(recon.schema(), prefix);
      this.tree = new JoinTree(root);
    }

    void need(String table, boolean join, String why) {
      tree.add(recon, table, join, why);
    }

    void where(String table, Condition c) {
      conditions.computeIfAbsent(table, k -> new ArrayList<>()).add(c);
    }

    Field<Object> field(ColumnInfo c) {
      return scope.field(c);
    }

    /** FROM root JOIN … with semi-joins added to {@code where}. */
    Table<?> from(List<Condition> where) {
      Table<?> from = scope.table(tree.root());
      where.addAll(conditions.getOrDefault(tree.root(), List.of()));
      return joinChildren(tree.root(), from, where);
    }

    private Table<?> joinChildren(String table, Table<?> from, List<Condition> where) {
      Table<?> result = from;
      for (String child : tree.children(table)) {
        JoinStep step = tree.stepTo(child);
        if (tree.semiJoined(child)) {
          where.add(exists(child, joinCondition(step)));
          joins.add("exists " + describe(step));
        } else if (passThrough(child)) {
          // account in trans → account → loan, when only the loan matters: correlate the loan
          // with trans.account_id directly instead of joining account for nothing.
          for (String grandchild : tree.children(child)) {
            JoinStep inner = tree.stepTo(grandchild);
            ColumnInfo outerKey = column(new ColumnRef(step.fromTable(), step.fromColumn()));
            ColumnInfo innerKey = column(new ColumnRef(inner.toTable(), inner.toColumn()));
            where.add(exists(grandchild, scope.field(innerKey).eq(scope.field(outerKey))));
            joins.add(
                "exists "
                    + inner.toTable()
                    + " on "
                    + inner.toTable()
                    + "."
                    + inner.toColumn()
                    + " = "
                    + step.fromTable()
                    + "."
                    + step.fromColumn()
                    + " (through "
                    + child
                    + "."
                    + step.toColumn()
                    + ")");
          }
        } else {
          result = result.join(scope.table(child)).on(joinCondition(step));
          joins.add("join " + describe(step));
          where.addAll(conditions.getOrDefault(child, List.of()));
          result = joinChildren(child, result, where);
        }
      }
      return result;
    }

    /**
     * A many-to-one hop to a table that only leads to semi-joins on the very key it was joined by:
     * nothing of it is read, so it need not be joined.
     */
    private boolean passThrough(String table) {
      JoinStep in = tree.stepTo(table);
      if (in.fansOut()
          || tree.joined(table)
          || conditions.containsKey(table)
          || tree.children(table).isEmpty()) {
        return false;
      }
      for (String child : tree.children(table)) {
        JoinStep out = tree.stepTo(child);
        if (!tree.semiJoined(child) || !out.fromColumn().equals(in.toColumn())) {
          return false;
        }
      }
      return true;
    }

    private Condition exists(String head, Condition correlation) {
      List<Condition> inner = new ArrayList<>();
      inner.add(correlation);
      Table<?> sub = scope.table(head);
      inner.addAll(conditions.getOrDefault(head, List.of()));
      for (String t : tree.subtree(head)) {
        for (String child : tree.children(t)) {
          JoinStep step = tree.stepTo(child);
          sub = sub.join(scope.table(child)).on(joinCondition(step));
          inner.addAll(conditions.getOrDefault(child, List.of()));
        }
      }
      return DSL.exists(DSL.selectOne().from(sub).where(inner));
    }

    private Condition joinCondition(JoinStep step) {
      ColumnInfo from = column(new ColumnRef(step.fromTable(), step.fromColumn()));
      ColumnInfo to = column(new ColumnRef(step.toTable(), step.toColumn()));
      return scope.field(to).eq(scope.field(from));
    }

    private String describe(JoinStep s) {
      return s.toTable()
          + " on "
          + s.toTable()
          + "."
          + s.toColumn()
          + " = "
          + s.fromTable()
          + "."
          + s.fromColumn();
    }
  }

  ComposedQuery compose() {
    boolean aggregate = !pick.measures().isEmpty();
    checkShape(aggregate);

    String root = aggregate ? measuresTable() : projectionTable(pick.select().get(0));
    Level main = new Level("", root);
    ColumnInfo timeColumn = timeColumn();

    // Which tables the query needs, and how: output, grouping, ordering and aggregation need
    // joins; conditions alone can be semi-joins.
    if (timeColumn != null) {
      boolean joinTime = pick.grain() != null || hasGrowth();
      main.need(timeColumn.table(), joinTime, "time column " + timeColumn.ref());
    }
    List<ColumnInfo> groupBy = new ArrayList<>();
    for (ColumnRef g : pick.groupBy()) {
      ColumnInfo c = column(g);
      groupBy.add(c);
      main.need(c.table(), true, "groupBy " + g);
    }
    for (Projection p : pick.select()) {
      for (ColumnRef ref : columnsOf(p)) {
        main.need(column(ref).table(), true, "select " + ref);
      }
    }
    for (Order o : pick.orderBy()) {
      if (o instanceof Order.ByColumn oc) {
        main.need(column(oc.column()).table(), true, "orderBy " + oc.column());
      }
    }
    for (Measure m : pick.measures()) {
      for (Filter f : measureFilters(m)) {
        main.need(column(f.column()).table(), true, "a measure's filter on " + f.column());
      }
    }
    for (Filter f : pick.filters()) {
      ColumnRef ref = requireColumn(f);
      main.need(column(ref).table(), false, "filter on " + ref);
    }

    // Conditions.
    for (Filter f : pick.filters()) {
      main.where(column(f.column()).table(), condition(f, main));
    }
    TimeWindow window = null;
    if (pick.time() != null) {
      window = window(pick.time(), timeColumn);
      main.where(timeColumn.table(), windowCondition(main.field(timeColumn), window));
    }

    List<SelectField<?>> fields = new ArrayList<>();
    List<OutputColumn> outputs = new ArrayList<>();
    List<Field<?>> groupFields = new ArrayList<>();
    Set<String> aliases = new HashSet<>();
    Map<String, Field<?>> measureAliases = new LinkedHashMap<>();

    if (aggregate) {
      if (pick.grain() != null) {
        Field<LocalDate> bucket = bucket(main.field(timeColumn), pick.grain());
        fields.add(bucket.as(DSL.name(PERIOD)));
        groupFields.add(bucket);
        aliases.add(PERIOD);
        outputs.add(
            new OutputColumn(
                PERIOD,
                OutputColumn.Role.PERIOD,
                timeColumn.ref().toString(),
                "first day of each "
                    + pick.grain().name().toLowerCase()
                    + " of "
                    + timeColumn.ref(),
                null,
                null));
      }
      for (ColumnInfo g : groupBy) {
        String alias = unique(defaultColumnAlias(g.ref(), pick.groupBy()), aliases, "groupBy");
        Field<Object> f = main.field(g);
        fields.add(f.as(DSL.name(alias)));
        groupFields.add(f);
        outputs.add(
            new OutputColumn(
                alias,
                OutputColumn.Role.DIMENSION,
                g.ref().toString(),
                g.description(),
                null,
                null));
      }
      List<Condition> growthWindows = new ArrayList<>();
      for (Measure m : pick.measures()) {
        String alias = m.alias() != null ? checkAlias(m.alias()) : defaultMeasureAlias(m);
        alias = unique(alias, aliases, "measures");
        Field<?> f = measure(m, main, null, timeColumn, growthWindows);
        fields.add(f.as(DSL.name(alias)));
        measureAliases.put(alias, f);
        outputs.add(measureOutput(alias, m));
      }
      if (!growthWindows.isEmpty()) {
        // Read only the rows of the compared periods.
        main.where(timeColumn.table(), DSL.or(growthWindows));
      }
    } else {
      for (Projection p : pick.select()) {
        String alias =
            unique(
                p.alias() != null ? checkAlias(p.alias()) : defaultProjectionAlias(p),
                aliases,
                "select");
        fields.add(projection(p, main).as(DSL.name(alias)));
        outputs.add(projectionOutput(alias, p));
      }
    }

    List<Condition> where = new ArrayList<>();
    Table<?> from = main.from(where);
    var filtered =
        (pick.distinct() ? DSL.selectDistinct(fields) : DSL.select(fields)).from(from).where(where);
    // An empty GROUP BY list would render "group by ()", which aggregates everything to one row.
    SelectHavingStep<?> select = groupFields.isEmpty() ? filtered : filtered.groupBy(groupFields);
    List<SortField<?>> order = order(aggregate, groupBy, measureAliases, main);
    var ordered = select.orderBy(order);
    Select<?> query = ordered;
    if (pick.limit() != null) {
      query =
          pick.offset() != null
              ? ordered.limit(DSL.val(pick.limit())).offset(DSL.val(pick.offset()))
              : ordered.limit(DSL.val(pick.limit()));
    } else if (pick.offset() != null) {
      query = ordered.offset(DSL.val(pick.offset()));
    }
    if (aggregate) {
      for (String table : main.tree.subtree(root)) {
        JoinStep step = main.tree.stepTo(table);
        if (step != null
            && step.fansOut()
            && !main.tree.semiJoined(table)
            && main.tree.semiJoinHead(table) == null) {
          warnings.add(
              "each "
                  + root
                  + " row is repeated for every related "
                  + table
                  + " row ("
                  + step.fromTable()
                  + " → "
                  + table
                  + " is one-to-many), so sums and counts per group may count a "
                  + root
                  + " row more than once; narrow "
                  + table
                  + " with a filter (e.g. disp.type = OWNER) if that is not meant");
        }
      }
    }
    if (pick.limit() != null && order.isEmpty()) {
      warnings.add("limit without orderBy returns arbitrary rows");
    }
    return Rendering.render(query, outputs, main.joins, warnings);
  }

  // ---------------------------------------------------------------- shape and names

  private void checkShape(boolean aggregate) {
    if (pick.measures().isEmpty() && pick.select().isEmpty()) {
      throw new PickValidationError(
          "a Pick needs measures (what to compute, e.g. a metric) or select (which columns to"
              + " list); it has neither");
    }
    if (aggregate && !pick.select().isEmpty()) {
      throw new PickValidationError(
          "a Pick either computes measures (optionally per groupBy column) or lists columns with"
              + " select, not both: put the columns to show next to the measures in groupBy,"
              + " or ask for the listing and the totals as two Picks");
    }
    if (!aggregate && !pick.groupBy().isEmpty()) {
      throw new PickValidationError(
          "groupBy needs measures to compute per group; to list distinct values use select with"
              + " distinct: true");
    }
    if (!aggregate && pick.grain() != null) {
      throw new PickValidationError(
          "a time grain buckets measures over time; this Pick has no measures");
    }
    if (pick.limit() != null && pick.limit() < 1) {
      throw new PickValidationError("limit must be at least 1, got " + pick.limit());
    }
    if (pick.offset() != null && pick.offset() < 0) {
      throw new PickValidationError("offset cannot be negative, got " + pick.offset());
    }
    if (pick.grain() != null && hasGrowth()) {
      throw new PickValidationError(
          "growth compares two periods in one number and cannot be combined with a time grain;"
              + " drop the grain, or ask for the series and compare its buckets");
    }
  }

  private boolean hasGrowth() {
    for (Measure m : pick.measures()) {
      if (containsGrowth(m)) {
        return true;
      }
    }
    return false;
  }

  private static boolean containsGrowth(Measure m) {
    if (m instanceof Measure.Growth) {
      return true;
    }
    if (m instanceof Measure.Ratio r) {
      return containsGrowth(r.numerator()) || containsGrowth(r.denominator());
    }
    if (m instanceof Measure.Difference d) {
      return containsGrowth(d.left()) || containsGrowth(d.right());
    }
    if (m instanceof Measure.ShareOfTotal s) {
      return containsGrowth(s.of());
    }
    return false;
  }

  private ColumnInfo column(ColumnRef ref) {
    if (ref == null) {
      throw new PickValidationError("a column reference is missing (expected 'table.column')");
    }
    TableInfo table = recon.table(ref.table()).orElse(null);
    if (table == null) {
      List<String> s = recon.suggestColumns(ref);
      throw new PickValidationError(
          "unknown table '" + ref.table() + "' in '" + ref + "'" + DidYouMean.phrase(s), s);
    }
    return table
        .column(ref.column())
        .orElseThrow(
            () -> {
              List<String> s = recon.suggestColumns(ref);
              return new PickValidationError(
                  "unknown column '" + ref + "'" + DidYouMean.phrase(s), s);
            });
  }

  private static ColumnRef requireColumn(Filter f) {
    if (f == null) {
      throw new PickValidationError("a filter is empty");
    }
    if (f.column() == null) {
      throw new PickValidationError("a " + kind(f) + " filter needs a column (table.column)");
    }
    return f.column();
  }

  private static String kind(Filter f) {
    return f.getClass().getSimpleName().replaceAll("([a-z])([A-Z])", "$1_$2").toLowerCase();
  }

  private MetricDefinition metric(String name) {
    if (name == null || name.isBlank()) {
      throw new PickValidationError("a metric measure needs the metric's name");
    }
    return recon
        .metric(name)
        .orElseThrow(
            () -> {
              List<String> s = recon.suggestMetrics(name);
              return new PickValidationError(
                  "unknown metric '"
                      + name
                      + "'"
                      + (s.isEmpty()
                          ? "; known metrics: "
                              + String.join(
                                  ", ",
                                  recon.metrics().stream().map(MetricDefinition::name).toList())
                          : DidYouMean.phrase(s)),
                  s);
            });
  }

  private String checkAlias(String alias) {
    if (!ALIAS.matcher(alias).matches()) {
      throw new PickValidationError(
          "alias '"
              + alias
              + "' must be a plain name: letters, digits and _, not starting with a digit");
    }
    return alias;
  }

  private static String unique(String alias, Set<String> used, String where) {
    if (!used.add(alias)) {
      throw new PickValidationError(
          "two output columns are named '" + alias + "' (in " + where + "); give one an alias");
    }
    return alias;
  }

  private static String defaultColumnAlias(ColumnRef ref, List<ColumnRef> siblings) {
    long same = siblings.stream().filter(r -> r.column().equals(ref.column())).count();
    return same > 1 ? ref.table() + "_" + ref.column() : ref.column();
  }

  private String defaultMeasureAlias(Measure m) {
    if (m instanceof Measure.Metric mm) {
      return mm.metric();
    }
    if (m instanceof Measure.Aggregate a) {
      return (a.fn() == null ? "agg" : a.fn().name().toLowerCase())
          + "_"
          + (a.column() == null ? "x" : a.column().table() + "_" + a.column().column());
    }
    if (m instanceof Measure.Ratio r) {
      return part(r.numerator()) + (r.percent() ? "_pct_of_" : "_per_") + part(r.denominator());
    }
    if (m instanceof Measure.Difference d) {
      return part(d.left()) + "_minus_" + part(d.right());
    }
    if (m instanceof Measure.ShareOfTotal s) {
      return "share_of_" + part(s.of());
    }
    if (m instanceof Measure.Growth g) {
      return part(g.of()) + "_growth";
    }
    throw new PickValidationError("a measure is missing its kind");
  }

  private String part(Measure m) {
    if (m == null) {
      throw new PickValidationError("a derived measure is missing one of its parts");
    }
    return m.alias() != null ? m.alias() : defaultMeasureAlias(m);
  }

  private static String defaultProjectionAlias(Projection p) {
    if (p instanceof Projection.Column c) {
      return c.column() == null ? "column" : c.column().column();
    }
    if (p instanceof Projection.Difference d) {
      return name(d.left()) + "_minus_" + name(d.right());
    }
    if (p instanceof Projection.Ratio r) {
      return name(r.numerator()) + (r.percent() ? "_pct_of_" : "_per_") + name(r.denominator());
    }
    if (p instanceof Projection.Growth g) {
      return name(g.from()) + "_to_" + name(g.to()) + "_growth";
    }
    if (p instanceof Projection.YearsSince y) {
      return "years_since_" + name(y.column());
    }
    throw new PickValidationError("a select entry is missing its kind");
  }

  private static String name(ColumnRef r) {
    return r == null ? "x" : r.column();
  }

  // ---------------------------------------------------------------- roots and time column

  /** The one table every measure aggregates. */
  private String measuresTable() {
    Map<String, String> leaves = new LinkedHashMap<>();
    for (Measure m : pick.measures()) {
      leafTables(m, leaves);
    }
    return singleTable(leaves, "the measures");
  }

  private static String singleTable(Map<String, String> leaves, String what) {
    Set<String> tables = new LinkedHashSet<>(leaves.values());
    if (tables.size() > 1) {
      StringBuilder sb = new StringBuilder();
      leaves.forEach(
          (leaf, table) ->
              sb.append(sb.length() == 0 ? "" : ", ")
                  .append(leaf)
                  .append(" (")
                  .append(table)
                  .append(')'));
      throw new PickValidationError(
          what
              + " aggregate different tables: "
              + sb
              + "; one query aggregates one table (otherwise rows of one would be counted once per"
              + " related row of the other) — ask for them in separate Picks");
    }
    return tables.iterator().next();
  }

  /** Adds each leaf measure below {@code m} (metric or aggregate) with the table it aggregates. */
  private void leafTables(Measure m, Map<String, String> out) {
    if (m == null) {
      throw new PickValidationError("a measure is empty");
    }
    if (m instanceof Measure.Metric mm) {
      out.putIfAbsent("metric '" + mm.metric() + "'", metric(mm.metric()).table());
    } else if (m instanceof Measure.Aggregate a) {
      if (a.column() == null) {
        throw new PickValidationError("an aggregate measure needs a column (table.column)");
      }
      out.putIfAbsent(
          (a.fn() == null ? "aggregate" : a.fn().name().toLowerCase()) + "(" + a.column() + ")",
          column(a.column()).table());
    } else if (m instanceof Measure.Ratio r) {
      leafTables(r.numerator(), out);
      leafTables(r.denominator(), out);
    } else if (m instanceof Measure.Difference d) {
      leafTables(d.left(), out);
      leafTables(d.right(), out);
    } else if (m instanceof Measure.ShareOfTotal s) {
      leafTables(s.of(), out);
    } else if (m instanceof Measure.Growth g) {
      leafTables(g.of(), out);
    }
  }

  private String projectionTable(Projection p) {
    List<ColumnRef> refs = columnsOf(p);
    return column(refs.get(0)).table();
  }

  private List<ColumnRef> columnsOf(Projection p) {
    List<ColumnRef> refs = new ArrayList<>();
    if (p instanceof Projection.Column c) {
      refs.add(c.column());
    } else if (p instanceof Projection.Difference d) {
      refs.add(d.left());
      refs.add(d.right());
    } else if (p instanceof Projection.Ratio r) {
      refs.add(r.numerator());
      refs.add(r.denominator());
    } else if (p instanceof Projection.Growth g) {
      refs.add(g.from());
      refs.add(g.to());
    } else if (p instanceof Projection.YearsSince y) {
      refs.add(y.column());
    } else {
      throw new PickValidationError("a select entry is empty");
    }
    for (ColumnRef r : refs) {
      if (r == null) {
        throw new PickValidationError(
            "a select entry of kind " + defaultProjectionAlias(p) + " is missing a column");
      }
    }
    return refs;
  }

  /** The time column: the Pick's own, or the first metric's default; null when none is needed. */
  private ColumnInfo timeColumn() {
    boolean needed = pick.time() != null || pick.grain() != null || hasGrowth();
    ColumnRef ref = pick.timeColumn();
    if (ref == null && needed) {
      for (Measure m : pick.measures()) {
        ref = defaultTimeColumn(m);
        if (ref != null) {
          break;
        }
      }
      if (ref == null) {
        throw new PickValidationError(
            "say which date the time filter or grain applies to: set timeColumn (date columns: "
                + String.join(", ", dateColumns())
                + ")");
      }
    }
    if (ref == null) {
      return null;
    }
    ColumnInfo c = column(ref);
    if (!c.type().isTemporal()) {
      throw new PickValidationError(
          "timeColumn '"
              + ref
              + "' is not a date column ("
              + c.sqlType()
              + "); date columns: "
              + String.join(", ", dateColumns()));
    }
    return c;
  }

  private ColumnRef defaultTimeColumn(Measure m) {
    if (m instanceof Measure.Metric mm) {
      return metric(mm.metric()).timeColumn();
    }
    if (m instanceof Measure.Ratio r) {
      ColumnRef a = defaultTimeColumn(r.numerator());
      return a != null ? a : defaultTimeColumn(r.denominator());
    }
    if (m instanceof Measure.Difference d) {
      ColumnRef a = defaultTimeColumn(d.left());
      return a != null ? a : defaultTimeColumn(d.right());
    }
    if (m instanceof Measure.ShareOfTotal s) {
      return defaultTimeColumn(s.of());
    }
    if (m instanceof Measure.Growth g) {
      return defaultTimeColumn(g.of());
    }
    return null;
  }

  private List<String> dateColumns() {
    List<String> out = new ArrayList<>();
    for (TableInfo t : recon.tables()) {
      for (ColumnInfo c : t.columns()) {
        if (c.type().isTemporal()) {
          out.add(c.ref().toString());
        }
      }
    }
    return out;
  }

  private TimeWindow window(TimeFilter f, ColumnInfo timeColumn) {
    LocalDate latest =
        recon.dateRange(timeColumn.ref()).map(SchemaSnapshot.DateRange::max).orElse(null);
    return TimeWindow.of(f, latest, timeColumn.ref().toString());
  }

  private static Condition windowCondition(Field<Object> column, TimeWindow w) {
    if (w.start() != null
        && w.end() != null
        && w.start().plusDays(1).equals(w.end())
        && LocalDate.class.equals(column.getDataType().getType())) {
      // One calendar day of a date column: plain equality reads and plans best.
      return column.eq(ValueBinder.param(w.start(), SQLDataType.LOCALDATE));
    }
    List<Condition> cs = new ArrayList<>();
    if (w.start() != null) {
      cs.add(column.ge(ValueBinder.param(w.start(), SQLDataType.LOCALDATE)));
    }
    if (w.end() != null) {
      cs.add(column.lt(ValueBinder.param(w.end(), SQLDataType.LOCALDATE)));
    }
    return DSL.and(cs);
  }

  private static Field<LocalDate> bucket(Field<Object> column, TimeGrain grain) {
    if (grain == TimeGrain.QUARTER) {
      // jOOQ 3.19 cannot render TRUNC(.., QUARTER) for PostgreSQL; date_trunc takes it directly.
      return DSL.function(
              DSL.name("date_trunc"), SQLDataType.LOCALDATETIME, DSL.inline("quarter"), column)
          .cast(SQLDataType.LOCALDATE);
    }
    DatePart part =
        switch (grain) {
          case DAY -> DatePart.DAY;
          case WEEK -> DatePart.WEEK;
          case MONTH -> DatePart.MONTH;
          case YEAR -> DatePart.YEAR;
          case QUARTER -> throw new AssertionError("handled above");
        };
    return DSL.trunc(column, part).cast(SQLDataType.LOCALDATE);
  }

  // ---------------------------------------------------------------- filters

  private Condition condition(Filter f, Level level) {
    ColumnInfo col = column(requireColumn(f));
    Field<Object> field = level.field(col);
    if (f instanceof Filter.Compare c) {
      if (c.op() == null) {
        throw new PickValidationError(
            "the compare filter on " + col.ref() + " needs op: eq, ne, lt, le, gt or ge");
      }
      checkOrderable(col, c.op());
      boolean member = c.op() == Comparison.EQ || c.op() == Comparison.NE;
      return field.compare(comparator(c.op()), binder.bind(col, c.value(), member));
    }
    if (f instanceof Filter.Between b) {
      if (b.from() == null || b.to() == null) {
        throw new PickValidationError(
            "the between filter on " + col.ref() + " needs both from and to");
      }
      checkOrderable(col, Comparison.LE);
      return field.between(binder.bind(col, b.from(), false), binder.bind(col, b.to(), false));
    }
    if (f instanceof Filter.In in) {
      if (in.values().isEmpty()) {
        throw new PickValidationError("the in filter on " + col.ref() + " has no values");
      }
      List<Field<Object>> values = new ArrayList<>();
      for (Value v : in.values()) {
        values.add(binder.bind(col, v, true));
      }
      return in.negated() ? field.notIn(values) : field.in(values);
    }
    if (f instanceof Filter.Prefix p) {
      if (col.type() != ColumnType.TEXT) {
        throw new PickValidationError(
            "prefix filters apply to text columns; " + col.ref() + " is " + col.sqlType());
      }
      if (p.prefix() == null || p.prefix().isEmpty()) {
        throw new PickValidationError("the prefix filter on " + col.ref() + " has no prefix");
      }
      String pattern =
          p.prefix().replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%";
      @SuppressWarnings({"unchecked", "rawtypes"})
      Field<String> bound = (Field) ValueBinder.param(pattern, SQLDataType.VARCHAR);
      return field.like(bound, '\\');
    }
    if (f instanceof Filter.IsNull n) {
      return n.negated() ? field.isNotNull() : field.isNull();
    }
    if (f instanceof Filter.Ranked r) {
      return ranked(r, col, field);
    }
    if (f instanceof Filter.VsAggregate v) {
      return vsAggregate(v, col, field);
    }
    throw new PickValidationError("unsupported filter " + f);
  }

  private static void checkOrderable(ColumnInfo col, Comparison op) {
    boolean ordering = op != Comparison.EQ && op != Comparison.NE;
    if (ordering && (col.type() == ColumnType.BOOLEAN || col.type() == ColumnType.OTHER)) {
      throw new PickValidationError(
          col.ref()
              + " ("
              + col.sqlType()
              + ") cannot be compared with "
              + op.name().toLowerCase());
    }
  }

  private static Comparator comparator(Comparison op) {
    return switch (op) {
      case EQ -> Comparator.EQUALS;
      case NE -> Comparator.NOT_EQUALS;
      case LT -> Comparator.LESS;
      case LE -> Comparator.LESS_OR_EQUAL;
      case GT -> Comparator.GREATER;
      case GE -> Comparator.GREATER_OR_EQUAL;
    };
  }

  /** {@code column = (SELECT select … ORDER BY rankBy LIMIT 1 OFFSET rank-1)}. */
  private Condition ranked(Filter.Ranked r, ColumnInfo outer, Field<Object> outerField) {
    if (r.rankBy() == null) {
      throw new PickValidationError(
          "the ranked filter on " + outer.ref() + " needs rankBy (a column or a measure)");
    }
    if (r.direction() == null) {
      throw new PickValidationError(
          "the ranked filter on " + outer.ref() + " needs direction: desc (highest first) or asc");
    }
    if (r.rank() < 1) {
      throw new PickValidationError(
          "rank counts from 1 (1 = the first), got "
              + r.rank()
              + " in the ranked filter on "
              + outer.ref());
    }
    ColumnInfo selected = r.select() == null ? outer : column(r.select());
    checkComparable(outer, selected, "ranked filter");
    String prefix = "r" + (++subqueries) + "_";
    Level level;
    ColumnInfo rankColumn = null;
    Measure rankMeasure = null;
    if (r.rankBy() instanceof RankBy.ByColumn bc) {
      rankColumn = column(bc.column());
      level = new Level(prefix, rankColumn.table());
    } else if (r.rankBy() instanceof RankBy.ByMeasure bm) {
      rankMeasure = bm.measure();
      if (rankMeasure == null) {
        throw new PickValidationError("rankBy measure is empty");
      }
      if (containsGrowth(rankMeasure)) {
        throw new PickValidationError("ranking by a growth is not supported");
      }
      Map<String, String> leaves = new LinkedHashMap<>();
      leafTables(rankMeasure, leaves);
      level = new Level(prefix, singleTable(leaves, "the ranking measure's parts"));
      for (Filter f : measureFilters(rankMeasure)) {
        level.need(column(f.column()).table(), true, "a measure's filter on " + f.column());
      }
    } else {
      throw new PickValidationError("rankBy is missing its kind (column or measure)");
    }
    level.need(selected.table(), true, "the ranked value " + selected.ref());
    for (Filter f : r.filters()) {
      level.need(column(requireColumn(f)).table(), false, "filter on " + f.column());
    }
    for (Filter f : r.filters()) {
      level.where(column(f.column()).table(), condition(f, level));
    }
    Field<?> rankField =
        rankMeasure != null
            ? measure(rankMeasure, level, null, null, new ArrayList<>())
            : level.field(rankColumn);
    boolean byMeasure = rankMeasure != null;
    Field<Object> selectField = level.field(selected);
    List<Condition> where = new ArrayList<>();
    Table<?> from = level.from(where);
    SortField<?> sort = sort(rankField, r.direction());
    var base = DSL.select(selectField).from(from).where(where);
    Select<Record1<Object>> sub =
        byMeasure
            ? base.groupBy(selectField)
                .orderBy(sort)
                .limit(DSL.val(1))
                .offset(DSL.val(r.rank() - 1))
            : base.orderBy(sort).limit(DSL.val(1)).offset(DSL.val(r.rank() - 1));
    return outerField.eq(sub);
  }

  /** {@code column op (SELECT fn(of) FROM … WHERE filters)}. */
  private Condition vsAggregate(Filter.VsAggregate v, ColumnInfo outer, Field<Object> outerField) {
    if (v.op() == null || v.fn() == null) {
      throw new PickValidationError(
          "the vs_aggregate filter on " + outer.ref() + " needs op (eq … ge) and fn (sum, avg, …)");
    }
    ColumnInfo of = v.of() == null ? outer : column(v.of());
    checkOrderable(outer, v.op());
    Level level = new Level("r" + (++subqueries) + "_", of.table());
    for (Filter f : v.filters()) {
      level.need(column(requireColumn(f)).table(), false, "filter on " + f.column());
    }
    for (Filter f : v.filters()) {
      level.where(column(f.column()).table(), condition(f, level));
    }
    Field<?> agg = aggregate(v.fn(), of, level, null);
    List<Condition> where = new ArrayList<>();
    Table<?> from = level.from(where);
    @SuppressWarnings("unchecked")
    Select<Record1<Object>> sub =
        (Select<Record1<Object>>) (Select<?>) DSL.select(agg).from(from).where(where);
    return outerField.compare(comparator(v.op()), sub);
  }

  private static void checkComparable(ColumnInfo a, ColumnInfo b, String what) {
    boolean ok =
        a.type() == b.type()
            || (a.type().isNumeric() && b.type().isNumeric())
            || (a.type().isTemporal() && b.type().isTemporal());
    if (!ok) {
      throw new PickValidationError(
          "the "
              + what
              + " compares "
              + a.ref()
              + " ("
              + a.sqlType()
              + ") with "
              + b.ref()
              + " ("
              + b.sqlType()
              + ")");
    }
  }

  // ---------------------------------------------------------------- measures

  /** The filters a measure applies to itself (its own and its metric's), for join planning. */
  private List<Filter> measureFilters(Measure m) {
    List<Filter> out = new ArrayList<>();
    if (m instanceof Measure.Metric mm) {
      out.addAll(mm.filters());
      MetricDefinition def = metric(mm.metric());
      if (def instanceof MetricDefinition.Aggregate a) {
        out.addAll(a.filters());
      } else if (def instanceof MetricDefinition.Share s) {
        out.addAll(s.where());
      }
    } else if (m instanceof Measure.Aggregate a) {
      out.addAll(a.filters());
    } else if (m instanceof Measure.Ratio r) {
      out.addAll(measureFilters(r.numerator()));
      out.addAll(measureFilters(r.denominator()));
    } else if (m instanceof Measure.Difference d) {
      out.addAll(measureFilters(d.left()));
      out.addAll(measureFilters(d.right()));
    } else if (m instanceof Measure.ShareOfTotal s) {
      out.addAll(measureFilters(s.of()));
    } else if (m instanceof Measure.Growth g) {
      out.addAll(measureFilters(g.of()));
    }
    for (Filter f : out) {
      requireColumn(f);
    }
    return out;
  }

  /**
   * The SQL of a measure. {@code extra} is AND-ed into every leaf's FILTER (the period of a
   * growth); {@code growthWindows} collects the periods so the WHERE can skip other rows.
   */
  private Field<?> measure(
      Measure m,
      Level level,
      Condition extra,
      ColumnInfo timeColumn,
      List<Condition> growthWindows) {
    if (m instanceof Measure.Metric mm) {
      MetricDefinition def = metric(mm.metric());
      if (def instanceof MetricDefinition.Aggregate a) {
        List<Filter> filters = new ArrayList<>(a.filters());
        filters.addAll(mm.filters());
        return aggregate(
            a.aggregation(), column(a.column()), level, leafCondition(filters, level, extra));
      }
      if (def instanceof MetricDefinition.Ratio r) {
        return ratio(
            measure(
                new Measure.Metric(r.numerator(), mm.filters(), null),
                level,
                extra,
                timeColumn,
                growthWindows),
            measure(
                new Measure.Metric(r.denominator(), mm.filters(), null),
                level,
                extra,
                timeColumn,
                growthWindows),
            r.percent());
      }
      MetricDefinition.Share s = (MetricDefinition.Share) def;
      List<Filter> part = new ArrayList<>(s.where());
      part.addAll(mm.filters());
      return ratio(
          measure(new Measure.Metric(s.of(), part, null), level, extra, timeColumn, growthWindows),
          measure(
              new Measure.Metric(s.of(), mm.filters(), null),
              level,
              extra,
              timeColumn,
              growthWindows),
          true);
    }
    if (m instanceof Measure.Aggregate a) {
      if (a.fn() == null) {
        throw new PickValidationError(
            "the aggregate measure on "
                + a.column()
                + " needs fn: sum, avg, min, max, count or count_distinct");
      }
      return aggregate(a.fn(), column(a.column()), level, leafCondition(a.filters(), level, extra));
    }
    if (m instanceof Measure.Ratio r) {
      return ratio(
          measure(r.numerator(), level, extra, timeColumn, growthWindows),
          measure(r.denominator(), level, extra, timeColumn, growthWindows),
          r.percent());
    }
    if (m instanceof Measure.Difference d) {
      if (d.left() == null || d.right() == null) {
        throw new PickValidationError("a difference needs left and right measures");
      }
      return numeric(measure(d.left(), level, extra, timeColumn, growthWindows))
          .minus(numeric(measure(d.right(), level, extra, timeColumn, growthWindows)));
    }
    if (m instanceof Measure.ShareOfTotal s) {
      if (s.of() == null) {
        throw new PickValidationError("share_of_total needs the measure it is a share of (of)");
      }
      if (containsGrowth(s.of())) {
        throw new PickValidationError("share_of_total of a growth is not meaningful");
      }
      Field<BigDecimal> of = numeric(measure(s.of(), level, extra, timeColumn, growthWindows));
      return of.cast(SQLDataType.DOUBLE)
          .mul(DSL.inline(100))
          .div(DSL.nullif(DSL.sum(of).over().cast(SQLDataType.DOUBLE), DSL.inline(0.0)));
    }
    if (m instanceof Measure.Growth g) {
      if (g.of() == null || g.from() == null || g.to() == null) {
        throw new PickValidationError("growth needs of (a measure), from and to (two periods)");
      }
      if (containsGrowth(g.of())) {
        throw new PickValidationError("growth of a growth is not supported");
      }
      if (!level.tree.reachedManyToOne(timeColumn.table())) {
        throw new PickValidationError(
            "growth compares periods of "
                + timeColumn.ref()
                + ", which is not reached from '"
                + level.tree.root()
                + "' by many-to-one joins; use a date of '"
                + level.tree.root()
                + "'");
      }
      Field<Object> time = level.field(timeColumn);
      Condition from = windowCondition(time, window(g.from(), timeColumn));
      Condition to = windowCondition(time, window(g.to(), timeColumn));
      growthWindows.add(from);
      growthWindows.add(to);
      Field<BigDecimal> before =
          numeric(
              measure(
                  g.of(),
                  level,
                  extra == null ? from : extra.and(from),
                  timeColumn,
                  growthWindows));
      Field<BigDecimal> after =
          numeric(
              measure(
                  g.of(), level, extra == null ? to : extra.and(to), timeColumn, growthWindows));
      // (after / before − 1) × 100 names each period's aggregate once, where the textbook
      // (after − before) × 100 / before would repeat the base period's.
      return after
          .cast(SQLDataType.DOUBLE)
          .div(DSL.nullif(before.cast(SQLDataType.DOUBLE), DSL.inline(0.0)))
          .minus(DSL.inline(1))
          .mul(DSL.inline(100));
    }
    throw new PickValidationError("a measure is missing its kind");
  }

  private Condition leafCondition(List<Filter> filters, Level level, Condition extra) {
    List<Condition> cs = new ArrayList<>();
    for (Filter f : filters) {
      ColumnInfo c = column(requireColumn(f));
      if (!level.tree.reachedManyToOne(c.table())) {
        throw new PickValidationError(
            "a measure's own filter on "
                + c.ref()
                + " can only use columns of '"
                + level.tree.root()
                + "' or of tables it joins many-to-one; move the condition to the Pick's filters");
      }
      cs.add(condition(f, level));
    }
    if (extra != null) {
      cs.add(extra);
    }
    return cs.isEmpty() ? null : DSL.and(cs);
  }

  private Field<?> aggregate(Aggregation fn, ColumnInfo column, Level level, Condition filter) {
    if (!column.table().equals(level.tree.root())) {
      throw new PickValidationError(
          "cannot aggregate " + column.ref() + " in a query over '" + level.tree.root() + "'");
    }
    if ((fn == Aggregation.SUM || fn == Aggregation.AVG) && !column.type().isNumeric()) {
      throw new PickValidationError(
          fn.name().toLowerCase()
              + " needs a number column; "
              + column.ref()
              + " is "
              + column.sqlType()
              + (column.type() == ColumnType.TEXT
                  ? " (count or count_distinct work on text)"
                  : ""));
    }
    Field<Object> f = level.field(column);
    @SuppressWarnings({"unchecked", "rawtypes"})
    Field<BigDecimal> n = (Field) f;
    AggregateFunction<?> a =
        switch (fn) {
          case SUM -> DSL.sum(n);
          case AVG -> DSL.avg(n);
          case MIN -> DSL.min(f);
          case MAX -> DSL.max(f);
          case COUNT -> DSL.count(f);
          case COUNT_DISTINCT -> DSL.countDistinct(f);
        };
    if (filter == null) {
      return a;
    }
    Field<?> filtered = a.filterWhere(filter);
    if (fn == Aggregation.SUM) {
      // A sum over no matching rows is 0 here, not null: "no cash withdrawals" means 0 CZK.
      @SuppressWarnings({"unchecked", "rawtypes"})
      Field<BigDecimal> s = (Field) filtered;
      return DSL.coalesce(s, DSL.inline(BigDecimal.ZERO));
    }
    return filtered;
  }

  private static Field<Double> ratio(Field<?> numerator, Field<?> denominator, boolean percent) {
    Field<Double> num = numeric(numerator).cast(SQLDataType.DOUBLE);
    if (percent) {
      num = num.mul(DSL.inline(100));
    }
    return num.div(DSL.nullif(numeric(denominator).cast(SQLDataType.DOUBLE), DSL.inline(0.0)));
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static Field<BigDecimal> numeric(Field<?> f) {
    return (Field) f;
  }

  // ---------------------------------------------------------------- listing

  private Field<?> projection(Projection p, Level level) {
    if (p instanceof Projection.Column c) {
      return level.field(column(c.column()));
    }
    if (p instanceof Projection.Difference d) {
      return numeric(numberColumn(d.left(), level)).minus(numeric(numberColumn(d.right(), level)));
    }
    if (p instanceof Projection.Ratio r) {
      return ratio(
          numberColumn(r.numerator(), level), numberColumn(r.denominator(), level), r.percent());
    }
    if (p instanceof Projection.Growth g) {
      Field<Double> from = numeric(numberColumn(g.from(), level)).cast(SQLDataType.DOUBLE);
      Field<Double> to = numeric(numberColumn(g.to(), level)).cast(SQLDataType.DOUBLE);
      return to.minus(from).mul(DSL.inline(100)).div(DSL.nullif(from, DSL.inline(0.0)));
    }
    if (p instanceof Projection.YearsSince y) {
      ColumnInfo c = column(y.column());
      if (!c.type().isTemporal()) {
        throw new PickValidationError(
            "years_since needs a date column; " + c.ref() + " is " + c.sqlType());
      }
      @SuppressWarnings({"unchecked", "rawtypes"})
      Field<LocalDate> asOf =
          y.asOf() == null
              ? DSL.currentLocalDate()
              : (Field) ValueBinder.param(y.asOf(), SQLDataType.LOCALDATE);
      return DSL.extract(asOf, DatePart.YEAR).minus(DSL.extract(level.field(c), DatePart.YEAR));
    }
    throw new PickValidationError("a select entry is missing its kind");
  }

  private Field<Object> numberColumn(ColumnRef ref, Level level) {
    ColumnInfo c = column(ref);
    if (!c.type().isNumeric()) {
      throw new PickValidationError(
          "arithmetic needs number columns; " + c.ref() + " is " + c.sqlType());
    }
    return level.field(c);
  }

  // ---------------------------------------------------------------- order

  private List<SortField<?>> order(
      boolean aggregate,
      List<ColumnInfo> groupBy,
      Map<String, Field<?>> measureAliases,
      Level main) {
    List<SortField<?>> out = new ArrayList<>();
    Set<ColumnRef> selected = new HashSet<>();
    for (Projection p : pick.select()) {
      if (p instanceof Projection.Column c) {
        selected.add(c.column());
      }
    }
    for (Order o : pick.orderBy()) {
      if (o == null || o.direction() == null) {
        throw new PickValidationError("an orderBy entry needs direction: asc or desc");
      }
      if (o instanceof Order.ByMeasure bm) {
        if (!measureAliases.containsKey(bm.measure())) {
          throw new PickValidationError(
              "orderBy names measure '"
                  + bm.measure()
                  + "', which is not one of this Pick's measures "
                  + measureAliases.keySet()
                  + DidYouMean.phrase(
                      DidYouMean.suggest(
                          String.valueOf(bm.measure()), measureAliases.keySet(), 2)));
        }
        out.add(sort(DSL.field(DSL.name(bm.measure())), o.direction()));
      } else if (o instanceof Order.ByPeriod) {
        if (pick.grain() == null) {
          throw new PickValidationError("orderBy period needs a time grain");
        }
        out.add(sort(DSL.field(DSL.name(PERIOD)), o.direction()));
      } else if (o instanceof Order.ByColumn bc) {
        ColumnInfo c = column(bc.column());
        if (aggregate && !groupBy.contains(c)) {
          throw new PickValidationError(
              "orderBy column "
                  + c.ref()
                  + " is not a groupBy column; in a Pick with measures, order by a groupBy column,"
                  + " a measure or the period");
        }
        if (!aggregate && pick.distinct() && !selected.contains(c.ref())) {
          throw new PickValidationError(
              "with distinct, order by a selected column; " + c.ref() + " is not selected");
        }
        out.add(sort(main.field(c), o.direction()));
      }
    }
    if (out.isEmpty() && aggregate) {
      // Series and breakdowns read best in their natural order.
      if (pick.grain() != null) {
        out.add(sort(DSL.field(DSL.name(PERIOD)), Direction.ASC));
      }
      for (ColumnInfo g : groupBy) {
        out.add(sort(main.field(g), Direction.ASC));
      }
    }
    return out;
  }

  private static SortField<?> sort(Field<?> f, Direction d) {
    return (d == Direction.DESC ? f.desc() : f.asc()).nullsLast();
  }

  // ---------------------------------------------------------------- output metadata

  private OutputColumn measureOutput(String alias, Measure m) {
    if (m instanceof Measure.Metric mm) {
      MetricDefinition def = metric(mm.metric());
      return new OutputColumn(
          alias,
          OutputColumn.Role.MEASURE,
          def.name(),
          def.description(),
          def.unit(),
          def.format());
    }
    if (m instanceof Measure.Aggregate a) {
      return new OutputColumn(
          alias,
          OutputColumn.Role.MEASURE,
          a.column().toString(),
          a.fn().name().toLowerCase() + " of " + a.column(),
          null,
          null);
    }
    if (m instanceof Measure.Ratio r) {
      return new OutputColumn(
          alias,
          OutputColumn.Role.MEASURE,
          null,
          part(r.numerator())
              + (r.percent() ? " as a percentage of " : " per ")
              + part(r.denominator()),
          r.percent() ? "percent" : null,
          r.percent() ? ".1f" : null);
    }
    if (m instanceof Measure.Difference d) {
      return new OutputColumn(
          alias,
          OutputColumn.Role.MEASURE,
          null,
          part(d.left()) + " minus " + part(d.right()),
          null,
          null);
    }
    if (m instanceof Measure.ShareOfTotal s) {
      return new OutputColumn(
          alias,
          OutputColumn.Role.MEASURE,
          null,
          "share of the total of " + part(s.of()),
          "percent",
          ".1f");
    }
    Measure.Growth g = (Measure.Growth) m;
    return new OutputColumn(
        alias,
        OutputColumn.Role.MEASURE,
        null,
        "percent change of " + part(g.of()),
        "percent",
        ".1f");
  }

  private OutputColumn projectionOutput(String alias, Projection p) {
    if (p instanceof Projection.Column c) {
      ColumnInfo info = column(c.column());
      return new OutputColumn(
          alias, OutputColumn.Role.COLUMN, info.ref().toString(), info.description(), null, null);
    }
    String unit =
        p instanceof Projection.Growth || (p instanceof Projection.Ratio r && r.percent())
            ? "percent"
            : null;
    return new OutputColumn(
        alias, OutputColumn.Role.COLUMN, null, alias.replace('_', ' '), unit, null);
  }
}
