package io.assay.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.report.body.Fact;
import io.assay.report.body.ReportBody;
import io.assay.report.render.HtmlAudit;
import io.assay.report.render.MarkdownAudit;
import io.assay.store.CanonicalJson;
import java.time.Instant;
import java.util.List;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;

class RenderingTest {
  private static final Instant AT = Instant.parse("1998-01-03T10:00:00Z");

  private static FrozenReport build(AnomalyScenario scenario, MemoryEvidence memory) {
    scenario.into(memory);
    return new ReportBuilder().build(scenario.request, memory.pool(), AT);
  }

  @Test
  void htmlAndMarkdownComeFromOneFrozenBody() {
    MemoryEvidence memory = new MemoryEvidence("job-render");
    FrozenReport report = build(new AnomalyScenario("job-render", memory), memory);

    assertThat(report.bodySha256())
        .isEqualTo(CanonicalJson.sha256(CanonicalJson.write(report.body())));
    assertThat(
            Jsoup.parse(report.html()).selectFirst("meta[name=assay-body-sha256]").attr("content"))
        .isEqualTo(report.bodySha256());
    assertThat(report.markdown())
        .contains("<!-- assay-body-sha256: " + report.bodySha256() + " -->");
    for (Fact f : report.body().facts()) {
      assertThat(report.markdown()).as("Markdown shows " + f.id()).contains(f.display());
      assertThat(report.html()).as("HTML shows " + f.id()).contains("data-fact=\"" + f.id() + "\"");
    }
    assertThat(report.markdown())
        .contains(
            "Cash withdrawals in March 1997 were 2,934,500 CZK against a baseline of 4,830,000 "
                + "CZK, a change of -39.2%.")
        .contains("| Sokolov | 2,100,000 | 443,600 | 87.4% |");
    assertThat(report.intact()).isTrue();

    MemoryEvidence again = new MemoryEvidence("job-render");
    AnomalyScenario same = new AnomalyScenario("job-render", again);
    same.into(again);
    // Same evidence content (ids differ per store), so same text apart from artifact ids.
    FrozenReport second = new ReportBuilder().build(same.request, again.pool(), AT);
    assertThat(second.body().sections().get(0).sentences())
        .isEqualTo(report.body().sections().get(0).sentences());
  }

  @Test
  void theSeriesRangeInWordsIsTheDataNotTheBand() {
    MemoryEvidence memory = new MemoryEvidence("job-range");
    FrozenReport report = build(new AnomalyScenario("job-range", memory), memory);

    // The band's top (5,560,000 × 1.06) lies above every value: it bounds the drawing only.
    assertThat(report.markdown())
        .contains("values from 2,934,500 to 5,620,500 CZK")
        .contains("its scale, with the expected range, runs from 2,934,500 to 5,893,600.");
  }

  @Test
  void theHtmlHasTheAnomalyChartAndTheDrillDownBars() {
    MemoryEvidence memory = new MemoryEvidence("job-charts");
    FrozenReport report = build(new AnomalyScenario("job-charts", memory), memory);
    Document doc = Jsoup.parse(report.html());
    Element series = doc.selectFirst("figure.series svg");
    assertThat(series).isNotNull();
    assertThat(series.select("polygon.band")).hasSize(1);
    assertThat(series.select("polyline.baseline")).hasSize(1);
    assertThat(series.select("rect.anomaly")).hasSize(1);
    assertThat(series.select("circle.dot")).hasSize(1);
    assertThat(series.select("text[data-date=1997-03]").eachText()).contains("March 1997");
    assertThat(series.select("circle.tip title")).hasSize(12);
    assertThat(series.select("line.grid")).isNotEmpty();
    Element bars = doc.selectFirst("figure.bars svg");
    assertThat(bars.select("rect.bar")).hasSize(3);
    assertThat(bars.select("text[data-verbatim]").eachText())
        .containsExactly("Sokolov", "Hl.m. Praha", "Other districts");
    assertThat(bars.select("text.fact").eachText()).containsExactly("87.4%", "6.9%", "5.8%");
  }

  /**
   * Walks every text node of the HTML that contains a digit and traces it: a fact's number to its
   * fact, the fact's derivation to the artifact values it was computed from; dates, quotes and
   * artifact labels to the frozen body.
   */
  @Test
  void everyNumberInTheHtmlTracesToAFactAndAnArtifact() {
    MemoryEvidence memory = new MemoryEvidence("job-trace");
    FrozenReport report = build(new AnomalyScenario("job-trace", memory), memory);
    List<String> traced = NumberTrace.everyNumber(report, memory.pool());
    assertThat(traced)
        .contains(
            "2,934,500 <- q1.s0.actual",
            "-39.2% <- q1.s0.change",
            "0.83 <- q1.s0.score",
            "87.4% <- q2.s0.top_share",
            "5,893,600 <- q1.s0.withdrawals.max",
            "443,600 <- q2.s0.districts.actual.0");
    assertThat(traced).hasSizeGreaterThanOrEqualTo(report.body().facts().size());
  }

