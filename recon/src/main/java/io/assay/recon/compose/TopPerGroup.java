package io.assay.recon.compose;

import io.assay.pick.ColumnRef;
import io.assay.pick.Measure;
import io.assay.pick.Pick;
import io.assay.pick.PickValidationError;
import io.assay.pick.Projection;
import io.assay.pick.TopPer;
import io.assay.recon.ColumnInfo;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.jooq.Field;
import org.jooq.Select;
import org.jooq.SelectField;
import org.jooq.SortField;
import org.jooq.Table;
import org.jooq.impl.DSL;

/**
 * The first rows of each group ({@link TopPer}): the grouped query is numbered within each group by
 * the Pick's order, {@code row_number() OVER (PARTITION BY per ORDER BY …)}, and the rows numbered
 * up to the limit are kept: {@code SELECT … FROM (SELECT t.*, row_number() … FROM (grouped) t) u
 * WHERE u.rank_in_group <= ?}. A listing is numbered in its own SELECT, where every column of its
 * rows can order or group the ranking: {@code SELECT … FROM (SELECT cols, g AS rank_group_1,
 * row_number() OVER (PARTITION BY g ORDER BY …) AS rank_in_group FROM … ) u WHERE u.rank_in_group
 * <= ?}.
 */
final class TopPerGroup {

  private static final String RANK = "rank_in_group";

  private TopPerGroup() {}

  /**
   * What the ranked query selects besides its outputs ({@code extraFields}, named {@code
   * hiddenNames}): in an aggregate, the measures it is sorted by but does not output ({@code
   * hidden}: the name each is read by outside); in a listing, the groups and the rank.
   */
  record Ranking(
      List<SelectField<?>> extraFields,
      Map<Measure, Field<?>> hidden,
      List<String> hiddenNames,
      List<String> partitionNames,
      String rankName) {

    /** The sort-only measures of an aggregate, selected under names no output uses. */
    static Ranking hiddenMeasures(Map<Measure, Field<?>> ofFields, Set<String> outputNames) {
      Set<String> used = new HashSet<>(outputNames);
      List<SelectField<?>> extra = new ArrayList<>();
      Map<Measure, Field<?>> hidden = new LinkedHashMap<>();
      List<String> names = new ArrayList<>();
      for (Map.Entry<Measure, Field<?>> e : ofFields.entrySet()) {
        String name = free("sort_key", used);
        extra.add(e.getValue().as(DSL.name(name)));
        hidden.put(e.getKey(), DSL.field(DSL.name(name)));
        names.add(name);
      }
      return new Ranking(extra, hidden, names, List.of(), null);
    }
  }

  /** {@code base_1}, {@code base_2} …: the first not in {@code used} (then added to it). */
  static String free(String base, Set<String> used) {
    for (int i = 1; ; i++) {
      String name = base + "_" + i;
      if (used.add(name)) {
        return name;
      }
    }
  }

  /**
   * Checks a listing's limitPer and builds its numbering: the groups ({@code per}) and {@code
   * row_number()} over them in the listing's order, ties broken by the selected columns. {@code
   * grouped}: the listing is grouped by its selected columns, so only they can make a group.
   */
  static Ranking listingRanking(
      Pick pick,
      Lookup lk,
      QueryLevel main,
      List<Field<?>> rowFields,
      boolean grouped,
      Set<String> outputNames,
      Function<Measure, Field<?>> measureOf) {
    TopPer t = pick.limitPer();
    checkLimitAndOrder(pick);
    if (t.perPeriod()) {
      throw new PickValidationError(
          "limitPer.perPeriod needs a time grain, which a listing has not; put the date column"
              + " that makes a group in per");
    }
    if (t.per().isEmpty()) {
      throw new PickValidationError(
          "limitPer on a listing needs per: the columns whose groups each keep their first rows"
              + " (without groups use limit)");
    }
    Set<ColumnRef> selected = new HashSet<>();
    for (Projection p : pick.select()) {
      if (p instanceof Projection.Column c) {
        selected.add(c.column());
      }
    }
    Set<String> used = new HashSet<>(outputNames);
    List<SelectField<?>> extra = new ArrayList<>();
    List<Field<?>> partitionBy = new ArrayList<>();
    List<String> names = new ArrayList<>();
    for (ColumnRef ref : t.per()) {
      ColumnInfo c = lk.column(ref);
      if (grouped && !selected.contains(c.ref())) {
        throw new PickValidationError(
            "limitPer.per names "
                + c.ref()
                + ", which is not selected; a listing grouped by its columns (with having or"
                + " ordered by a measure) ranks within groups of its selected columns "
                + selected);
      }
      Field<?> f = main.field(c);
      partitionBy.add(f);
      String name = free("rank_group", used);
      extra.add(f.as(DSL.name(name)));
      names.add(name);
    }
    if (grouped && t.per().stream().distinct().count() >= selected.size()) {
      throw new PickValidationError(
          "limitPer.per covers every selected column, so each group has one row; leave one"
              + " selected column out of per to rank within the groups");
    }
    List<SortField<?>> order =
        Ordering.order(
            pick,
            lk,
            false,
            List.of(),
            Set.of(),
            pick.distinct() || grouped,
            main::field,
            measureOf);
    List<SortField<?>> windowOrder = new ArrayList<>(order);
    for (Field<?> f : rowFields) {
      windowOrder.add(f.asc().nullsLast());
    }
    String rank = free(RANK, used);
    extra.add(DSL.rowNumber().over().partitionBy(partitionBy).orderBy(windowOrder).as(rank));
    List<String> hiddenNames = new ArrayList<>(names);
    hiddenNames.add(rank);
    return new Ranking(extra, Map.of(), hiddenNames, names, rank);
  }

