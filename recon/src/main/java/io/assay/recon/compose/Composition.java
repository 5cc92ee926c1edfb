package io.assay.recon.compose;

import io.assay.pick.ColumnRef;
import io.assay.pick.Filter;
import io.assay.pick.Having;
import io.assay.pick.Measure;
import io.assay.pick.Order;
import io.assay.pick.PeriodLabel;
import io.assay.pick.Pick;
import io.assay.pick.PickValidationError;
import io.assay.pick.Projection;
import io.assay.pick.Value;
import io.assay.recon.ColumnInfo;
import io.assay.recon.Recon;
import io.assay.recon.joins.JoinStep;
import io.assay.recon.text.DidYouMean;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jooq.Condition;
import org.jooq.Field;
import org.jooq.Select;
import org.jooq.SelectField;
import org.jooq.SelectHavingStep;
import org.jooq.SelectLimitStep;
import org.jooq.SortField;
import org.jooq.Table;
import org.jooq.impl.DSL;
import org.jooq.impl.SQLDataType;

/** One composition: the state of turning one Pick into SQL. Not reused across Picks. */
final class Composition {

  static final String PERIOD = "period";

  private final Pick pick;
  private final Lookup lk;

  Composition(Pick pick, Recon recon) {
    this(pick, new Lookup(recon));
  }

  /** A composition sharing another's lookups and warnings (an inner grouped query). */
  Composition(Pick pick, Lookup lk) {
    this.pick = pick;
    this.lk = lk;
  }

  /** A built query and what its result holds, before rendering. */
  record Built(Select<?> query, List<OutputColumn> outputs, List<String> joins) {}

  /** What the SELECT list of an aggregate or listing query holds. */
  private static final class Selection {
    final List<SelectField<?>> fields = new ArrayList<>();
    final List<OutputColumn> outputs = new ArrayList<>();
    final List<Field<?>> groupFields = new ArrayList<>();
    final Set<String> aliases = new HashSet<>();
    final Map<String, Field<?>> measures = new LinkedHashMap<>();
    final Map<ColumnInfo, String> groupAliases = new LinkedHashMap<>();

    /** A listing's per-row output fields, unaliased (its ranking's tie-break). */
    final List<Field<?>> rowFields = new ArrayList<>();
  }

  ComposedQuery compose() {
    Built b = build(false);
    return Rendering.render(b.query(), b.outputs(), b.joins(), lk.warnings);
  }

