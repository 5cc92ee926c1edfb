package io.assay.report.render;

import io.assay.report.body.Fact;
import io.assay.report.words.Periods;
import java.util.List;

/**
 * What the HTML templates see: the frozen body digested into strings and flags, so templates hold
 * no logic beyond loops and switches. Every visible string here is either wording without digits or
 * is marked with its kind (fact, date, verbatim, artifact) for the audit.
 */
public record ReportView(
    String title,
    String jobId,
    String frozenAt,
    String checksum,
    List<ContextRow> context,
    List<SectionView> sections) {

  /** When the context was frozen, as people read it (with its zone). */
  public String frozenAtShown() {
    return Periods.show(frozenAt, null);
  }

  /**
   * A piece of inline text: kind is text, fact, date or quote; attr is the fact id or ISO date;
   * grain (dates only, may be empty) says how much of the ISO date the text shows.
   */
  public record Seg(String kind, String text, String attr, String grain) {
    static Seg text(String text) {
      return new Seg("text", text, "", "");
    }

    static Seg quote(String text) {
      return new Seg("quote", text, "", "");
    }

    static Seg date(String iso) {
      return date(iso, null);
    }

    static Seg date(String iso, Periods.Grain grain) {
      Periods.Grain g = grain != null && Periods.fits(iso, grain) ? grain : null;
      return new Seg("date", Periods.show(iso, g), iso, g == null ? "" : g.word());
    }

    static Seg fact(String factId, String text) {
      return new Seg("fact", text, factId, "");
    }
  }

  /** A line of the frozen context: a heading and its items, each a run of segments. */
  public record ContextRow(String heading, List<List<Seg>> items) {}

  public record SentenceView(String id, List<Seg> segments) {}

  public record SectionView(String anchor, String question, List<BlockView> blocks) {}

  /**
   * One block. kind: answer, method, next, unanswered, series, bars, table, evidence; only the
   * fields of its kind are set.
   */
  public record BlockView(
      String kind,
      List<SentenceView> sentences,
      String chartId,
      String title,
      SeriesSvg series,
      BarsSvg bars,
      TableView table,
      List<RefView> refs) {}

  public record RefView(long id, String label) {}

  /** A table; {@code note} (may be empty) says how its rows are ordered. */
  public record TableView(List<Seg> headers, List<List<Seg>> rows, String note) {
    public TableView(List<Seg> headers, List<List<Seg>> rows) {
      this(headers, rows, "");
    }
  }

  /** Geometry of a time series drawing; coordinates are pre-formatted attribute strings. */
  public record SeriesSvg(
      int width,
      int height,
      List<String> bands,
      List<String> baselines,
      String actual,
      List<Rect> intervals,
      List<Dot> anomalies,
      List<Label> labels,
      List<PointTip> tips,
      List<Grid> grid,
      List<Tick> ticks,
      boolean hasBand,
      boolean hasBaseline,
      String plotLeft,
      String plotRight,
      String plotTop,
      String plotBottom,
      Fact low,
      Fact high) {}

  public record BarsSvg(int width, int height, String axisX, List<BarGeom> bars) {}

  public record BarGeom(
      String element,
      String labelY,
      String x,
      String y,
      String w,
      String h,
      boolean negative,
      Label value) {}

  public record Rect(String x, String y, String w, String h) {}

  public record Dot(String cx, String cy) {}

  /** A point of a series with what hovering it shows: its period and value ({@code <title>}). */
  public record PointTip(
      String cx, String cy, String iso, String grain, String factId, String text) {}

  /** A tick mark under the axis at a period. */
  public record Tick(String x, String y1, String y2) {}

  /** A horizontal gridline at a y coordinate (no number: the scale's ends are the facts). */
  public record Grid(String y) {}

  /**
   * Text in a drawing: kind fact (attr = fact id) or date (attr = ISO), anchored start/end/middle.
   */
  public record Label(
      String kind, String text, String attr, String x, String y, String anchor, String grain) {
    public Label(String kind, String text, String attr, String x, String y, String anchor) {
      this(kind, text, attr, x, y, anchor, "");
    }
  }
}
