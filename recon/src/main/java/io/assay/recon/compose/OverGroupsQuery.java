package io.assay.recon.compose;

import io.assay.pick.Aggregation;
import io.assay.pick.ColumnRef;
import io.assay.pick.Filter;
import io.assay.pick.Having;
import io.assay.pick.Measure;
import io.assay.pick.Pick;
import io.assay.pick.PickValidationError;
import io.assay.recon.ColumnInfo;
import io.assay.recon.MetricDefinition;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jooq.Condition;
import org.jooq.Field;
import org.jooq.SelectField;
import org.jooq.SelectHavingStep;
import org.jooq.SortField;
import org.jooq.Table;
import org.jooq.impl.DSL;

/**
 * A Pick whose measures are {@link Measure.OverGroups}: an inner query computes each measure's
 * {@code of} per group of the Pick's groupBy plus the {@code per} columns (with the Pick's filters
 * and time), and the outer query folds those values with {@code fn} per the Pick's groupBy and
 * grain: {@code SELECT g.a3, avg(g.loan_count) FROM (SELECT a3, client_id, count(…) … GROUP BY a3,
 * client_id) g GROUP BY g.a3}.
 */
final class OverGroupsQuery {

  private static final String GROUPS = "g";

  private final Pick pick;
  private final Lookup lk;

  OverGroupsQuery(Pick pick, Lookup lk) {
    this.pick = pick;
    this.lk = lk;
  }

  static boolean applies(Pick pick) {
    return pick.measures().stream().anyMatch(m -> m instanceof Measure.OverGroups);
  }

  Composition.Built build() {
    List<Measure.OverGroups> measures = check();
    List<ColumnRef> groups = new ArrayList<>(pick.groupBy());
    for (ColumnRef p : measures.get(0).per()) {
      if (!groups.contains(p)) {
        groups.add(p);
      }
    }
    // Two folds of one per-group value (its average and its maximum) read one inner column.
    List<Measure> inners = new ArrayList<>();
    for (Measure.OverGroups m : measures) {
      if (!inners.contains(m.of())) {
        inners.add(m.of());
      }
    }
    // A group counts only when it has rows of the measure: "the average card spending of an
    // account" is over the accounts that paid by card, not over every account with a transaction
    // (whose filtered sum would be 0). So a measure's own row filters select the grouped rows.
    Pick innerPick =
        pick.toBuilder()
            .measures(inners)
            .groupBy(groups)
            .unshaped()
            .filter(ownRows(inners).toArray(Filter[]::new))
            .build();
    Composition.Built inner = new Composition(innerPick, lk).build(true);
    List<OutputColumn> innerOut = inner.outputs();
    Table<?> from = inner.query().asTable(DSL.name(GROUPS));

    List<SelectField<?>> fields = new ArrayList<>();
    List<Field<?>> groupFields = new ArrayList<>();
    List<OutputColumn> outputs = new ArrayList<>();
    Set<String> aliases = new HashSet<>();
    int at = 0;
    if (pick.grain() != null) {
      Field<Object> period = DSL.field(DSL.name(GROUPS, Composition.PERIOD));
      fields.add(period.as(DSL.name(Composition.PERIOD)));
      groupFields.add(period);
      aliases.add(Composition.PERIOD);
      outputs.add(innerOut.get(at++));
    }
    List<ColumnInfo> groupBy = new ArrayList<>();
    Map<ColumnInfo, Field<?>> columnFields = new HashMap<>();
    for (ColumnRef ref : pick.groupBy()) {
      OutputColumn o = innerOut.get(at++);
      String alias =
          Names.unique(Names.defaultColumnAlias(ref, pick.groupBy()), aliases, "groupBy");
      Field<Object> f = DSL.field(DSL.name(GROUPS, o.name()));
      fields.add(f.as(DSL.name(alias)));
      groupFields.add(f);
      ColumnInfo c = lk.column(ref);
      groupBy.add(c);
      columnFields.put(c, f);
      outputs.add(
          new OutputColumn(alias, o.role(), o.source(), o.description(), o.unit(), o.format()));
    }
    int firstMeasure = at + groups.size() - pick.groupBy().size();
    Map<String, Field<?>> folded = new LinkedHashMap<>();
    for (Measure.OverGroups m : measures) {
      OutputColumn o = innerOut.get(firstMeasure + inners.indexOf(m.of()));
      String alias =
          Names.unique(
              m.alias() != null ? Names.checkAlias(m.alias()) : Names.defaultMeasureAlias(m),
              aliases,
              "measures");
      Field<?> f = fold(m.fn(), DSL.field(DSL.name(GROUPS, o.name())));
      fields.add(f.as(DSL.name(alias)));
      folded.put(alias, f);
      outputs.add(output(alias, m, o));
    }

    var select = DSL.select(fields).from(from);
    SelectHavingStep<?> grouped = groupFields.isEmpty() ? select : select.groupBy(groupFields);
    List<Condition> having = having(folded);
    var kept = having.isEmpty() ? grouped : grouped.having(having);
    List<SortField<?>> order =
        Ordering.order(
            pick, lk, true, groupBy, folded.keySet(), false, columnFields::get, m -> null);
    return new Composition.Built(
        Composition.limit(pick, kept.orderBy(order)), outputs, inner.joins());
  }

