package io.assay.report.render;

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

  /** A piece of inline text: kind is text, fact, date or quote; attr is the fact id or ISO date. */
  public record Seg(String kind, String text, String attr) {
    static Seg text(String text) {
      return new Seg("text", text, "");
    }

    static Seg quote(String text) {
      return new Seg("quote", text, "");
    }

    static Seg date(String iso) {
      return new Seg("date", iso, iso);
    }

    static Seg fact(String factId, String text) {
      return new Seg("fact", text, factId);
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

  public record TableView(List<Seg> headers, List<List<Seg>> rows) {}

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
      String plotLeft,
      String plotRight,
      String plotTop,
      String plotBottom) {}

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

  /**
   * Text in a drawing: kind fact (attr = fact id) or date (attr = ISO), anchored start/end/middle.
   */
  public record Label(String kind, String text, String attr, String x, String y, String anchor) {}
}
