package io.assay.report.render;

import io.assay.contract.finding.IsoPeriod;
import io.assay.report.body.Fact;
import io.assay.report.body.ReportBody;
import io.assay.report.words.Periods;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Attribute;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;
import org.jsoup.select.NodeTraversor;
import org.jsoup.select.NodeVisitor;

/**
 * Parses rendered HTML with jsoup and checks it independently of how it was produced: it is
 * sanitised (no script or active content, no event handlers, only safe links) and every number in
 * its visible text maps to the frozen body as {@link PresentationRule} defines.
 */
public final class HtmlAudit {
  private static final Set<String> FORBIDDEN_TAGS =
      Set.of(
          "script",
          "iframe",
          "frame",
          "frameset",
          "object",
          "embed",
          "applet",
          "form",
          "input",
          "button",
          "textarea",
          "select",
          "base",
          "link",
          "foreignobject",
          "animate",
          "set",
          "animatemotion",
          "animatetransform",
          "use",
          "image",
          "img",
          "audio",
          "video",
          "source",
          "portal",
          "noscript",
          "template");
  private static final Set<String> URL_ATTRIBUTES =
      Set.of(
          "href",
          "src",
          "xlink:href",
          "action",
          "formaction",
          "srcset",
          "poster",
          "background",
          "cite",
          "data",
          "ping");

  private HtmlAudit() {}

  /** Every violation found; empty when the document is clean. */
  public static List<String> audit(String html, ReportBody body) {
    Document doc = Jsoup.parse(html);
    List<String> problems = new ArrayList<>();
    sanitisation(doc, problems);
    numbers(doc, body, problems);
    return problems;
  }

  private static void sanitisation(Document doc, List<String> problems) {
    for (Element e : doc.getAllElements()) {
      String tag = e.normalName();
      if (FORBIDDEN_TAGS.contains(tag)) {
        problems.add("forbidden element <" + tag + ">");
      }
      if (tag.equals("meta") && e.hasAttr("http-equiv")) {
        problems.add("forbidden <meta http-equiv>");
      }
      if (tag.equals("style") && e.parent() != null && !e.parent().normalName().equals("head")) {
        problems.add("style element outside the head");
      }
      for (Attribute a : e.attributes()) {
        String name = a.getKey().toLowerCase(Locale.ROOT);
        String value = a.getValue().strip().toLowerCase(Locale.ROOT);
        if (name.startsWith("on")) {
          problems.add("event handler attribute " + name + " on <" + tag + ">");
        }
        if (URL_ATTRIBUTES.contains(name) && !safeUrl(value)) {
          problems.add("unsafe link " + name + "=\"" + a.getValue() + "\" on <" + tag + ">");
        }
        if (name.equals("style") && (value.contains("url(") || value.contains("expression("))) {
          problems.add("style attribute loading content on <" + tag + ">");
        }
      }
    }
  }

  private static boolean safeUrl(String value) {
    return value.startsWith("#")
        || value.startsWith("https://")
        || value.startsWith("http://")
        || value.startsWith("mailto:");
  }

  private static void numbers(Document doc, ReportBody body, List<String> problems) {
    Set<String> verbatim = PresentationRule.verbatim(body);
    Map<Long, String> artifacts = PresentationRule.artifactLabels(body);
    for (Element e : doc.body().select("[data-fact]")) {
      if (e.hasAttr("data-date")) {
        pointTip(e, body, problems);
        continue;
      }
      Optional<Fact> fact = body.fact(e.attr("data-fact"));
      if (fact.isEmpty()) {
        problems.add("number \"" + e.text() + "\" names unknown fact " + e.attr("data-fact"));
      } else if (!fact.get().format().matches(e.text(), fact.get().value())) {
        problems.add(
            "number \""
                + e.text()
                + "\" does not equal fact "
                + fact.get().id()
                + " ("
                + fact.get().display()
                + ")");
      }
    }
    for (Element e : doc.body().select("time, [data-date]")) {
      if (e.hasAttr("data-fact")) {
        continue;
      }
      String iso = e.hasAttr("datetime") ? e.attr("datetime") : e.attr("data-date");
      if (!IsoPeriod.valid(iso) || !e.text().equals(shown(iso, e.attr("data-grain")))) {
        problems.add("date \"" + e.text() + "\" is not the ISO date " + iso);
      }
    }
    for (Element e : doc.body().select("[data-verbatim]")) {
      if (!verbatim.contains(e.text()) && !verbatim.contains(e.wholeText())) {
        problems.add(
            "text \"" + e.text() + "\" is marked verbatim but the body records no such text");
      }
    }
    for (Element e : doc.body().select("[data-artifact]")) {
      String label = artifacts.get(parseId(e.attr("data-artifact")));
      if (label == null || !label.equals(e.text())) {
        problems.add("artifact reference \"" + e.text() + "\" is not a reference the body cites");
      }
    }
    NodeTraversor.traverse(
        new NodeVisitor() {
          @Override
          public void head(Node node, int depth) {
            if (node instanceof TextNode text
                && PresentationRule.hasDigit(text.text())
                && !marked(text)) {
              problems.add(
                  "number outside a fact, date, quote or reference: \""
                      + text.text().strip()
                      + "\"");
            }
          }
        },
        doc.body());
  }

  /**
   * The people's form of {@code iso} at {@code grain}; a grain the date does not fit is refused.
   */
  private static String shown(String iso, String grain) {
    Periods.Grain g = Periods.Grain.of(grain);
    if (!grain.isEmpty() && (g == null || !Periods.fits(iso, g))) {
      return "(grain " + grain + " does not fit " + iso + ")";
    }
    return Periods.show(iso, g);
  }

  /** A series point's hover text: its period as people write it, a colon, the fact's number. */
  private static void pointTip(Element e, ReportBody body, List<String> problems) {
    Optional<Fact> fact = body.fact(e.attr("data-fact"));
    String iso = e.attr("data-date");
    String prefix = shown(iso, e.attr("data-grain")) + ": ";
    if (fact.isEmpty()
        || !IsoPeriod.valid(iso)
        || !e.text().startsWith(prefix)
        || !fact.get().format().matches(e.text().substring(prefix.length()), fact.get().value())) {
      problems.add("point text \"" + e.text() + "\" is not the period and fact it names");
    }
  }

  private static boolean marked(TextNode text) {
    for (Node n = text.parent(); n instanceof Element e; n = e.parent()) {
      if (e.hasAttr("data-fact")
          || e.hasAttr("data-verbatim")
          || e.hasAttr("data-artifact")
          || e.hasAttr("data-date")
          || e.normalName().equals("time")) {
        return true;
      }
    }
    return false;
  }

  private static long parseId(String id) {
    try {
      return Long.parseLong(id);
    } catch (NumberFormatException e) {
      return -1;
    }
  }
}
