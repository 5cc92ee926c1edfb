package io.assay.recon.compose;

import io.assay.pick.ColumnRef;
import io.assay.pick.Comparison;
import io.assay.pick.Filter;
import io.assay.pick.Measure;
import io.assay.pick.PickValidationError;
import io.assay.pick.RankBy;
import io.assay.pick.Value;
import io.assay.recon.ColumnInfo;
import io.assay.recon.TableInfo;
import io.assay.recon.schema.ColumnType;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jooq.Comparator;
import org.jooq.Condition;
import org.jooq.Field;
import org.jooq.Record1;
import org.jooq.Select;
import org.jooq.SortField;
import org.jooq.Table;
import org.jooq.impl.DSL;
import org.jooq.impl.SQLDataType;

/** Row conditions: the Pick's filters, and the subqueries of ranked references and aggregates. */
final class Conditions {

  private final Lookup lk;

  Conditions(Lookup lk) {
    this.lk = lk;
  }

  /**
   * A timestamp column compared with a date: the date stands for its whole day, so "up to 31 July"
   * keeps the rentals of 31 July afternoon, and "on 31 July" is that day from midnight to midnight.
   */
  static Condition wholeDays(Field<Object> field, Comparison op, LocalDate day) {
    Field<Object> start = ValueBinder.param(day, SQLDataType.LOCALDATE);
    Field<Object> next = ValueBinder.param(day.plusDays(1), SQLDataType.LOCALDATE);
    return switch (op) {
      case EQ -> field.ge(start).and(field.lt(next));
      case NE -> field.lt(start).or(field.ge(next));
      case LT -> field.lt(start);
      case GE -> field.ge(start);
      case LE -> field.lt(next);
      case GT -> field.ge(next);
    };
  }

