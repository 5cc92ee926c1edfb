package io.assay.understand.model;

import io.assay.pick.ColumnRef;
import io.assay.pick.Filter;
import io.assay.pick.Measure;
import io.assay.pick.Pick;
import io.assay.pick.TimeFilter;
import io.assay.pick.TimeGrain;
import io.assay.pick.Value;
import io.assay.recon.ColumnInfo;
import io.assay.recon.Recon;
import io.assay.recon.compose.Composer;
import io.assay.understand.Frame;
import io.assay.understand.Period;
import io.assay.understand.Reading;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A checked model reply as the typed reading the planner takes: the Pick (the metric, per grain and
 * per column, over the window, restricted to the chosen code values) and its frame. The composer
 * composes the Pick once before it is accepted, so a reading that recon cannot join or type is
 * rejected like a bad name.
 */
final class ReadingPick {

  private ReadingPick() {}

  /**
   * @throws io.assay.pick.PickValidationError when the Pick does not compose
   */
  static Reading.Understood reading(ReadingReply reply, Recon recon, List<String> rejected) {
    List<Filter> filters = filters(reply.filters(), recon);
    TimeFilter time = reply.time() == null ? null : reply.time().time();
    TimeGrain grain =
        reply.grain() == null ? null : TimeGrain.valueOf(reply.grain().toUpperCase(Locale.ROOT));
    ColumnRef timeColumn = reply.metric().timeColumn();
    Pick.Builder b =
        Pick.builder()
            .measure(Measure.metric(reply.metric().name()))
            .filter(filters.toArray(Filter[]::new))
            .groupBy(reply.groupBy())
            .time(time)
            .grain(grain);
    if (timeColumn != null && (time != null || grain != null)) {
      b.timeColumn(timeColumn.toString());
    }
    Pick pick = b.build();
    Composer.compose(pick, recon);
    List<Period> periods = new ArrayList<>();
    if (reply.time() != null) {
      periods.addAll(reply.time().periods());
    }
    if (reply.compareWith() != null) {
      periods.addAll(reply.compareWith().periods());
    }
    Frame frame =
        new Frame(
            reply.metric().name(),
            List.of(reply.metric().name()),
            time,
            timeColumn,
            grain,
            filters,
            reply.groupBy(),
            periods,
            null);
    List<String> notes = new ArrayList<>();
    notes.add("read by the model reader: " + words(reply));
    if (!rejected.isEmpty()) {
      notes.add("its first reply was rejected: " + String.join("; ", rejected));
    }
    return new Reading.Understood(pick, frame, reply.analyses(), notes, List.of());
  }

  /** One IN per column (values of a column are alternatives), AND across columns. */
  static List<Filter> filters(List<ClosedSets.ValueChoice> chosen, Recon recon) {
    Map<ColumnRef, List<Value>> byColumn = new LinkedHashMap<>();
    for (ClosedSets.ValueChoice v : chosen) {
      ColumnInfo c = recon.column(v.column()).orElse(null);
      Value value = c != null ? c.valueOf(v.value()) : Value.text(v.value());
      byColumn.computeIfAbsent(v.column(), k -> new ArrayList<>()).add(value);
    }
    List<Filter> out = new ArrayList<>();
    byColumn.forEach(
        (column, values) ->
            out.add(
                values.size() == 1
                    ? new Filter.Compare(column, io.assay.pick.Comparison.EQ, values.get(0))
                    : new Filter.In(column, values, false)));
    return out;
  }

  /** The reading in words, for the decision reason and for showing two readings side by side. */
  static String words(ReadingReply r) {
    StringBuilder sb = new StringBuilder(r.metric().name().replace('_', ' '));
    if (r.grain() != null) {
      sb.append(" by ").append(r.grain());
    }
    for (ClosedSets.ValueChoice v : r.filters()) {
      sb.append(", where ").append(v.id());
    }
    if (!r.groupBy().isEmpty()) {
      sb.append(", per ").append(r.groupBy());
    }
    if (r.time() != null) {
      sb.append(", ").append(r.time().text());
    }
    if (r.compareWith() != null) {
      sb.append(" compared with ").append(r.compareWith().text());
    }
    if (!r.analyses().isEmpty()) {
      sb.append("; analyses: ")
          .append(
              r.analyses().stream().map(a -> a.name().toLowerCase(Locale.ROOT)).sorted().toList());
    }
    return sb.toString();
  }
}
