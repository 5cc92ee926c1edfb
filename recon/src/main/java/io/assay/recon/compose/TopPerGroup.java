package io.assay.recon.compose;

import io.assay.pick.ColumnRef;
import io.assay.pick.Pick;
import io.assay.pick.PickValidationError;
import io.assay.pick.TopPer;
import io.assay.recon.ColumnInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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
 * WHERE u.rank_in_group <= ?}.
 */
final class TopPerGroup {

  private static final String RANK = "rank_in_group";

  private TopPerGroup() {}

  /** Checks the limitPer of an aggregate Pick; returns the output names that make a group. */
  static List<String> partition(
      Pick pick, Lookup lk, List<ColumnInfo> groupBy, Map<ColumnInfo, String> groupAliases) {
    TopPer t = pick.limitPer();
    if (t.limit() < 1) {
      throw new PickValidationError("limitPer.limit must be at least 1, got " + t.limit());
    }
    if (pick.orderBy().isEmpty()) {
      throw new PickValidationError(
          "limitPer keeps the first rows of each group by the Pick's orderBy; give one (e.g. the"
              + " measure, desc)");
    }
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
   * Wraps the grouped query (unordered, its columns named as {@code outputs}); {@code order} sorts
   * by output names only, so it reads the same inside the window and outside.
   */
  static Select<?> wrap(
      Pick pick,
      Select<?> grouped,
      List<OutputColumn> outputs,
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
