package io.assay.report.render;

import io.assay.contract.finding.ArtifactRef;
import io.assay.contract.finding.ChartData;
import io.assay.contract.finding.ContributionBars;
import io.assay.contract.finding.TableData;
import io.assay.contract.finding.TimeSeriesChart;
import io.assay.contract.report.FrozenContext;
import io.assay.report.body.Block;
import io.assay.report.body.Fact;
import io.assay.report.body.ReportBody;
import io.assay.report.body.Section;
import io.assay.report.body.Segment;
import io.assay.report.body.Sentence;
import io.assay.report.render.ReportView.BlockView;
import io.assay.report.render.ReportView.ContextRow;
import io.assay.report.render.ReportView.RefView;
import io.assay.report.render.ReportView.SectionView;
import io.assay.report.render.ReportView.Seg;
import io.assay.report.render.ReportView.SentenceView;
import io.assay.report.render.ReportView.TableView;
import io.assay.report.words.Labels;
import io.assay.report.words.Periods;
import io.assay.report.words.RawNames;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Digests a frozen body into the view the HTML templates render. */
final class ReportViewBuilder {
  private ReportViewBuilder() {}

  static ReportView build(ReportBody body, String checksum) {
    List<SectionView> sections = new ArrayList<>();
    for (Section s : body.sections()) {
      List<BlockView> blocks = new ArrayList<>();
      for (Block b : s.blocks()) {
        blocks.add(block(body, s, b));
      }
      sections.add(new SectionView("section-" + s.id(), shown(body, s.question()), blocks));
    }
    return new ReportView(
        body.title(), body.jobId(), body.frozenAt(), checksum, context(body), sections);
  }

  /**
   * A heading, a chart's title or a context item as shown: the raw names the body froze labels for
   * in people's words, ISO periods as people write them (the body keeps the text as written).
   */
  static String shown(ReportBody body, String text) {
    return RawNames.of(body.labels()).relabel(text);
  }

  static List<ContextRow> context(ReportBody body) {
    FrozenContext c = body.context();
    List<ContextRow> rows = new ArrayList<>();
    rows.add(new ContextRow("Question", List.of(List.of(Seg.quote(c.question())))));
    List<List<Seg>> metrics = new ArrayList<>();
    for (FrozenContext.MetricDefinition m : c.metrics()) {
      // The definition is quoted as the dataset wrote it; a finished sentence is followed by its
      // unit as another ("… granted. Unit: CZK."), not by "(in CZK)" after its full stop.
      List<Seg> item =
          new ArrayList<>(List.of(Seg.quote(m.name()), Seg.text(": "), Seg.quote(m.definition())));
      if (!m.unit().isEmpty()) {
        boolean sentence = m.definition().strip().endsWith(".");
        item.addAll(
            sentence
                ? List.of(Seg.text(" Unit: "), Seg.quote(m.unit()), Seg.text("."))
                : List.of(Seg.text(" (in "), Seg.quote(m.unit()), Seg.text(")")));
      }
      metrics.add(item);
    }
    add(rows, "Metric definitions", metrics);
    add(rows, "Filters", quoted(body, c.filters()));
    List<List<Seg>> ranges = new ArrayList<>();
    for (FrozenContext.TimeRange t : c.timeRanges()) {
      ranges.add(
          List.of(
              Seg.quote(shown(body, t.label())),
              Seg.text(": "),
              Seg.date(t.start()),
              Seg.text(" to "),
              Seg.date(t.end())));
    }
    add(rows, "Time ranges", ranges);
    add(rows, "Baselines", quoted(body, c.baselines()));
    add(rows, "Dimensions", quoted(body, c.dimensions()));
    List<List<Seg>> edits = new ArrayList<>();
    for (FrozenContext.PlanEdit e : c.edits()) {
      edits.add(
          List.of(
              Seg.quote(e.who()),
              Seg.text(" at "),
              Seg.date(e.at()),
              Seg.text(": "),
              Seg.quote(shown(body, e.what()))));
    }
    add(rows, "Plan edits by people", edits);
    add(rows, "Known limitations", quoted(body, c.limitations()));
    return rows;
  }

  private static BlockView block(ReportBody body, Section s, Block b) {
    if (b instanceof Block.Paragraph p) {
      return text(body, p.role().name().toLowerCase(Locale.ROOT), p.sentences());
    }
    if (b instanceof Block.Unanswered u) {
      return text(body, "unanswered", u.sentences());
    }
    if (b instanceof Block.Evidence e) {
      List<RefView> refs = new ArrayList<>();
      for (ArtifactRef ref : e.refs()) {
        refs.add(new RefView(ref.id(), ref.label()));
      }
      return new BlockView("evidence", List.of(), null, null, null, null, null, refs);
    }
    Block.Chart c = (Block.Chart) b;
    ChartData data = c.data();
    SvgCharts.Facts facts =
        id ->
            s.fact(id)
                .orElseThrow(
                    () ->
                        new IllegalStateException(
                            "chart " + data.id() + " binds missing fact " + id));
    if (data instanceof TimeSeriesChart ts) {
      return new BlockView(
          "series",
          List.of(),
          data.id(),
          shown(body, data.title()),
          SvgCharts.series(ts, c.facts(), facts),
          null,
          null,
          List.of());
    }
    if (data instanceof ContributionBars bars) {
      return new BlockView(
          "bars",
          List.of(),
          data.id(),
          shown(body, data.title()),
          null,
          SvgCharts.bars(bars, c.facts(), facts, text -> shown(body, text)),
          barTable(body, bars, c.facts(), facts),
          List.of());
    }
    return new BlockView(
        "table",
        List.of(),
        data.id(),
        shown(body, data.title()),
        null,
        null,
        table(body, (TableData) data, c.facts(), facts),
        List.of());
  }