  private List<Measure.OverGroups> check() {
    if (pick.limitPer() != null) {
      throw new PickValidationError(
          "limitPer is not supported with over_groups measures; rank the per-group values in a"
              + " Pick of their own");
    }
    List<Measure.OverGroups> out = new ArrayList<>();
    for (Measure m : pick.measures()) {
      if (!(m instanceof Measure.OverGroups o)) {
        throw new PickValidationError(
            "an over_groups measure groups the rows first, so every measure of its Pick must be an"
                + " over_groups too (with the same per); ask for the other measures in another"
                + " Pick");
      }
      if (o.fn() == null || o.of() == null) {
        throw new PickValidationError(
            "an over_groups measure needs fn (avg, sum, min, max, count) and of (the measure per"
                + " group)");
      }
      if (o.per().isEmpty()) {
        throw new PickValidationError(
            "an over_groups measure needs per: the columns that make a group (e.g."
                + " client.client_id for 'per client')");
      }
      if (!out.isEmpty() && !out.get(0).per().equals(o.per())) {
        throw new PickValidationError(
            "the over_groups measures of one Pick group by the same per columns; "
                + out.get(0).per()
                + " and "
                + o.per()
                + " differ — ask for them in separate Picks");
      }
      if (o.fn() == Aggregation.COUNT_DISTINCT) {
        throw new PickValidationError(
            "count_distinct over groups counts distinct per-group values, which is rarely meant;"
                + " use count (the number of groups) or avg");
      }
      for (ColumnRef p : o.per()) {
        lk.column(p);
      }
      out.add(o);
    }
    return out;
  }

  /**
   * The row filters the per-group measures share: a metric's or an aggregate's own filters (none
   * for derived measures, whose groups are the Pick's rows). Measures counting different rows
   * cannot share one grouping.
   */
  private List<Filter> ownRows(List<Measure> inners) {
    List<Filter> first = null;
    for (Measure m : inners) {
      List<Filter> own = new ArrayList<>();
      if (m instanceof Measure.Metric mm
          && lk.metric(mm.metric()) instanceof MetricDefinition.Aggregate a) {
        own.addAll(a.filters());
        own.addAll(mm.filters());
      } else if (m instanceof Measure.Aggregate a) {
        own.addAll(a.filters());
      }
      if (first == null) {
        first = own;
      } else if (!first.equals(own)) {
        throw new PickValidationError(
            "the over_groups measures of one Pick fold per-group values of the same rows; "
                + Names.part(inners.get(0))
                + " and "
                + Names.part(m)
                + " count different rows (their filters differ) — ask for them in separate Picks");
      }
    }
    return first == null ? List.of() : first;
  }

  private static Field<?> fold(Aggregation fn, Field<Object> value) {
    @SuppressWarnings({"unchecked", "rawtypes"})
    Field<BigDecimal> n = (Field) value;
    return switch (fn) {
      case AVG -> DSL.avg(n);
      case SUM -> DSL.sum(n);
      case MIN -> DSL.min(value);
      case MAX -> DSL.max(value);
      case COUNT, COUNT_DISTINCT -> DSL.count(value);
    };
  }

  private List<Condition> having(Map<String, Field<?>> folded) {
    List<Condition> out = new ArrayList<>();
    for (Having h : pick.having()) {
      if (h == null || h.measure() == null || h.of() != null) {
        throw new PickValidationError(
            "in a Pick of over_groups measures a having condition names one of them by its"
                + " alias (measure), since only they exist after the grouping");
      }
      Field<?> f = folded.get(h.measure());
      if (f == null) {
        throw new PickValidationError(
            "having names measure '"
                + h.measure()
                + "', which is not one of this Pick's measures "
                + folded.keySet());
      }
      out.add(Composition.havingCondition(h, f));
    }
    return out;
  }

  private static OutputColumn output(String alias, Measure.OverGroups m, OutputColumn inner) {
    boolean keepsUnit = m.fn() != Aggregation.COUNT;
    return new OutputColumn(
        alias,
        OutputColumn.Role.MEASURE,
        inner.source(),
        m.fn().name().toLowerCase()
            + " over each "
            + String.join(", ", m.per().stream().map(ColumnRef::toString).toList())
            + " of "
            + (inner.description() == null ? inner.name() : inner.description()),
        keepsUnit ? inner.unit() : null,
        keepsUnit ? inner.format() : null);
  }
}
