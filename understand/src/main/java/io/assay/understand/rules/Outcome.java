package io.assay.understand.rules;

import io.assay.pick.ColumnRef;
import io.assay.pick.Direction;
import io.assay.pick.Order;
import io.assay.pick.PeriodLabel;
import io.assay.pick.Pick;
import io.assay.pick.Projection;
import io.assay.pick.TimeFilter;
import io.assay.pick.TimeGrain;
import io.assay.understand.Frame;
import io.assay.understand.Reading;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** The reading a finished draft gives: a Pick and its frame, a question to ask, or the reasons. */
final class Outcome {

  private Outcome() {}

  static Reading ambiguous(Draft d) {
    return new Reading.Ambiguous(d.clarification, d.analyses, notes(d), d.notUsed());
  }

  static Reading abstained(Draft d) {
    if (!d.notUsed().isEmpty()) {
      // words set aside while reading may be what the reader is missing: say which they were
      d.problem(
          "words that name nothing in the "
              + d.recon.dataset()
              + " dataset: "
              + String.join(", ", d.notUsed().stream().map(w -> "'" + w + "'").toList()));
    }
    String reason =
        d.problems.isEmpty()
            ? "the question could not be mapped to the dataset"
            : String.join("; ", new LinkedHashSet<>(d.problems));
    return new Reading.Abstained(
        reason, List.copyOf(new LinkedHashSet<>(d.problems)), notes(d), d.notUsed());
  }

  static Reading understood(Draft d) {
    Pick pick = pick(d);
    List<String> metrics = new ArrayList<>(d.extraMetrics);
    if (d.metricName != null) {
      metrics.add(0, d.metricName);
    }
    ColumnRef frameTime =
        d.timeColumn != null
            ? d.timeColumn
            : d.measure != null ? d.schema.measureTimeColumn(d.measure) : null;
    Frame frame =
        new Frame(
            d.metricName,
            metrics,
            d.time,
            frameTime,
            d.grain,
            d.filters,
            d.groupBy,
            List.copyOf(d.periods),
            d.horizon);
    return new Reading.Understood(pick, frame, d.analyses, notes(d), d.notUsed());
  }

  /** How each part was read, then the words left aside, so the decision reason names them. */
  private static List<String> notes(Draft d) {
    List<String> out = new ArrayList<>(d.notes);
    if (!d.notUsed().isEmpty()) {
      out.add(
          "not used: " + String.join(", ", d.notUsed().stream().map(w -> "'" + w + "'").toList()));
    }
    return out;
  }

  private static Pick pick(Draft d) {
    Pick.Builder b = Pick.builder();
    if (d.measure != null) {
      b.measure(d.measure);
      d.moreMeasures.forEach(b::measure);
    }
    d.select.forEach(b::select);
    d.groupBy.forEach(g -> b.groupBy(g.toString()));
    d.filters.forEach(b::filter);
    if (d.timeColumn != null) {
      b.timeColumn(d.timeColumn.toString());
    }
    b.time(d.time);
    b.grain(d.measure != null ? d.grain : null);
    if (d.form == Form.LISTING) {
      d.listingOrder.forEach(b::orderBy);
      b.limit(d.listingLimit);
      b.offset(d.listingOffset);
      // A list shows each row once, unless it is cut by an order on a column it does not show.
      Set<ColumnRef> shown = new HashSet<>();
      for (Projection p : d.select) {
        if (p instanceof Projection.Column c) {
          shown.add(c.column());
        }
      }
      b.distinct(
          d.listingOrder.stream()
              .allMatch(o -> o instanceof Order.ByColumn c && shown.contains(c.column())));
    }
    if (d.grain != null && d.measure != null) {
      if (d.rankedListOrder == null) {
        b.orderBy(new Order.ByPeriod(Direction.ASC));
      }
      if (numberedPeriods(d.grain, d.time)) {
        b.periodAs(PeriodLabel.NUMBER);
      }
    }
    if (d.countHaving != null) {
      b.having(d.countHaving);
    }
    d.related.forEach(b::filter);
    if (d.rankedListOrder != null) {
      b.orderBy(d.rankedListOrder);
      b.limit(d.listingLimit);
      b.offset(d.listingOffset);
    }
    return b.build();
  }

  /**
   * Years are labelled by their number, and months or quarters inside one year by theirs ("month by
   * month in 1997": 1 … 12); a series across years keeps dated labels, which stay distinct.
   */
  private static boolean numberedPeriods(TimeGrain grain, TimeFilter time) {
    if (grain == TimeGrain.YEAR) {
      return true;
    }
    if (grain != TimeGrain.MONTH && grain != TimeGrain.QUARTER) {
      return false;
    }
    return time instanceof TimeFilter.Year
        || time instanceof TimeFilter.Quarter
        || time instanceof TimeFilter.Month
        || time instanceof TimeFilter.Range r
            && r.from() != null
            && r.to() != null
            && r.from().getYear() == r.to().getYear();
  }
}
