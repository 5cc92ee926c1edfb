package io.assay.pick;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import java.util.List;
import java.util.Locale;

/**
 * A row condition on one column (or, for {@link Exists}, on the rows related to a row). Filters in
 * a list are AND-ed. JSON carries the variant in {@code "kind"}: compare, between, in, prefix,
 * is_null, ranked, vs_aggregate, exists, related_count, contains.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "kind")
@JsonSubTypes({
  @JsonSubTypes.Type(value = Filter.Compare.class, name = "compare"),
  @JsonSubTypes.Type(value = Filter.Between.class, name = "between"),
  @JsonSubTypes.Type(value = Filter.In.class, name = "in"),
  @JsonSubTypes.Type(value = Filter.Prefix.class, name = "prefix"),
  @JsonSubTypes.Type(value = Filter.IsNull.class, name = "is_null"),
  @JsonSubTypes.Type(value = Filter.Ranked.class, name = "ranked"),
  @JsonSubTypes.Type(value = Filter.VsAggregate.class, name = "vs_aggregate"),
  @JsonSubTypes.Type(value = Filter.Exists.class, name = "exists"),
  @JsonSubTypes.Type(value = Filter.RelatedCount.class, name = "related_count"),
  @JsonSubTypes.Type(value = Filter.Contains.class, name = "contains")
})
public sealed interface Filter {

  /** The column the condition is on; null for {@link Exists}, which is about a related table. */
  ColumnRef column();

  /**
   * {@code column op value}, e.g. {@code loan.amount >= 250000}. On a timestamp column a date value
   * stands for its whole day ({@code le 2022-07-31} keeps that day's afternoon too).
   */
  record Compare(ColumnRef column, Comparison op, Value value) implements Filter {}

  /**
   * {@code from <= column <= to} (both ends included; on a timestamp column, dates are whole days).
   */
  record Between(ColumnRef column, Value from, Value to) implements Filter {}

  /** {@code column IN (values)}, or NOT IN when {@code negated}. */
  record In(ColumnRef column, List<Value> values, boolean negated) implements Filter {
    public In {
      values = values == null ? List.of() : List.copyOf(values);
    }
  }

  /** Text column starting with {@code prefix} (exact case; LIKE wildcards in it are literal). */
  record Prefix(ColumnRef column, String prefix) implements Filter {}

  /**
   * An array column holding {@code value} among its elements ({@code value = ANY(column)}), or not
   * holding it when {@code negated}: "products tagged organic" is {@code column=product.tags,
   * value="organic"}.
   */
  record Contains(ColumnRef column, Value value, boolean negated) implements Filter {}

  /** {@code column IS NULL}, or IS NOT NULL when {@code negated}. */
  record IsNull(ColumnRef column, boolean negated) implements Filter {}

  /**
   * {@code column = } the value of {@code select} in the row ranked {@code rank} (1 = first) when
   * ordered by {@code rankBy} in {@code direction}, among rows matching {@code filters}. Example:
   * "the district with the second-highest crimes in 1995" is {@code column=district.district_id,
   * rankBy=district.a15, direction=desc, rank=2}. {@code select} defaults to {@code column}; set it
   * when the reference lives in another table ("the district of the oldest woman": column
   * district.district_id, select client.district_id, rankBy client.birth_date asc). When {@code
   * rankBy} is a measure, rows are grouped by {@code select} first ("the district with the most
   * loans"). Ties at the rank are broken arbitrarily by the database.
   */
  record Ranked(
      ColumnRef column,
      ColumnRef select,
      RankBy rankBy,
      Direction direction,
      int rank,
      List<Filter> filters)
      implements Filter {
    public Ranked {
      filters = filters == null ? List.of() : List.copyOf(filters);
    }
  }

  /**
   * {@code column op (fn(of) over the rows matching filters)}, e.g. "amount below the 1998
   * average": {@code column=trans.amount, op=lt, fn=avg, filters=[trans.date between 1998-01-01 and
   * 1998-12-31]}. {@code of} defaults to {@code column}. The filters here scope only the aggregate,
   * not the outer rows.
   */
  record VsAggregate(
      ColumnRef column, Comparison op, Aggregation fn, ColumnRef of, List<Filter> filters)
      implements Filter {
    public VsAggregate {
      filters = filters == null ? List.of() : List.copyOf(filters);
    }
  }

  /**
   * Whether the row has at least one related row in {@code table} (reached by recon's declared
   * joins from the table whose rows are filtered) matching {@code filters}; with {@code negated},
   * that it has none (NOT EXISTS, an anti-join). "accounts that never took a loan": {@code
   * table=loan, negated=true} on an account count; "patients never prescribed an antibiotic":
   * {@code table=prescription, filters=[drug.class = antibiotic], negated=true}. The filters are
   * read inside the related rows, so they may name any table reachable from {@code table}.
   */
  record Exists(String table, List<Filter> filters, boolean negated) implements Filter {
    public Exists {
      // Table names are matched like ColumnRef's: case-insensitively.
      table = table == null ? null : table.strip().toLowerCase(Locale.ROOT);
      filters = filters == null ? List.of() : List.copyOf(filters);
    }

    @Override
    public ColumnRef column() {
      return null;
    }
  }

  /**
   * Whether the number of rows related to the row in {@code table} (reached as for {@link Exists})
   * that match {@code filters} compares to {@code count} by {@code op}: "clients with more than one
   * account" is {@code table=account, op=gt, count=1} on clients. Each related row counts once,
   * however many rows its filters reach.
   */
  record RelatedCount(String table, List<Filter> filters, Comparison op, long count)
      implements Filter {
    public RelatedCount {
      table = table == null ? null : table.strip().toLowerCase(Locale.ROOT);
      filters = filters == null ? List.of() : List.copyOf(filters);
    }

    @Override
    public ColumnRef column() {
      return null;
    }
  }

  /** Whether this is a condition on the rows related to a row rather than on one of its columns. */
  default boolean onRelatedRows() {
    return this instanceof Exists || this instanceof RelatedCount;
  }

  static Filter compare(String column, Comparison op, Value value) {
    return new Compare(ColumnRef.of(column), op, value);
  }

  static Filter eq(String column, String text) {
    return compare(column, Comparison.EQ, Value.text(text));
  }

  static Filter between(String column, Value from, Value to) {
    return new Between(ColumnRef.of(column), from, to);
  }

  static Filter in(String column, List<Value> values) {
    return new In(ColumnRef.of(column), values, false);
  }

  /** Rows with no related row in {@code table} matching {@code filters}. */
  static Filter none(String table, Filter... filters) {
    return new Exists(table, List.of(filters), true);
  }
}
