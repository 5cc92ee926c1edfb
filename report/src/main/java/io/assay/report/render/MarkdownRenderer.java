package io.assay.report.render;

import io.assay.contract.finding.ChartData;
import io.assay.contract.finding.ContributionBars;
import io.assay.contract.finding.TableData;
import io.assay.contract.finding.TimeSeriesChart;
import io.assay.report.body.Block;
import io.assay.report.body.Fact;
import io.assay.report.body.ReportBody;
import io.assay.report.body.Section;
import io.assay.report.body.Sentence;
import io.assay.report.render.ReportView.ContextRow;
import io.assay.report.render.ReportView.Seg;
import io.assay.report.words.Periods;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Renders a frozen body to Markdown (GitHub flavour). Charts become their printed numbers (a
 * series' scale and anomaly intervals, a drill-down as a table); the drawings themselves are in the
 * HTML report. Text from the body is escaped so it cannot become markup.
 */
public final class MarkdownRenderer {
  /** The line that carries the body checksum. */
  public static final String CHECKSUM_PREFIX = "<!-- assay-body-sha256: ";

  public String render(ReportBody body, String checksum) {
    StringBuilder md = new StringBuilder();
    md.append("# ").append(escape(body.title())).append("\n\n");
    md.append(CHECKSUM_PREFIX).append(checksum).append(" -->\n\n");
    md.append("Job `")
        .append(code(body.jobId()))
        .append("`; context frozen at ")
        .append(Periods.show(body.frozenAt(), null))
        .append(".\n\n");
    md.append("## Scope and definitions\n\n");
    for (ContextRow row : ReportViewBuilder.context(body)) {
      md.append("- **").append(row.heading()).append(":** ");
      md.append(row.items().stream().map(MarkdownRenderer::segs).collect(Collectors.joining("; ")));
      md.append('\n');
    }
    for (Section s : body.sections()) {
      md.append("\n## ").append(escape(ReportViewBuilder.shown(body, s.question()))).append("\n\n");
      for (Block b : s.blocks()) {
        block(md, body, s, b);
      }
    }
    return md.toString();
  }

  private static void block(StringBuilder md, ReportBody body, Section s, Block b) {
    if (b instanceof Block.Paragraph p) {
      String text = sentences(body, p.sentences());
      switch (p.role()) {
        case ANSWER -> md.append(text).append("\n\n");
        case METHOD, NEXT -> md.append('*').append(text).append("*\n\n");
      }
    } else if (b instanceof Block.Unanswered u) {
      md.append("> ").append(sentences(body, u.sentences())).append("\n\n");
    } else if (b instanceof Block.Evidence e) {
      md.append("Evidence: ")
          .append(
              e.refs().stream().map(r -> "`" + r.label() + "`").collect(Collectors.joining(", ")))
          .append("\n\n");
    } else if (b instanceof Block.Chart c) {
      chart(md, body, s, c);
    }
  }

  private static void chart(StringBuilder md, ReportBody body, Section s, Block.Chart c) {
    ChartData data = c.data();
    Map<String, String> roles = c.facts();
    md.append("**").append(escape(ReportViewBuilder.shown(body, data.title()))).append("**");
    if (data instanceof TimeSeriesChart ts) {
      Periods.Grain grain =
          Periods.grainOf(ts.points().stream().map(TimeSeriesChart.Point::period).toList());
      // Bodies frozen before the data range was its own fact carry the drawn scale only.
      Fact low = fact(s, roles.getOrDefault("low", roles.get("min")));
      Fact high = fact(s, roles.getOrDefault("high", roles.get("max")));
      Fact min = fact(s, roles.get("min"));
      Fact max = fact(s, roles.get("max"));
      md.append(" (drawn in the HTML report): values from ")
          .append(low.display())
          .append(" to ")
          .append(high.display())
          .append(unit(ts.unit()))
          .append(", ")
          .append(period(ts.points().get(0).period(), grain))
          .append(" to ")
          .append(period(ts.points().get(ts.points().size() - 1).period(), grain))
          .append("; its scale, with the expected range, runs from ")
          .append(min.display())
          .append(" to ")
          .append(max.display())
          .append('.');
      md.append("\n\n| Period | ")
          .append(ts.unit().isEmpty() ? "Value" : "Value (" + escape(ts.unit()) + ")")
          .append(" |\n|---|---:|\n");
      for (int i = 0; i < ts.points().size(); i++) {
        md.append("| ")
            .append(period(ts.points().get(i).period(), grain))
            .append(" | ")
            .append(fact(s, roles.get("point." + i)).display())
            .append(" |\n");
      }
      md.append('\n');
      if (ts.intervals().isEmpty()) {
        md.append("No anomaly interval.\n\n");
      } else {
        md.append("Anomaly intervals:\n\n");
        for (int i = 0; i < ts.intervals().size(); i++) {
          TimeSeriesChart.AnomalyInterval interval = ts.intervals().get(i);
          md.append("- ").append(period(interval.start(), grain));
          if (!interval.end().equals(interval.start())) {
            md.append(" to ").append(period(interval.end(), grain));
          }
          md.append(": ")
              .append(interval.direction().name().toLowerCase(Locale.ROOT))
              .append(", peak anomaly score ")
              .append(fact(s, roles.get("peak." + i)).display())
              .append('\n');
        }
        md.append('\n');
      }
    } else if (data instanceof ContributionBars bars) {
      md.append("\n\n| ")
          .append(escape(ReportViewBuilder.header(body, bars.dimension())))
          .append(" | Baseline | Actual | Share of change |\n|---|---:|---:|---:|\n");
      for (int i = 0; i < bars.bars().size(); i++) {
        md.append("| ")
            .append(escape(ReportViewBuilder.shown(body, bars.bars().get(i).element())))
            .append(" | ")
            .append(fact(s, roles.get("baseline." + i)).display())
            .append(" | ")
            .append(fact(s, roles.get("actual." + i)).display())
            .append(" | ")
            .append(fact(s, roles.get("share." + i)).display())
            .append(" |\n");
      }
      md.append('\n');
    } else if (data instanceof TableData t) {
      md.append("\n\n|");
      t.labelColumns()
          .forEach(
              col ->
                  md.append(' ').append(escape(ReportViewBuilder.header(body, col))).append(" |"));
      t.valueColumns()
          .forEach(
              col ->
                  md.append(' ')
                      .append(escape(ReportViewBuilder.header(body, col.name())))
                      .append(" |"));
      md.append("\n|");
      t.labelColumns().forEach(col -> md.append("---|"));
      t.valueColumns().forEach(col -> md.append("---:|"));
      md.append('\n');
      TablePeriods periods = TablePeriods.of(t);
      for (int r = 0; r < t.rows().size(); r++) {
        md.append('|');
        List<String> labels = t.rows().get(r).labels();
        for (int k = 0; k < labels.size(); k++) {
          md.append(' ')
              .append(
                  segs(
                      List.of(
                          periods.cell(k, labels.get(k), x -> ReportViewBuilder.shown(body, x)))))
              .append(" |");
        }
        for (int col = 0; col < t.valueColumns().size(); col++) {
          String id = roles.get("cell." + r + "." + col);
          md.append(' ').append(id == null ? "—" : fact(s, id).display()).append(" |");
        }
        md.append('\n');
      }
      md.append('\n');
    }
  }

  private static String sentences(ReportBody body, List<Sentence> sentences) {
    return sentences.stream()
        .map(t -> segs(ReportViewBuilder.segments(body, t)))
        .collect(Collectors.joining(" "));
  }

  private static String segs(List<Seg> segs) {
    StringBuilder out = new StringBuilder();
    for (Seg g : segs) {
      out.append(g.kind().equals("fact") || g.kind().equals("date") ? g.text() : escape(g.text()));
    }
    return out.toString();
  }

  private static String period(String iso, Periods.Grain grain) {
    return Periods.show(iso, Periods.fits(iso, grain) ? grain : null);
  }

  private static Fact fact(Section s, String id) {
    return s.fact(id).orElseThrow(() -> new IllegalStateException("missing fact " + id));
  }

  private static String unit(String unit) {
    return unit.isEmpty() ? "" : " " + escape(unit);
  }

  private static String code(String text) {
    return text.replace("`", "'");
  }

  /** Escapes Markdown and inline-HTML syntax so recorded text stays text. */
  public static String escape(String text) {
    StringBuilder out = new StringBuilder(text.length());
    for (char c : text.toCharArray()) {
      switch (c) {
        case '&' -> out.append("&amp;");
        case '<' -> out.append("&lt;");
        case '>' -> out.append("&gt;");
        case '\\', '`', '*', '_', '[', ']', '|', '#', '~' -> out.append('\\').append(c);
        case '\n', '\r' -> out.append(' ');
        default -> out.append(c);
      }
    }
    return out.toString();
  }
}
