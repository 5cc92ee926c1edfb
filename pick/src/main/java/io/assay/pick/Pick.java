package io.assay.pick;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A typed description of the data one question needs; the composer turns it into SQL. Two shapes:
 *
 * <ul>
 *   <li><b>aggregate</b>: {@code measures} non-empty, optionally per {@code groupBy} column and per
 *       {@code grain} bucket of the time column, labelled as {@code periodAs} says ({@code select}
 *       must be empty);
 *   <li><b>listing</b>: {@code measures} empty, {@code select} lists per-row columns ({@code
 *       groupBy} and {@code grain} must be empty).
 * </ul>
 *
 * {@code filters} restrict rows (AND-ed); {@code having} keeps only the groups whose measures meet
 * its conditions (AND-ed; an aggregate Pick with a groupBy or grain). {@code time} restricts {@code
 * timeColumn}, which defaults to the first metric's default time column from recon. {@code
 * orderBy}, {@code limit} and {@code offset} shape the result ({@code limitPer}: the first rows of
 * each group, in an aggregate or a listing); {@code distinct} removes duplicate rows. Tables are
 * joined by recon's declared relationships from the first measure's (or first selected column's)
 * table. A listing with having, or ordered by a measure it does not output ({@link
 * Order.ByMeasure#of()}), is grouped by its selected columns and joined from the table those
 * measures aggregate: "the three regions with the most clients", the regions alone. JSON field
 * names are the component names; absent lists mean empty.
 */
public record Pick(
    List<Measure> measures,
    List<Projection> select,
    List<ColumnRef> groupBy,
    List<Filter> filters,
    List<Having> having,
    ColumnRef timeColumn,
    TimeFilter time,
    TimeGrain grain,
    PeriodLabel periodAs,
    List<Order> orderBy,
    Integer limit,
    Integer offset,
    TopPer limitPer,
    boolean distinct) {

  public Pick {
    measures = measures == null ? List.of() : List.copyOf(measures);
    select = select == null ? List.of() : List.copyOf(select);
    groupBy = groupBy == null ? List.of() : List.copyOf(groupBy);
    filters = filters == null ? List.of() : List.copyOf(filters);
    having = having == null ? List.of() : List.copyOf(having);
    orderBy = orderBy == null ? List.of() : List.copyOf(orderBy);
  }

  public static Builder builder() {
    return new Builder();
  }

  /** A copy of this Pick to adjust, e.g. to add a filter for a drill-down. */
  public Builder toBuilder() {
    Builder b = new Builder();
    b.measures.addAll(measures);
    b.select.addAll(select);
    b.groupBy.addAll(groupBy);
    b.filters.addAll(filters);
    b.having.addAll(having);
    b.timeColumn = timeColumn;
    b.time = time;
    b.grain = grain;
    b.periodAs = periodAs;
    b.orderBy.addAll(orderBy);
    b.limit = limit;
    b.offset = offset;
    b.limitPer = limitPer;
    b.distinct = distinct;
    return b;
  }

  /** Fluent construction for Java callers (planner, analyses, tests). */
  public static final class Builder {
    private final List<Measure> measures = new ArrayList<>();
    private final List<Projection> select = new ArrayList<>();
    private final List<ColumnRef> groupBy = new ArrayList<>();
    private final List<Filter> filters = new ArrayList<>();
    private final List<Having> having = new ArrayList<>();
    private ColumnRef timeColumn;
    private TimeFilter time;
    private TimeGrain grain;
    private PeriodLabel periodAs;
    private final List<Order> orderBy = new ArrayList<>();
    private Integer limit;
    private Integer offset;
    private TopPer limitPer;
    private boolean distinct;

    private Builder() {}

    public Builder measure(Measure... ms) {
      measures.addAll(Arrays.asList(ms));
      return this;
    }

    public Builder metric(String... metricNames) {
      for (String m : metricNames) {
        measures.add(Measure.metric(m));
      }
      return this;
    }

    public Builder select(Projection... ps) {
      select.addAll(Arrays.asList(ps));
      return this;
    }

    public Builder selectColumns(String... columns) {
      for (String c : columns) {
        select.add(Projection.column(c));
      }
      return this;
    }

    public Builder groupBy(String... columns) {
      for (String c : columns) {
        groupBy.add(ColumnRef.of(c));
      }
      return this;
    }

    public Builder filter(Filter... fs) {
      filters.addAll(Arrays.asList(fs));
      return this;
    }

    public Builder having(Having... hs) {
      having.addAll(Arrays.asList(hs));
      return this;
    }

    /** Replaces the measures (keeps everything else), e.g. to compose an inner grouped query. */
    public Builder measures(List<Measure> ms) {
      measures.clear();
      measures.addAll(ms);
      return this;
    }

    /** Replaces the groupBy columns. */
    public Builder groupBy(List<ColumnRef> columns) {
      groupBy.clear();
      groupBy.addAll(columns);
      return this;
    }

    /** Drops the result shaping (order, limit, offset, having), keeping what selects the rows. */
    public Builder unshaped() {
      orderBy.clear();
      having.clear();
      limit = null;
      offset = null;
      limitPer = null;
      return this;
    }

    public Builder timeColumn(String column) {
      this.timeColumn = column == null ? null : ColumnRef.of(column);
      return this;
    }

    public Builder time(TimeFilter time) {
      this.time = time;
      return this;
    }

    public Builder grain(TimeGrain grain) {
      this.grain = grain;
      return this;
    }

    public Builder periodAs(PeriodLabel periodAs) {
      this.periodAs = periodAs;
      return this;
    }

    public Builder orderBy(Order... orders) {
      orderBy.addAll(Arrays.asList(orders));
      return this;
    }

    public Builder limit(Integer limit) {
      this.limit = limit;
      return this;
    }

    public Builder offset(Integer offset) {
      this.offset = offset;
      return this;
    }

    public Builder limitPer(TopPer limitPer) {
      this.limitPer = limitPer;
      return this;
    }

    public Builder distinct(boolean distinct) {
      this.distinct = distinct;
      return this;
    }

    public Pick build() {
      return new Pick(
          measures,
          select,
          groupBy,
          filters,
          having,
          timeColumn,
          time,
          grain,
          periodAs,
          orderBy,
          limit,
          offset,
          limitPer,
          distinct);
    }
  }
}