  /**
   * Builds the query; {@code inner} (a grouped query read by an outer one) skips the natural order,
   * which only the outer query's result needs.
   */
  Built build(boolean inner) {
    boolean aggregate = !pick.measures().isEmpty();
    checkShape(aggregate);
    if (aggregate && OverGroupsQuery.applies(pick)) {
      return new OverGroupsQuery(pick, lk).build();
    }
    List<Measure> orderOf = Ordering.measuresOf(pick);
    // A listing with having or ordered by a measure ("which districts have over 100 clients",
    // "the region with the most accounts", the names alone) is grouped by its columns and rooted
    // at the table its tested measures aggregate.
    boolean groupedListing = !aggregate && (!pick.having().isEmpty() || !orderOf.isEmpty());
    String root =
        aggregate
            ? measuresTable(orderOf)
            : groupedListing
                ? groupedListingTable(orderOf)
                : new Listing(lk).projectionTable(pick.select().get(0));
    QueryLevel main = lk.level("", root);
    ColumnInfo timeColumn = timeColumn();
    List<ColumnInfo> groupBy = planJoins(main, timeColumn, orderOf);

    lk.conditions.apply(pick.filters(), main);
    if (pick.time() != null) {
      TimeWindow window = lk.window(pick.time(), timeColumn);
      main.where(timeColumn.table(), TimeSql.windowCondition(main.field(timeColumn), window));
    }
    // A distinct listing ranked within groups is grouped by its columns: the ranking must number
    // distinct rows, which DISTINCT would only remove after numbering.
    boolean groupRows = groupedListing || (pick.distinct() && pick.limitPer() != null);
    Selection sel =
        aggregate
            ? selectMeasures(main, groupBy, timeColumn)
            : selectColumns(main, groupRows, groupedListing);
    Map<Measure, Field<?>> ofFields = new LinkedHashMap<>();
    for (Measure m : orderOf) {
      ofFields.computeIfAbsent(m, x -> testedMeasure(x, main, timeColumn, "an orderBy entry"));
    }
    List<Condition> having = having(sel.measures, main, timeColumn);

    List<SelectField<?>> fields = new ArrayList<>(sel.fields);
    TopPerGroup.Ranking ranking = null;
    if (pick.limitPer() != null) {
      ranking =
          aggregate
              ? TopPerGroup.Ranking.hiddenMeasures(ofFields, sel.aliases)
              : TopPerGroup.listingRanking(
                  pick, lk, main, sel.rowFields, groupRows, sel.aliases, ofFields::get);
      fields.addAll(ranking.extraFields());
    }
    List<Condition> where = new ArrayList<>();
    Table<?> from = main.from(where);
    var filtered =
        (pick.distinct() && !groupRows ? DSL.selectDistinct(fields) : DSL.select(fields))
            .from(from)
            .where(where);
    // An empty GROUP BY list would render "group by ()", which aggregates everything to one row.
    SelectHavingStep<?> select =
        sel.groupFields.isEmpty() ? filtered : filtered.groupBy(sel.groupFields);
    var kept = having.isEmpty() ? select : select.having(having);
    List<SortField<?>> order = List.of();
    Select<?> query;
    if (pick.limitPer() != null) {
      query =
          aggregate
              ? topPer(kept, sel, groupBy, ranking)
              : TopPerGroup.wrapListing(pick, kept, sel.outputs, ranking);
    } else {
      order =
          inner
              ? List.of()
              : Ordering.order(
                  pick,
                  lk,
                  aggregate,
                  groupBy,
                  sel.measures.keySet(),
                  pick.distinct() || groupedListing,
                  c -> main.field(c),
                  ofFields::get);
      query = limit(pick, kept.orderBy(order));
    }
    if (aggregate || groupedListing) {
      fanOutWarnings(main, root);
    }
    if (pick.limit() != null && order.isEmpty() && pick.limitPer() == null) {
      lk.warnings.add("limit without orderBy returns arbitrary rows");
    }
    return new Built(query, sel.outputs, main.joins);
  }

  /** The first rows of each group: the grouped query numbered within its groups. */
  private Select<?> topPer(
      Select<?> grouped, Selection sel, List<ColumnInfo> groupBy, TopPerGroup.Ranking ranking) {
    List<String> partition = TopPerGroup.partition(pick, lk, groupBy, sel.groupAliases);
    List<SortField<?>> order =
        Ordering.order(
            pick,
            lk,
            true,
            groupBy,
            sel.measures.keySet(),
            false,
            c -> DSL.field(DSL.name(sel.groupAliases.get(c))),
            ranking.hidden()::get);
    List<String> tieBreak = new ArrayList<>();
    if (pick.grain() != null) {
      tieBreak.add(PERIOD);
    }
    tieBreak.addAll(sel.groupAliases.values());
    tieBreak.removeAll(partition);
    return TopPerGroup.wrap(
        pick, grouped, sel.outputs, ranking.hiddenNames(), partition, order, tieBreak);
  }

  /** LIMIT and OFFSET of the Pick, as bind values. */
  static Select<?> limit(Pick pick, SelectLimitStep<?> ordered) {
    if (pick.limit() != null) {
      return pick.offset() != null
          ? ordered.limit(DSL.val(pick.limit())).offset(DSL.val(pick.offset()))
          : ordered.limit(DSL.val(pick.limit()));
    }
    if (pick.offset() != null) {
      return ordered.offset(DSL.val(pick.offset()));
    }
    return ordered;
  }