  @Test
  void rawNamesTheAnalysesQuoteReadAsTheirLabelsInBothRenderings() {
    MemoryEvidence memory = new MemoryEvidence("job-names");
    FrozenReport report = build(new AnomalyScenario("job-names", memory), memory);
    String path = "across trans.k_symbol and district.a3 = 'district.a3' within 1997-03";
    ReportBody edited =
        Bodies.editSection(
            report.body(),
            report.body().sections().get(1).id(),
            s ->
                Bodies.editSentences(
                    s,
                    t ->
                        Bodies.editSegments(
                            t,
                            g ->
                                g instanceof io.assay.report.body.Segment.Quote q
                                        && q.text().startsWith("district.A2")
                                    ? new io.assay.report.body.Segment.Quote(path)
                                    : g)));
    ReportBody body =
        new ReportBody(
            edited.jobId(),
            edited.title(),
            edited.frozenAt(),
            edited.context(),
            edited.sections(),
            java.util.Map.of("trans.k_symbol", "Payment purpose", "district.a3", "Region"));

    String markdown = new io.assay.report.render.MarkdownRenderer().render(body, "x");
    String html = new io.assay.report.render.HtmlRenderer().render(body, "x");

    String shown = "across payment purpose and region = 'district.a3' within March 1997";
    assertThat(markdown).contains(shown).doesNotContain("trans.k_symbol");
    assertThat(Jsoup.parse(html).text()).contains(shown).doesNotContain("trans.k_symbol");
    assertThat(MarkdownAudit.audit(markdown, body)).isEmpty();
    assertThat(HtmlAudit.audit(html, body)).isEmpty();
  }

  /**
   * Issue 14: a root-cause search's compound dimension ("district.a3 × trans.k_symbol"), its
   * elements ("trans.k_symbol=Praha") and the frozen context's baselines and dimensions read in the
   * dataset's words in both renderings, and the audits accept them.
   */
  @Test
  void compoundDimensionsTheirElementsAndContextItemsReadAsLabels() {
    MemoryEvidence memory = new MemoryEvidence("job-compound");
    FrozenReport report = build(new AnomalyScenario("job-compound", memory), memory);
    ReportBody edited =
        Bodies.editSection(
            report.body(),
            report.body().sections().get(1).id(),
            s ->
                Bodies.editBlocks(
                    s,
                    b ->
                        b instanceof io.assay.report.body.Block.Chart c
                                && c.data()
                                    instanceof io.assay.contract.finding.ContributionBars bars
                            ? new io.assay.report.body.Block.Chart(
                                c.stepId(),
                                new io.assay.contract.finding.ContributionBars(
                                    bars.id(),
                                    bars.title(),
                                    "district.a3 × trans.k_symbol",
                                    bars.unit(),
                                    bars.valueFormat(),
                                    bars.bars().stream()
                                        .map(
                                            x ->
                                                new io.assay.contract.finding.ContributionBars.Bar(
                                                    "trans.k_symbol=" + x.element(),
                                                    x.baseline(),
                                                    x.actual(),
                                                    x.share()))
                                        .toList(),
                                    bars.source()),
                                c.facts())
                            : b));
    io.assay.contract.report.FrozenContext c = edited.context();
    ReportBody body =
        new ReportBody(
            edited.jobId(),
            edited.title(),
            edited.frozenAt(),
            new io.assay.contract.report.FrozenContext(
                c.question(),
                c.metrics(),
                c.filters(),
                c.timeRanges(),
                java.util.List.of("card_withdrawal_amount over 1996-01..1996-06"),
                java.util.List.of("district.a3"),
                c.edits(),
                c.limitations()),
            edited.sections(),
            java.util.Map.of(
                "trans.k_symbol",
                "Payment purpose",
                "district.a3",
                "Region",
                "district.a3 × trans.k_symbol",
                "Region × trans.k_symbol",
                "card_withdrawal_amount",
                "Card withdrawal amount"));

    String markdown = new io.assay.report.render.MarkdownRenderer().render(body, "x");
    String html = new io.assay.report.render.HtmlRenderer().render(body, "x");
    String text = Jsoup.parse(html).text();

    assertThat(markdown)
        .contains("| Region × payment purpose |")
        .contains("| Payment purpose=")
        .contains("Card withdrawal amount over January to June 1996")
        .doesNotContain("trans.k\\_symbol")
        .doesNotContain("district.a3");
    assertThat(text)
        .contains("Region × payment purpose")
        .contains("Payment purpose=")
        .contains("Card withdrawal amount over January to June 1996")
        .doesNotContain("trans.k_symbol")
        .doesNotContain("district.a3");
    assertThat(MarkdownAudit.audit(markdown, body)).isEmpty();
    assertThat(HtmlAudit.audit(html, body)).isEmpty();
  }