  Condition condition(Filter f, QueryLevel level) {
    if (f instanceof Filter.Exists e) {
      return exists(e, level);
    }
    if (f instanceof Filter.RelatedCount rc) {
      return relatedCount(rc, level);
    }
    ColumnInfo col = lk.column(Lookup.requireColumn(f));
    Field<Object> field = level.field(col);
    if (f instanceof Filter.Compare c) {
      if (c.op() == null) {
        throw new PickValidationError(
            "the compare filter on " + col.ref() + " needs op: eq, ne, lt, le, gt or ge");
      }
      checkOrderable(col, c.op());
      if (col.type() == ColumnType.TIMESTAMP) {
        return wholeDays(field, c.op(), ValueBinder.date(col, c.value()));
      }
      boolean member = c.op() == Comparison.EQ || c.op() == Comparison.NE;
      return field.compare(comparator(c.op()), lk.binder.bind(col, c.value(), member));
    }
    if (f instanceof Filter.Between b) {
      if (b.from() == null || b.to() == null) {
        throw new PickValidationError(
            "the between filter on " + col.ref() + " needs both from and to");
      }
      checkOrderable(col, Comparison.LE);
      if (col.type() == ColumnType.TIMESTAMP) {
        return wholeDays(field, Comparison.GE, ValueBinder.date(col, b.from()))
            .and(wholeDays(field, Comparison.LE, ValueBinder.date(col, b.to())));
      }
      return field.between(
          lk.binder.bind(col, b.from(), false), lk.binder.bind(col, b.to(), false));
    }
    if (f instanceof Filter.In in) {
      if (in.values().isEmpty()) {
        throw new PickValidationError("the in filter on " + col.ref() + " has no values");
      }
      List<Field<Object>> values = new ArrayList<>();
      for (Value v : in.values()) {
        values.add(lk.binder.bind(col, v, true));
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
    if (f instanceof Filter.Contains c) {
      return contains(c, col, field);
    }
    if (f instanceof Filter.IsNull n) {
      if (col.type() == ColumnType.TEXT && !col.array()) {
        // a text left blank (" ": "purpose not given") is as empty to a person as a missing one
        Condition blank = DSL.trim(field.cast(SQLDataType.VARCHAR)).eq("");
        return n.negated() ? field.isNotNull().andNot(blank) : field.isNull().or(blank);
      }
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

  /** {@code value = ANY(column)} on an array column; the value is bound as the element's type. */
  private Condition contains(Filter.Contains c, ColumnInfo col, Field<Object> field) {
    String element = ColumnType.arrayElement(col.sqlType());
    if (element == null) {
      throw new PickValidationError(
          "contains filters apply to array columns; "
              + col.ref()
              + " is "
              + col.sqlType()
              + " (use compare or in)");
    }
    ColumnType type = ColumnType.fromPostgres(element);
    ColumnInfo item =
        new ColumnInfo(col.table(), col.name(), type, element, false, null, List.of());
    Field<Object> value = lk.binder.bind(item, c.value(), false);
    Condition holds = DSL.condition("{0} = any({1})", value, field);
    return c.negated() ? DSL.not(holds) : holds;
  }

  static void checkOrderable(ColumnInfo col, Comparison op) {
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

  static Comparator comparator(Comparison op) {
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
  Condition ranked(Filter.Ranked r, ColumnInfo outer, Field<Object> outerField) {
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
    ColumnInfo selected = r.select() == null ? outer : lk.column(r.select());
    checkComparable(outer, selected, "ranked filter");
    String prefix = lk.nextPrefix();
    QueryLevel level;
    ColumnInfo rankColumn = null;
    Measure rankMeasure = null;
    if (r.rankBy() instanceof RankBy.ByColumn bc) {
      rankColumn = lk.column(bc.column());
      level = lk.level(prefix, rankColumn.table());
    } else if (r.rankBy() instanceof RankBy.ByMeasure bm) {
      rankMeasure = bm.measure();
      if (rankMeasure == null) {
        throw new PickValidationError("rankBy measure is empty");
      }
      if (Measures.containsGrowth(rankMeasure)) {
        throw new PickValidationError("ranking by a growth is not supported");
      }
      Map<String, String> leaves = new LinkedHashMap<>();
      lk.measures.leafTables(rankMeasure, leaves);
      level = lk.level(prefix, Measures.singleTable(leaves, "the ranking measure's parts"));
      for (Filter f : lk.measures.measureFilters(rankMeasure)) {
        level.need(lk.column(f.column()).table(), true, "a measure's filter on " + f.column());
      }
    } else {
      throw new PickValidationError("rankBy is missing its kind (column or measure)");
    }
    level.need(selected.table(), true, "the ranked value " + selected.ref());
    apply(r.filters(), level);
    Field<?> rankField =
        rankMeasure != null
            ? lk.measures.measure(rankMeasure, level, null, null, new ArrayList<>())
            : level.field(rankColumn);
    boolean byMeasure = rankMeasure != null;
    Field<Object> selectField = level.field(selected);
    List<Condition> where = new ArrayList<>();
    Table<?> from = level.from(where);
    SortField<?> sort = Ordering.sort(rankField, r.direction());
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
  Condition vsAggregate(Filter.VsAggregate v, ColumnInfo outer, Field<Object> outerField) {
    if (v.op() == null || v.fn() == null) {
      throw new PickValidationError(
          "the vs_aggregate filter on " + outer.ref() + " needs op (eq … ge) and fn (sum, avg, …)");
    }
    ColumnInfo of = v.of() == null ? outer : lk.column(v.of());
    checkOrderable(outer, v.op());
    QueryLevel level = lk.level(lk.nextPrefix(), of.table());
    apply(v.filters(), level);
    Field<?> agg = lk.measures.aggregate(v.fn(), of, level, null);
    List<Condition> where = new ArrayList<>();
    Table<?> from = level.from(where);
    @SuppressWarnings("unchecked")
    Select<Record1<Object>> sub =
        (Select<Record1<Object>>) (Select<?>) DSL.select(agg).from(from).where(where);
    return outerField.compare(comparator(v.op()), sub);
  }

  static void checkComparable(ColumnInfo a, ColumnInfo b, String what) {
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

  /**
   * Adds row filters to a query level: the tables they need (filter-only, so a one-to-many hop
   * becomes a semi-join) and their conditions. An exists filter is a condition on the level's root.
   */
  void apply(List<Filter> filters, QueryLevel level) {
    for (Filter f : filters) {
      if (!f.onRelatedRows()) {
        ColumnRef ref = Lookup.requireColumn(f);
        level.need(lk.column(ref).table(), false, "filter on " + ref);
      }
    }
    for (Filter f : filters) {
      String table = f.onRelatedRows() ? level.tree.root() : lk.column(f.column()).table();
      level.where(table, condition(f, level));
    }
  }

  /**
   * {@code [NOT] EXISTS (SELECT 1 FROM <the related table and what its filters need> WHERE
   * <correlated with the level's root row> AND filters)}.
   */
  private Condition exists(Filter.Exists e, QueryLevel outer) {
    QueryLevel sub = relatedLevel("exists", e.table(), e.filters(), outer);
    Condition c = sub.relatedRows(outer);
    return e.negated() ? DSL.not(c) : c;
  }

  /**
   * {@code (SELECT count(DISTINCT <related key>) FROM <the related table and what its filters need>
   * WHERE <correlated with the level's root row> AND filters) op count}.
   */
  private Condition relatedCount(Filter.RelatedCount rc, QueryLevel outer) {
    if (rc.op() == null) {
      throw new PickValidationError(
          "the related_count filter on '" + rc.table() + "' needs op: eq, ne, lt, le, gt or ge");
    }
    if (rc.count() < 0) {
      throw new PickValidationError(
          "the related_count filter on '" + rc.table() + "' needs a count of 0 or more");
    }
    QueryLevel sub = relatedLevel("related_count", rc.table(), rc.filters(), outer);
    Field<Integer> n = sub.relatedRowCount(outer, lk.table(rc.table()));
    return n.compare(comparator(rc.op()), DSL.val((int) Math.min(rc.count(), Integer.MAX_VALUE)));
  }

  /** The sub-query level over a related table and what its filters need, rooted at the outer's. */
  private QueryLevel relatedLevel(
      String kind, String table, List<Filter> filters, QueryLevel outer) {
    String root = outer.tree.root();
    TableInfo target = lk.table(table);
    if (target.name().equals(root)) {
      throw new PickValidationError(
          "the "
              + kind
              + " filter tests the rows related to each '"
              + root
              + "' row, so its table must be another one than '"
              + root
              + "'; put conditions on '"
              + root
              + "' itself in the filters");
    }
    QueryLevel sub = lk.level(lk.nextPrefix(), root);
    sub.need(target.name(), true, "the " + kind + " filter's table '" + target.name() + "'");
    // the filters describe the related rows: another table's column is that row's own ("clients
    // with an account in Jesenik": the account's district, not the client's)
    for (Filter f : filters) {
      if (f.column() != null) {
        sub.tree.addThrough(lk.recon, lk.column(f.column()).table(), target.name());
      }
    }
    apply(filters, sub);
    return sub;
  }
}