  /** The rows of a numbered listing up to the limit of each group, group by group in rank order. */
  static Select<?> wrapListing(
      Pick pick, Select<?> numbered, List<OutputColumn> outputs, Ranking ranking) {
    Table<?> u = numbered.asTable(DSL.name("u"));
    List<SelectField<?>> outer = new ArrayList<>();
    for (OutputColumn o : outputs) {
      outer.add(DSL.field(DSL.name("u", o.name())));
    }
    List<SortField<?>> order = new ArrayList<>();
    for (String p : ranking.partitionNames()) {
      order.add(DSL.field(DSL.name("u", p)).asc().nullsLast());
    }
    Field<Integer> rank = DSL.field(DSL.name("u", ranking.rankName()), Integer.class);
    order.add(rank.asc());
    return Composition.limit(
        pick,
        DSL.select(outer).from(u).where(rank.le(DSL.val(pick.limitPer().limit()))).orderBy(order));
  }

  private static void checkLimitAndOrder(Pick pick) {
    TopPer t = pick.limitPer();
    if (t.limit() < 1) {
      throw new PickValidationError("limitPer.limit must be at least 1, got " + t.limit());
    }
    if (pick.orderBy().isEmpty()) {
      throw new PickValidationError(
          "limitPer keeps the first rows of each group by the Pick's orderBy; give one (e.g. the"
              + " measure, desc)");
    }
  }

  /** Checks the limitPer of an aggregate Pick; returns the output names that make a group. */
  static List<String> partition(
      Pick pick, Lookup lk, List<ColumnInfo> groupBy, Map<ColumnInfo, String> groupAliases) {
    TopPer t = pick.limitPer();
    checkLimitAndOrder(pick);
    List<String> names = new ArrayList<>();
    if (t.perPeriod()) {
      if (pick.grain() == null) {
        throw new PickValidationError("limitPer.perPeriod needs a time grain");
      }
      names.add(Composition.PERIOD);
    }
    for (ColumnRef ref : t.per()) {
      ColumnInfo c = lk.column(ref);
      String alias = groupAliases.get(c);
      if (alias == null) {
        throw new PickValidationError(
            "limitPer.per names "
                + ref
                + ", which is not a groupBy column; the groups it ranks within are groupBy columns"
                + " "
                + groupBy.stream().map(g -> g.ref().toString()).toList());
      }
      names.add(alias);
    }
    if (names.isEmpty()) {
      throw new PickValidationError(
          "limitPer needs per (groupBy columns) or perPeriod; without groups use limit");
    }
    if (names.size() == groupBy.size() + (pick.grain() == null ? 0 : 1)) {
      throw new PickValidationError(
          "limitPer.per covers every groupBy column, so each group has one row; leave one"
              + " groupBy column out of per to rank within the groups");
    }
    return names;
  }

  /**
   * Wraps the grouped query (unordered, its columns named as {@code outputs}, and {@code hidden}:
   * sort-only measures); {@code order} sorts by those names only, so it reads the same inside the
   * window and outside.
   */
  static Select<?> wrap(
      Pick pick,
      Select<?> grouped,
      List<OutputColumn> outputs,
      List<String> hidden,
      List<String> partition,
      List<SortField<?>> order,
      List<String> tieBreak) {
    Table<?> t = grouped.asTable(DSL.name("t"));
    List<Field<?>> partitionBy = new ArrayList<>();
    for (String p : partition) {
      partitionBy.add(DSL.field(DSL.name(p)));
    }
    List<SortField<?>> windowOrder = new ArrayList<>(order);
    for (String name : tieBreak) {
      windowOrder.add(DSL.field(DSL.name(name)).asc());
    }
    List<SelectField<?>> inner = new ArrayList<>();
    List<SelectField<?>> outer = new ArrayList<>();
    for (OutputColumn o : outputs) {
      inner.add(DSL.field(DSL.name(o.name())));
      outer.add(DSL.field(DSL.name(o.name())));
    }
    for (String h : hidden) {
      inner.add(DSL.field(DSL.name(h)));
    }
    inner.add(DSL.rowNumber().over().partitionBy(partitionBy).orderBy(windowOrder).as(RANK));
    Table<?> u = DSL.select(inner).from(t).asTable(DSL.name("u"));
    List<SortField<?>> outerOrder = new ArrayList<>();
    for (Field<?> p : partitionBy) {
      outerOrder.add(p.asc().nullsLast());
    }
    outerOrder.add(DSL.field(DSL.name(RANK)).asc());
    return Composition.limit(
        pick,
        DSL.select(outer)
            .from(u)
            .where(DSL.field(DSL.name(RANK), Integer.class).le(DSL.val(pick.limitPer().limit())))
            .orderBy(outerOrder));
  }
}