  /**
   * Which tables the query needs, and how: output, grouping, ordering and aggregation need joins;
   * conditions alone can be semi-joins. Returns the groupBy columns.
   */
  private List<ColumnInfo> planJoins(
      QueryLevel main, ColumnInfo timeColumn, List<Measure> orderOf) {
    if (timeColumn != null) {
      boolean joinTime = pick.grain() != null || hasGrowth();
      main.need(timeColumn.table(), joinTime, "time column " + timeColumn.ref());
    }
    List<ColumnInfo> groupBy = new ArrayList<>();
    for (ColumnRef g : pick.groupBy()) {
      ColumnInfo c = lk.column(g);
      groupBy.add(c);
      main.need(c.table(), true, "groupBy " + g);
    }
    Listing listing = new Listing(lk);
    for (Projection p : pick.select()) {
      for (ColumnRef ref : listing.columnsOf(p)) {
        main.need(lk.column(ref).table(), true, "select " + ref);
      }
    }
    for (Order o : pick.orderBy()) {
      if (o instanceof Order.ByColumn oc) {
        main.need(lk.column(oc.column()).table(), true, "orderBy " + oc.column());
      }
    }
    if (pick.limitPer() != null && pick.measures().isEmpty()) {
      // A listing's ranking groups may be columns it does not show.
      for (ColumnRef ref : pick.limitPer().per()) {
        main.need(lk.column(ref).table(), true, "limitPer.per " + ref);
      }
    }
    List<Measure> measures = new ArrayList<>(pick.measures());
    for (Having h : pick.having()) {
      if (h != null && h.of() != null) {
        measures.add(h.of());
      }
    }
    measures.addAll(orderOf);
    for (Measure m : measures) {
      for (Filter f : lk.measures.measureFilters(m)) {
        main.need(lk.column(f.column()).table(), true, "a measure's filter on " + f.column());
      }
    }
    return groupBy;
  }

  private Selection selectMeasures(
      QueryLevel main, List<ColumnInfo> groupBy, ColumnInfo timeColumn) {
    Selection sel = new Selection();
    if (pick.grain() != null) {
      Field<LocalDate> bucket = TimeSql.bucket(main.field(timeColumn), pick.grain());
      Field<?> label =
          pick.periodAs() == PeriodLabel.NUMBER ? TimeSql.number(bucket, pick.grain()) : bucket;
      sel.fields.add(label.as(DSL.name(PERIOD)));
      sel.groupFields.add(bucket);
      sel.aliases.add(PERIOD);
      sel.outputs.add(
          new OutputColumn(
              PERIOD,
              OutputColumn.Role.PERIOD,
              timeColumn.ref().toString(),
              TimeSql.describe(pick.grain(), pick.periodAs()) + " of " + timeColumn.ref(),
              null,
              null));
    }
    for (ColumnInfo g : groupBy) {
      String alias =
          Names.unique(Names.defaultColumnAlias(g.ref(), pick.groupBy()), sel.aliases, "groupBy");
      Field<Object> f = main.field(g);
      sel.fields.add(f.as(DSL.name(alias)));
      sel.groupFields.add(f);
      sel.groupAliases.put(g, alias);
      sel.outputs.add(
          new OutputColumn(
              alias, OutputColumn.Role.DIMENSION, g.ref().toString(), g.description(), null, null));
    }
    for (ColumnInfo key : EntityKeys.hiddenKeys(lk, groupBy)) {
      sel.groupFields.add(main.field(key));
    }
    List<Condition> growthWindows = new ArrayList<>();
    for (Measure m : pick.measures()) {
      String alias = m.alias() != null ? Names.checkAlias(m.alias()) : Names.defaultMeasureAlias(m);
      alias = Names.unique(alias, sel.aliases, "measures");
      Field<?> f = lk.measures.measure(m, main, null, timeColumn, growthWindows);
      sel.fields.add(f.as(DSL.name(alias)));
      sel.measures.put(alias, f);
      sel.outputs.add(lk.measures.measureOutput(alias, m));
    }
    if (!growthWindows.isEmpty()) {
      // Read only the rows of the compared periods.
      main.where(timeColumn.table(), DSL.or(growthWindows));
    }
    return sel;
  }

