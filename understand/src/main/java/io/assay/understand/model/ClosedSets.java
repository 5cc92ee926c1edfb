package io.assay.understand.model;

import io.assay.pick.ColumnRef;
import io.assay.pick.TimeFilter;
import io.assay.pick.TimeGrain;
import io.assay.recon.CodeList;
import io.assay.recon.ColumnInfo;
import io.assay.recon.MetricDefinition;
import io.assay.recon.Recon;
import io.assay.recon.TableInfo;
import io.assay.recon.values.ValueMatch;
import io.assay.understand.AnalysisCue;
import io.assay.understand.Mention;
import io.assay.understand.Period;
import io.assay.understand.Scan;
import io.assay.understand.Target;
import io.assay.understand.TimeExpression;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Everything the model may name when it reads one question, each set closed and built from recon
 * and the question's scan: metric names, columns, filter values (the dataset's code lists and the
 * stored values the value index finds in the question's words), the time windows the question's
 * time expressions cover, grains and analyses. The model answers with names from these sets only; a
 * name outside them is rejected. No set holds data rows: only schema, code values and the values
 * the question itself names.
 */
record ClosedSets(
    Map<String, MetricDefinition> metrics,
    Map<String, ColumnRef> columns,
    Map<String, ValueChoice> values,
    Map<String, Window> windows,
    List<String> grains,
    Map<String, AnalysisCue> analyses) {

  /** The id the model gives for "no window", "no grain", "no metric". */
  static final String NONE = "none";

  /** A filter value: rows whose {@code column} holds {@code value}. */
  record ValueChoice(ColumnRef column, String value, String meaning) {
    String id() {
      return column + " = " + value;
    }
  }

  /** A time window a phrase of the question names, as a Pick time filter and its periods. */
  record Window(String id, String text, TimeFilter time, List<Period> periods) {}

  static ClosedSets of(Recon recon, Scan scan) {
    Map<String, MetricDefinition> metrics = new LinkedHashMap<>();
    recon.metrics().stream()
        .sorted(java.util.Comparator.comparing(MetricDefinition::name))
        .forEach(m -> metrics.put(m.name(), m));
    Map<String, ColumnRef> columns = new LinkedHashMap<>();
    for (TableInfo t : recon.tables()) {
      for (ColumnInfo c : t.columns()) {
        if (!c.type().isTemporal()) {
          columns.put(c.ref().toString(), c.ref());
        }
      }
    }
    Map<String, ValueChoice> values = new LinkedHashMap<>();
    // Values the question names first (by the value index and the lexicon), then the code lists.
    for (ValueMatch m : recon.values().lookup(scan.question)) {
      add(values, new ValueChoice(m.column(), m.value(), m.meaning()));
    }
    for (Mention m : scan.mentions) {
      for (Target.Value v : m.all(Target.Value.class)) {
        add(values, new ValueChoice(v.column(), v.value(), null));
      }
    }
    for (CodeList list : recon.codeLists()) {
      for (CodeList.Code c : list.values()) {
        add(values, new ValueChoice(list.column(), c.value(), c.meaning()));
      }
    }
    Map<String, Window> windows = new LinkedHashMap<>();
    for (Scan.Time t : scan.times) {
      String id = "t" + (windows.size() + 1);
      windows.put(id, window(id, t.expression()));
    }
    Map<String, AnalysisCue> analyses = new LinkedHashMap<>();
    for (AnalysisCue c : AnalysisCue.values()) {
      analyses.put(c.name().toLowerCase(Locale.ROOT), c);
    }
    List<String> grains =
        Arrays.stream(TimeGrain.values()).map(g -> g.name().toLowerCase(Locale.ROOT)).toList();
    return new ClosedSets(metrics, columns, values, windows, grains, analyses);
  }

  private static void add(Map<String, ValueChoice> values, ValueChoice v) {
    ValueChoice had = values.get(v.id());
    if (had == null || (had.meaning() == null && v.meaning() != null)) {
      values.put(v.id(), v);
    }
  }

  static Window window(String id, TimeExpression e) {
    Period p = e.first();
    TimeFilter time =
        switch (e.relation()) {
          case WITHIN ->
              switch (p.grain()) {
                case YEAR -> new TimeFilter.Year(p.from().getYear());
                case QUARTER ->
                    new TimeFilter.Quarter(p.from().getYear(), (p.from().getMonthValue() + 2) / 3);
                case MONTH -> new TimeFilter.Month(p.from().getYear(), p.from().getMonthValue());
                default -> new TimeFilter.Range(p.from(), p.to());
              };
          case BETWEEN -> new TimeFilter.Range(p.from(), e.second().to());
          case BEFORE -> new TimeFilter.Range(null, p.from().minusDays(1));
          case AFTER -> new TimeFilter.Range(p.to().plusDays(1), null);
          case SINCE -> new TimeFilter.Range(p.from(), null);
          case UNTIL -> new TimeFilter.Range(null, p.to());
        };
    List<Period> periods = new ArrayList<>();
    periods.add(p);
    if (e.second() != null) {
      periods.add(e.second());
    }
    return new Window(id, e.text(), time, List.copyOf(periods));
  }
}
