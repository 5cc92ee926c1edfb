package io.assay.recon.compose;

import io.assay.pick.Aggregation;
import io.assay.pick.ColumnRef;
import io.assay.pick.Filter;
import io.assay.pick.Measure;
import io.assay.pick.PickValidationError;
import io.assay.recon.ColumnInfo;
import io.assay.recon.MetricDefinition;
import io.assay.recon.schema.ColumnType;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.jooq.AggregateFunction;
import org.jooq.Condition;
import org.jooq.Field;
import org.jooq.impl.DSL;
import org.jooq.impl.SQLDataType;

/** The SQL of measures: metrics, ad-hoc aggregates and what derives from them. */
final class Measures {

  private final Lookup lk;

  Measures(Lookup lk) {
    this.lk = lk;
  }

  static boolean containsGrowth(Measure m) {
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

  /** Whether a share of the total (a window over the groups) is in the measure. */
  static boolean containsShare(Measure m) {
    if (m instanceof Measure.ShareOfTotal) {
      return true;
    }
    if (m instanceof Measure.Ratio r) {
      return containsShare(r.numerator()) || containsShare(r.denominator());
    }
    if (m instanceof Measure.Difference d) {
      return containsShare(d.left()) || containsShare(d.right());
    }
    if (m instanceof Measure.Growth g) {
      return containsShare(g.of());
    }
    return false;
  }

  static String singleTable(Map<String, String> leaves, String what) {
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
  void leafTables(Measure m, Map<String, String> out) {
    if (m == null) {
      throw new PickValidationError("a measure is empty");
    }
    if (m instanceof Measure.Metric mm) {
      out.putIfAbsent("metric '" + mm.metric() + "'", lk.metric(mm.metric()).table());
    } else if (m instanceof Measure.Aggregate a) {
      if (a.column() == null) {
        throw new PickValidationError("an aggregate measure needs a column (table.column)");
      }
      out.putIfAbsent(
          (a.fn() == null ? "aggregate" : a.fn().name().toLowerCase()) + "(" + a.column() + ")",
          lk.column(a.column()).table());
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

  ColumnRef defaultTimeColumn(Measure m) {
    if (m instanceof Measure.Metric mm) {
      return lk.metric(mm.metric()).timeColumn();
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

  /**
   * The column filters a measure applies to itself (its own and its metric's), for join planning;
   * exists filters need no join of the measure's query and are left out.
   */
  List<Filter> measureFilters(Measure m) {
    List<Filter> out = new ArrayList<>();
    if (m instanceof Measure.Metric mm) {
      out.addAll(mm.filters());
      MetricDefinition def = lk.metric(mm.metric());
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
    out.removeIf(Filter::onRelatedRows);
    for (Filter f : out) {
      Lookup.requireColumn(f);
    }
    return out;
  }

  /**
   * The SQL of a measure. {@code extra} is AND-ed into every leaf's FILTER (the period of a
   * growth); {@code growthWindows} collects the periods so the WHERE can skip other rows.
   */
  Field<?> measure(
      Measure m,
      QueryLevel level,
      Condition extra,
      ColumnInfo timeColumn,
      List<Condition> growthWindows) {
    if (m instanceof Measure.Metric mm) {
      MetricDefinition def = lk.metric(mm.metric());
      if (def instanceof MetricDefinition.Aggregate a) {
        List<Filter> filters = new ArrayList<>(a.filters());
        filters.addAll(mm.filters());
        return aggregate(
            a.aggregation(), lk.column(a.column()), level, leafCondition(filters, level, extra));
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
      return aggregate(
          a.fn(), lk.column(a.column()), level, leafCondition(a.filters(), level, extra));
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
      return growth(g, level, extra, timeColumn, growthWindows);
    }
    if (m instanceof Measure.OverGroups) {
      throw new PickValidationError(
          "an over_groups measure folds per-group values, so it is one of the Pick's measures"
              + " itself, never a part of a ratio, difference, share or growth");
    }
    throw new PickValidationError("a measure is missing its kind");
  }

  /** Percent change of a measure between two periods of the time column. */
  private Field<?> growth(
      Measure.Growth g,
      QueryLevel level,
      Condition extra,
      ColumnInfo timeColumn,
      List<Condition> growthWindows) {
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
    Condition from = TimeSql.windowCondition(time, lk.window(g.from(), timeColumn));
    Condition to = TimeSql.windowCondition(time, lk.window(g.to(), timeColumn));
    growthWindows.add(from);
    growthWindows.add(to);
    Field<BigDecimal> before =
        numeric(
            measure(
                g.of(), level, extra == null ? from : extra.and(from), timeColumn, growthWindows));
    Field<BigDecimal> after =
        numeric(
            measure(g.of(), level, extra == null ? to : extra.and(to), timeColumn, growthWindows));
    // (after / before − 1) × 100 names each period's aggregate once, where the textbook
    // (after − before) × 100 / before would repeat the base period's.
    return after
        .cast(SQLDataType.DOUBLE)
        .div(DSL.nullif(before.cast(SQLDataType.DOUBLE), DSL.inline(0.0)))
        .minus(DSL.inline(1))
        .mul(DSL.inline(100));
  }

  Condition leafCondition(List<Filter> filters, QueryLevel level, Condition extra) {
    List<Condition> cs = new ArrayList<>();
    for (Filter f : filters) {
      if (f.onRelatedRows()) {
        // "accounts that have a loan" among all accounts: a condition on the aggregated row.
        cs.add(lk.conditions.condition(f, level));
        continue;
      }
      ColumnInfo c = lk.column(Lookup.requireColumn(f));
      if (!level.tree.reachedManyToOne(c.table())) {
        throw new PickValidationError(
            "a measure's own filter on "
                + c.ref()
                + " can only use columns of '"
                + level.tree.root()
                + "' or of tables it joins many-to-one; move the condition to the Pick's filters");
      }
      cs.add(lk.conditions.condition(f, level));
    }
    if (extra != null) {
      cs.add(extra);
    }
    return cs.isEmpty() ? null : DSL.and(cs);
  }

  Field<?> aggregate(Aggregation fn, ColumnInfo column, QueryLevel level, Condition filter) {
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

  static Field<Double> ratio(Field<?> numerator, Field<?> denominator, boolean percent) {
    Field<Double> num = numeric(numerator).cast(SQLDataType.DOUBLE);
    if (percent) {
      num = num.mul(DSL.inline(100));
    }
    return num.div(DSL.nullif(numeric(denominator).cast(SQLDataType.DOUBLE), DSL.inline(0.0)));
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  static Field<BigDecimal> numeric(Field<?> f) {
    return (Field) f;
  }

  OutputColumn measureOutput(String alias, Measure m) {
    if (m instanceof Measure.Metric mm) {
      MetricDefinition def = lk.metric(mm.metric());
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
          Names.part(r.numerator())
              + (r.percent() ? " as a percentage of " : " per ")
              + Names.part(r.denominator()),
          r.percent() ? "percent" : null,
          r.percent() ? ".1f" : null);
    }
    if (m instanceof Measure.Difference d) {
      return new OutputColumn(
          alias,
          OutputColumn.Role.MEASURE,
          null,
          Names.part(d.left()) + " minus " + Names.part(d.right()),
          null,
          null);
    }
    if (m instanceof Measure.ShareOfTotal s) {
      return new OutputColumn(
          alias,
          OutputColumn.Role.MEASURE,
          null,
          "share of the total of " + Names.part(s.of()),
          "percent",
          ".1f");
    }
    Measure.Growth g = (Measure.Growth) m;
    return new OutputColumn(
        alias,
        OutputColumn.Role.MEASURE,
        null,
        "percent change of " + Names.part(g.of()),
        "percent",
        ".1f");
  }
}
