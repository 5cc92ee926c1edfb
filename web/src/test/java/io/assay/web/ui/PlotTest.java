package io.assay.web.ui;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class PlotTest {

  @Test
  void namesFromTheDataAreEscapedInTextsTitlesAndAttributes() {
    Plot plot =
        new Plot(
            600,
            200,
            List.of(new Plot.Shape("0,0 1,1", "band")),
            List.of(new Plot.Shape("0,0 2,2", "line")),
            List.of(new Plot.Box("1", "2", "3", "4", "bar", "<b>Praha</b> & \"Brno\"")),
            List.of(new Plot.Text("5", "6", "end", null, "<script>alert(1)</script>")),
            "A chart of 'x'");

    String svg = plot.svg();

    assertThat(svg)
        .startsWith("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"plot\" role=\"img\"")
        .contains("viewBox=\"0 0 600 200\"", "aria-label=\"A chart of &#39;x&#39;\"")
        .contains("<polygon points=\"0,0 1,1\" class=\"band\"></polygon>")
        .contains("<title>&lt;b&gt;Praha&lt;/b&gt; &amp; &quot;Brno&quot;</title>")
        .contains("<text x=\"5\" y=\"6\" text-anchor=\"end\">&lt;script&gt;")
        .doesNotContain("<script>", "<b>")
        .endsWith("</svg>");
  }
}