  /**
   * @param grouped group the rows by the selected columns
   * @param entities the groups are the entities the columns show (ranked or tested by a measure):
   *     also group by the key of a table shown by its label
   */
  private Selection selectColumns(QueryLevel main, boolean grouped, boolean entities) {
    Selection sel = new Selection();
    Listing listing = new Listing(lk);
    List<ColumnInfo> shown = new ArrayList<>();
    for (Projection p : pick.select()) {
      if (p instanceof Projection.Column c) {
        shown.add(lk.column(c.column()));
      }
      String alias =
          Names.unique(
              p.alias() != null ? Names.checkAlias(p.alias()) : Names.defaultProjectionAlias(p),
              sel.aliases,
              "select");
      Field<?> f = listing.projection(p, main);
      sel.rowFields.add(f);
      if (grouped) {
        sel.groupFields.add(f);
      }
      sel.fields.add(f.as(DSL.name(alias)));
      sel.outputs.add(listing.projectionOutput(alias, p));
    }
    if (entities) {
      for (ColumnInfo key : EntityKeys.hiddenKeys(lk, shown)) {
        sel.groupFields.add(main.field(key));
      }
    }
    return sel;
  }

  /** The HAVING conditions: each names a measure of the Pick or gives one to test. */
  private List<Condition> having(
      Map<String, Field<?>> measures, QueryLevel main, ColumnInfo timeColumn) {
    List<Condition> out = new ArrayList<>();
    for (Having h : pick.having()) {
      Field<?> f = havingMeasure(h, measures, main, timeColumn);
      out.add(havingCondition(h, f));
    }
    return out;
  }

  private Field<?> havingMeasure(
      Having h, Map<String, Field<?>> measures, QueryLevel main, ColumnInfo timeColumn) {
    if (h == null || (h.measure() == null) == (h.of() == null)) {
      throw new PickValidationError(
          "a having condition names one of the Pick's measures (measure: its alias) or gives"
              + " the measure to test (of), exactly one of the two");
    }
    if (h.of() != null) {
      return testedMeasure(h.of(), main, timeColumn, "a having condition");
    }
    Field<?> f = measures.get(h.measure());
    if (f == null) {
      throw new PickValidationError(
          "having names measure '"
              + h.measure()
              + "', which is not one of this Pick's measures "
              + measures.keySet()
              + DidYouMean.phrase(DidYouMean.suggest(h.measure(), measures.keySet(), 2)));
    }
    for (Measure m : pick.measures()) {
      String alias = m.alias() != null ? m.alias() : Names.defaultMeasureAlias(m);
      if (alias.equals(h.measure()) && Measures.containsShare(m)) {
        throw new PickValidationError(
            "a having condition cannot test a share of the total (it is known only after the"
                + " groups are kept); test the measure itself");
      }
    }
    return f;
  }

  /** A measure computed to test or sort by, not output (a having's or an orderBy's {@code of}). */
  private Field<?> testedMeasure(Measure m, QueryLevel main, ColumnInfo timeColumn, String where) {
    if (Measures.containsShare(m)) {
      throw new PickValidationError(
          where
              + " cannot use a share of the total that it does not output (it is known only after"
              + " the groups are kept); use the measure itself");
    }
    if (m instanceof Measure.OverGroups) {
      throw new PickValidationError(
          where
              + " cannot use an over_groups measure that is not one of the Pick's measures; ask"
              + " for it as a measure");
    }
    return lk.measures.measure(m, main, null, timeColumn, new ArrayList<>());
  }

  /** {@code measure op value}, the value a bind parameter. */
  static Condition havingCondition(Having h, Field<?> measure) {
    if (h.op() == null) {
      throw new PickValidationError(
          "the having condition on " + describe(h) + " needs op: eq, ne, lt, le, gt or ge");
    }
    if (!(h.value() instanceof Value.Number n)) {
      throw new PickValidationError(
          "the having condition on "
              + describe(h)
              + " compares the measure with a number; give value as a number, e.g. 100");
    }
    @SuppressWarnings({"unchecked", "rawtypes"})
    Field<Object> m = (Field) measure;
    return m.compare(
        Conditions.comparator(h.op()), ValueBinder.param(n.value(), SQLDataType.NUMERIC));
  }