  @Test
  void hostileTextInAQuestionOrALabelIsEscaped() {
    MemoryEvidence memory = new MemoryEvidence("job-xss");
    String label = "<img src=x onerror=alert(1)>Sokolov";
    String question =
        "<script>alert('pwned')</script> Was 1997 unusual? <a href=\"javascript:x()\">x</a>";
    FrozenReport report = build(new AnomalyScenario("job-xss", memory, label, question), memory);
    Document doc = Jsoup.parse(report.html());
    assertThat(doc.select("script, img, a[href^=javascript]")).isEmpty();
    assertThat(doc.getAllElements())
        .allSatisfy(
            e -> assertThat(e.attributes().asList()).noneMatch(a -> a.getKey().startsWith("on")));
    assertThat(doc.selectFirst("#section-q1 h2").text()).isEqualTo(question);
    assertThat(doc.select("figure.bars text[data-verbatim]").first().text()).isEqualTo(label);
    assertThat(report.html()).contains("&lt;script&gt;alert(&#39;pwned&#39;)&lt;/script&gt;");
    assertThat(report.markdown())
        .doesNotContain("<script>")
        .doesNotContain("<img")
        .contains("&lt;script&gt;");
    assertThat(HtmlAudit.audit(report.html(), report.body())).isEmpty();
  }

  @Test
  void theAuditsCatchForgedNumbersAndActiveContent() {
    MemoryEvidence memory = new MemoryEvidence("job-audit");
    FrozenReport report = build(new AnomalyScenario("job-audit", memory), memory);
    ReportBody body = report.body();
    String html = report.html();

    assertThat(
            HtmlAudit.audit(
                html.replace("</header>", "<p>About 42 branches closed.</p></header>"), body))
        .containsExactly(
            "number outside a fact, date, quote or reference: \"About 42 branches closed.\"");
    assertThat(HtmlAudit.audit(html.replace(">2,934,500<", ">2,934,900<"), body))
        .anyMatch(p -> p.startsWith("number \"2,934,900\" does not equal fact"));
    assertThat(HtmlAudit.audit(html.replace("</body>", "<script>fetch('x')</script></body>"), body))
        .contains("forbidden element <script>");
    assertThat(HtmlAudit.audit(html.replace("<h1 ", "<h1 onclick=\"x()\" "), body))
        .contains("event handler attribute onclick on <h1>");
    assertThat(
            HtmlAudit.audit(
                html.replace("</header>", "<a href=\"javascript:x()\">go</a></header>"), body))
        .anyMatch(p -> p.startsWith("unsafe link href"));
    assertThat(
            HtmlAudit.audit(
                html.replaceFirst(
                    "(<time datetime=\"1997-01-01\"[^>]*>)1 January 1997", "$11 January 1996"),
                body))
        .anyMatch(p -> p.contains("is not the ISO date 1997-01-01"));
    // A period shown at a grain it does not have, and a point's hover text with a forged value.
    assertThat(
            HtmlAudit.audit(
                html.replaceFirst(
                    "(<text [^>]*data-date=\"1997-03\"[^>]*>)March 1997", "$1April 1997"),
                body))
        .anyMatch(p -> p.contains("is not the ISO date 1997-03"));
    assertThat(
            HtmlAudit.audit(
                html.replaceFirst("(<title data-fact=[^>]*>[^<]*: )[0-9,]+<", "$19,999<"), body))
        .anyMatch(p -> p.startsWith("point text"));

    String md = report.markdown();
    assertThat(MarkdownAudit.audit(md, body)).isEmpty();
    assertThat(MarkdownAudit.audit(md.replace("a change of -39.2%", "a change of -41.0%"), body))
        .contains("number \"-41.0%\" is not the text of any fact");
    assertThat(MarkdownAudit.audit(md + "\nRoughly 3 million CZK.\n", body))
        .contains("number \"3\" is not the text of any fact");
  }
}
