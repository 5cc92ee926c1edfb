package io.assay.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonPointer;
import io.assay.contract.finding.IsoPeriod;
import io.assay.contract.finding.Operand;
import io.assay.report.body.Fact;
import io.assay.report.body.ReportBody;
import io.assay.report.evidence.EvidencePool;
import io.assay.report.render.PresentationRule;
import io.assay.report.words.Periods;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;
import org.jsoup.select.NodeTraversor;
import org.jsoup.select.NodeVisitor;

/**
 * Walks every text node of a report's HTML that contains a digit and traces it: a fact's number to
 * its fact, the fact's derivation to the artifact values it was computed from; dates, quotes and
 * artifact labels to the frozen body. Fails on any number it cannot trace.
 */
public final class NumberTrace {
  private NumberTrace() {}

  /** The date as people read it at the grain the element names. */
  static String date(String iso, String grain) {
    return Periods.show(iso, Periods.Grain.of(grain));
  }

  /** Returns "shown text <- fact id" for every traced fact number. */
  public static List<String> everyNumber(FrozenReport report, EvidencePool pool) {
    ReportBody body = report.body();
    Document doc = Jsoup.parse(report.html());
    Set<String> verbatim = PresentationRule.verbatim(body);
    List<String> traced = new ArrayList<>();
    List<String> untraced = new ArrayList<>();
    NodeTraversor.traverse(
        new NodeVisitor() {
          @Override
          public void head(Node node, int depth) {
            if (!(node instanceof TextNode t) || !PresentationRule.hasDigit(t.text())) {
              return;
            }
            Element e = (Element) t.parent();
            while (e != null
                && !(e.hasAttr("data-fact")
                    || e.hasAttr("data-verbatim")
                    || e.hasAttr("data-artifact")
                    || e.hasAttr("data-date")
                    || e.normalName().equals("time"))) {
              e = e.parent();
            }
            if (e == null) {
              untraced.add(t.text());
            } else if (e.hasAttr("data-fact")) {
              Optional<Fact> fact = body.fact(e.attr("data-fact"));
              assertThat(fact).as(e.outerHtml()).isPresent();
              Fact f = fact.get();
              String shown = e.text();
              if (e.hasAttr("data-date")) {
                // A point's hover text: "June 1997: 1,234".
                String prefix = date(e.attr("data-date"), e.attr("data-grain")) + ": ";
                assertThat(shown).startsWith(prefix);
                shown = shown.substring(prefix.length());
              }
              assertThat(f.format().matches(shown, f.value())).as(e.text()).isTrue();
              assertThat(f.derivation().recompute()).isEqualTo(f.value());
              assertThat(f.sources()).isNotEmpty();
              for (Operand op : f.derivation().inputs()) {
                assertThat(pool.citable(op.artifact())).as(op.artifact().label()).isTrue();
                assertThat(
                        pool.content(op.artifact())
                            .at(JsonPointer.compile(op.pointer()))
                            .asDouble())
                    .as(f.id() + " " + op.name())
                    .isEqualTo(op.value());
              }
              traced.add(e.text() + " <- " + f.id());
            } else if (e.hasAttr("data-verbatim")) {
              assertThat(verbatim).contains(e.text());
            } else if (e.hasAttr("data-artifact")) {
              long id = Long.parseLong(e.attr("data-artifact"));
              String label = e.text();
              assertThat(pool.accepted()).anyMatch(r -> r.id() == id && r.label().equals(label));
            } else {
              String iso = e.hasAttr("datetime") ? e.attr("datetime") : e.attr("data-date");
              assertThat(IsoPeriod.valid(iso)).isTrue();
              assertThat(e.text()).isEqualTo(date(iso, e.attr("data-grain")));
            }
          }
        },
        doc.body());
    assertThat(untraced).as("numbers in the HTML that trace to nothing").isEmpty();
    return traced;
  }
}
