package io.assay.web.ui;

import java.util.List;

/**
 * A chart as drawing primitives, rendered to SVG by one Thymeleaf fragment ({@code
 * fragments/plot}). Text goes through {@code th:text}, so names from the data are escaped like any
 * other text on the page.
 */
public record Plot(
    int width,
    int height,
    List<Shape> polygons,
    List<Shape> lines,
    List<Box> boxes,
    List<Text> texts,
    String description) {

  /** A polygon or polyline: SVG {@code points}, styled by a CSS class. */
  public record Shape(String points, String css) {}

  public record Box(String x, String y, String width, String height, String css, String title) {}

  public record Text(String x, String y, String anchor, String css, String text) {}
}
