package io.assay.web.ui;

import java.util.List;

/**
 * A chart as drawing primitives, written as SVG by {@link #svg()}. Every attribute and text is
 * escaped there, so names from the data are as harmless as any other text on the page. (Drawing it
 * through a template fragment, one iteration per shape, was most of a job page's rendering time.)
 */
public record Plot(
    int width,
    int height,
    List<Shape> polygons,
    List<Shape> lines,
    List<Box> boxes,
    List<Text> texts,
    String description) {

  /** The chart as one SVG element, for the page to insert as it is. */
  public String svg() {
    StringBuilder out = new StringBuilder(4096);
    out.append("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"plot\" role=\"img\"");
    attr(out, "viewBox", "0 0 " + width + " " + height);
    attr(out, "aria-label", description);
    out.append('>');
    for (Shape p : polygons) {
      out.append("<polygon");
      attr(out, "points", p.points());
      attr(out, "class", p.css());
      out.append("></polygon>");
    }
    for (Box b : boxes) {
      out.append("<rect");
      attr(out, "x", b.x());
      attr(out, "y", b.y());
      attr(out, "width", b.width());
      attr(out, "height", b.height());
      attr(out, "class", b.css());
      out.append("><title>").append(escape(b.title())).append("</title></rect>");
    }
    for (Shape l : lines) {
      out.append("<polyline");
      attr(out, "points", l.points());
      attr(out, "class", l.css());
      out.append("></polyline>");
    }
    for (Text t : texts) {
      out.append("<text");
      attr(out, "x", t.x());
      attr(out, "y", t.y());
      attr(out, "text-anchor", t.anchor());
      attr(out, "class", t.css());
      out.append('>').append(escape(t.text())).append("</text>");
    }
    return out.append("</svg>").toString();
  }

  /** An attribute, left out when it has no value (as the page's templates leave it out). */
  private static void attr(StringBuilder out, String name, String value) {
    if (value != null) {
      out.append(' ').append(name).append("=\"").append(escape(value)).append('"');
    }
  }

  static String escape(String text) {
    if (text == null) {
      return "";
    }
    StringBuilder out = new StringBuilder(text.length() + 16);
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '&' -> out.append("&amp;");
        case '<' -> out.append("&lt;");
        case '>' -> out.append("&gt;");
        case '"' -> out.append("&quot;");
        case '\'' -> out.append("&#39;");
        default -> out.append(c);
      }
    }
    return out.toString();
  }

  /** A polygon or polyline: SVG {@code points}, styled by a CSS class. */
  public record Shape(String points, String css) {}

  public record Box(String x, String y, String width, String height, String css, String title) {}

  public record Text(String x, String y, String anchor, String css, String text) {}
}