  private static TableView barTable(
      ReportBody body, ContributionBars bars, Map<String, String> roles, SvgCharts.Facts facts) {
    List<Seg> headers =
        List.of(
            Seg.quote(header(body, bars.dimension())),
            Seg.text("Baseline"),
            Seg.text("Actual"),
            Seg.text("Share of change"));
    List<List<Seg>> rows = new ArrayList<>();
    for (int i = 0; i < bars.bars().size(); i++) {
      rows.add(
          List.of(
              Seg.quote(shown(body, bars.bars().get(i).element())),
              fact(facts.apply(roles.get("baseline." + i))),
              fact(facts.apply(roles.get("actual." + i))),
              fact(facts.apply(roles.get("share." + i)))));
    }
    return new TableView(headers, rows);
  }

  /**
   * A table with people's column names. Periods in a label column read as people write them. Rows
   * named by something other than time are shown largest first by the first measure (the drawing's
   * order, not the data's: the body keeps the artifact's order, which the checks compare).
   */
  private static TableView table(
      ReportBody body, TableData t, Map<String, String> roles, SvgCharts.Facts facts) {
    List<Seg> headers = new ArrayList<>();
    t.labelColumns().forEach(c -> headers.add(Seg.quote(header(body, c))));
    t.valueColumns().forEach(c -> headers.add(Seg.quote(header(body, c.name()))));
    TablePeriods periods = TablePeriods.of(t);
    List<Integer> order = new ArrayList<>();
    for (int r = 0; r < t.rows().size(); r++) {
      order.add(r);
    }
    String note = "";
    boolean byTime = periods.any();
    if (!byTime && !t.labelColumns().isEmpty() && !t.valueColumns().isEmpty() && order.size() > 1) {
      order.sort(
          Comparator.comparing(
              (Integer r) -> t.rows().get(r).values().get(0),
              Comparator.nullsLast(Comparator.reverseOrder())));
      String measure = body.label(t.valueColumns().get(0).name());
      note =
          PresentationRule.hasDigit(measure)
              ? "Largest first."
              : "Largest " + measure.toLowerCase(java.util.Locale.ROOT) + " first.";
    }
    List<List<Seg>> rows = new ArrayList<>();
    for (int r : order) {
      List<Seg> row = new ArrayList<>();
      List<String> labels = t.rows().get(r).labels();
      for (int c = 0; c < labels.size(); c++) {
        row.add(periods.cell(c, labels.get(c), text -> shown(body, text)));
      }
      for (int c = 0; c < t.valueColumns().size(); c++) {
        String factId = roles.get("cell." + r + "." + c);
        row.add(factId == null ? Seg.text("—") : fact(facts.apply(factId)));
      }
      rows.add(row);
    }
    return new TableView(headers, rows, note);
  }

  private static Seg fact(Fact f) {
    return Seg.fact(f.id(), f.display());
  }

  private static BlockView text(ReportBody body, String kind, List<Sentence> sentences) {
    List<SentenceView> out = new ArrayList<>();
    for (Sentence t : sentences) {
      out.add(new SentenceView(t.id(), segments(body, t)));
    }
    return new BlockView(kind, out, null, null, null, null, null, List.of());
  }

  /**
   * A sentence's segments; quoted texts of the analyses show the raw names the body froze labels
   * for in their people's words.
   */
  static List<Seg> segments(ReportBody body, Sentence t) {
    RawNames names = RawNames.of(body.labels());
    List<Seg> segs = new ArrayList<>();
    StringBuilder before = new StringBuilder();
    for (Segment g : t.segments()) {
      if (g instanceof Segment.FactValue fv) {
        segs.add(Seg.fact(fv.factId(), fv.text()));
      } else if (g instanceof Segment.DateValue d) {
        segs.add(Seg.date(d.iso(), Periods.Grain.of(d.grain())));
      } else if (g instanceof Segment.Quote q) {
        // A quote inside the sentence lowers a label it starts with, as its place needs.
        segs.add(Seg.quote(names.relabel(q.text(), Labels.midSentenceAfter(before.toString()))));
      } else {
        segs.add(Seg.text(g.shown()));
      }
      before.append(g.shown());
    }
    return segs;
  }

  /** Context items as people read them: raw names in their labels' words, periods as periods. */
  private static List<List<Seg>> quoted(ReportBody body, List<String> items) {
    return items.stream().map(i -> List.of(Seg.quote(shown(body, i)))).toList();
  }

  /**
   * A column or dimension heading: its label, and the raw names a compound heading still holds
   * ("district.a3 × trans.operation" → "Region × mode") in their labels' words.
   */
  static String header(ReportBody body, String raw) {
    return shown(body, body.label(raw));
  }

  private static void add(List<ContextRow> rows, String heading, List<List<Seg>> items) {
    if (!items.isEmpty()) {
      rows.add(new ContextRow(heading, items));
    }
  }
}