  private static String describe(Having h) {
    return h.measure() != null ? "'" + h.measure() + "'" : "its measure";
  }

  private void fanOutWarnings(QueryLevel main, String root) {
    for (String table : main.tree.subtree(root)) {
      JoinStep step = main.tree.stepTo(table);
      if (step != null
          && step.fansOut()
          && !main.tree.semiJoined(table)
          && main.tree.semiJoinHead(table) == null) {
        lk.warnings.add(
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

  // ---------------------------------------------------------------- shape

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
    if (pick.periodAs() != null && pick.grain() == null) {
      throw new PickValidationError(
          "periodAs says how the period of a time grain is labelled; this Pick has no grain");
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
    if (!pick.having().isEmpty() && !aggregate) {
      for (Having h : pick.having()) {
        if (h == null || h.of() == null) {
          throw new PickValidationError(
              "a listing has no measures to name, so its having conditions give the measure to"
                  + " test in of (e.g. {\"of\":{\"kind\":\"metric\",\"metric\":\"...\"},"
                  + " \"op\":\"gt\", \"value\":100})");
        }
      }
    }
    if (aggregate && !pick.having().isEmpty() && pick.groupBy().isEmpty() && pick.grain() == null) {
      throw new PickValidationError(
          "having keeps the groups whose measures meet a condition; this Pick has no groupBy or"
              + " grain, so it has one row: group it (e.g. by the entity the condition is about)");
    }
    if (pick.grain() != null && hasGrowth()) {
      throw new PickValidationError(
          "growth compares two periods in one number and cannot be combined with a time grain;"
              + " drop the grain, or ask for the series and compare its buckets");
    }
  }

  private boolean hasGrowth() {
    for (Measure m : pick.measures()) {
      if (Measures.containsGrowth(m)) {
        return true;
      }
    }
    return false;
  }

  /** The one table the having and order measures of a grouped listing aggregate. */
  private String groupedListingTable(List<Measure> orderOf) {
    Map<String, String> leaves = new LinkedHashMap<>();
    for (Having h : pick.having()) {
      lk.measures.leafTables(h.of(), leaves);
    }
    for (Measure m : orderOf) {
      lk.measures.leafTables(m, leaves);
    }
    return Measures.singleTable(leaves, "the having and orderBy measures");
  }

  /** The one table every measure (output, tested or sorted by) aggregates. */
  private String measuresTable(List<Measure> orderOf) {
    Map<String, String> leaves = new LinkedHashMap<>();
    for (Measure m : pick.measures()) {
      lk.measures.leafTables(m, leaves);
    }
    for (Having h : pick.having()) {
      if (h != null && h.of() != null) {
        lk.measures.leafTables(h.of(), leaves);
      }
    }
    for (Measure m : orderOf) {
      lk.measures.leafTables(m, leaves);
    }
    return Measures.singleTable(
        leaves,
        orderOf.isEmpty() && pick.having().stream().allMatch(h -> h == null || h.of() == null)
            ? "the measures"
            : "the measures, with those tested by having and sorted by orderBy,");
  }

  /** The time column: the Pick's own, or the first metric's default; null when none is needed. */
  private ColumnInfo timeColumn() {
    boolean needed = pick.time() != null || pick.grain() != null || hasGrowth();
    ColumnRef ref = pick.timeColumn();
    if (ref == null && needed) {
      for (Measure m : pick.measures()) {
        ref = lk.measures.defaultTimeColumn(m);
        if (ref != null) {
          break;
        }
      }
      if (ref == null) {
        throw new PickValidationError(
            "say which date the time filter or grain applies to: set timeColumn (date columns: "
                + String.join(", ", lk.dateColumns())
                + ")");
      }
    }
    if (ref == null) {
      return null;
    }
    ColumnInfo c = lk.column(ref);
    if (!c.type().isTemporal()) {
      throw new PickValidationError(
          "timeColumn '"
              + ref
              + "' is not a date column ("
              + c.sqlType()
              + "); date columns: "
              + String.join(", ", lk.dateColumns()));
    }
    return c;
  }
}
