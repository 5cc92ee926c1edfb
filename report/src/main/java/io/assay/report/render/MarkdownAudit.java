package io.assay.report.render;

import io.assay.contract.finding.IsoPeriod;
import io.assay.contract.finding.TableData;
import io.assay.contract.finding.TimeSeriesChart;
import io.assay.contract.report.FrozenContext;
import io.assay.report.body.Block;
import io.assay.report.body.Fact;
import io.assay.report.body.ReportBody;
import io.assay.report.body.Section;
import io.assay.report.body.Segment;
import io.assay.report.body.Sentence;
import io.assay.report.words.Periods;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Markdown counterpart of {@link HtmlAudit}'s number rule. Markdown has no marks, so the audit
 * removes what the body allows (verbatim text, artifact labels, ISO dates), then requires every
 * remaining number to be exactly the text of one of the body's facts, and no other digit to remain.
 */
public final class MarkdownAudit {
  private static final Pattern NUMBER =
      Pattern.compile(
          "(?<![\\p{L}\\p{N}.,])[-+]?(?:\\d{1,3}(?:,\\d{3})+|\\d+)(?:\\.\\d+)?%?(?![\\p{L}\\p{N}])");

  private MarkdownAudit() {}

  public static List<String> audit(String markdown, ReportBody body) {
    List<String> problems = new ArrayList<>();
    Set<String> removable = new LinkedHashSet<>();
    PresentationRule.verbatim(body).forEach(v -> removable.add(MarkdownRenderer.escape(v)));
    PresentationRule.artifactLabels(body).values().forEach(removable::add);
    for (String iso : dates(body)) {
      removable.add(iso);
      removable.add(Periods.show(iso, null));
      for (Periods.Grain g : Periods.Grain.values()) {
        if (Periods.fits(iso, g)) {
          removable.add(Periods.show(iso, g));
        }
      }
    }
    List<String> ordered = new ArrayList<>(removable);
    ordered.sort(Comparator.comparingInt(String::length).reversed());
    StringBuilder kept = new StringBuilder();
    for (String line : markdown.split("\n", -1)) {
      if (!line.startsWith(MarkdownRenderer.CHECKSUM_PREFIX)) {
        kept.append(line).append('\n');
      }
    }
    String text = kept.toString();
    for (String allowed : ordered) {
      if (!allowed.isEmpty()) {
        text = text.replace(allowed, " ");
      }
    }
    Set<String> factTexts = factTexts(body);
    Matcher m = NUMBER.matcher(text);
    StringBuilder rest = new StringBuilder();
    int at = 0;
    while (m.find()) {
      if (!factTexts.contains(m.group())) {
        problems.add("number \"" + m.group() + "\" is not the text of any fact");
      }
      rest.append(text, at, m.start()).append(' ');
      at = m.end();
    }
    rest.append(text.substring(at));
    Matcher stray = Pattern.compile("\\S*\\d\\S*").matcher(rest);
    while (stray.find()) {
      problems.add("digits outside a fact, date, quote or reference: \"" + stray.group() + "\"");
    }
    return problems;
  }

  private static Set<String> factTexts(ReportBody body) {
    Set<String> out = new HashSet<>();
    for (Fact f : body.facts()) {
      out.add(f.display());
    }
    for (Section s : body.sections()) {
      for (Sentence t : s.sentences()) {
        for (Segment g : t.segments()) {
          if (g instanceof Segment.FactValue fv) {
            out.add(fv.text());
          }
        }
      }
    }
    return out;
  }

  private static Set<String> dates(ReportBody body) {
    Set<String> out = new HashSet<>();
    out.add(body.frozenAt());
    FrozenContext c = body.context();
    c.timeRanges()
        .forEach(
            t -> {
              out.add(t.start());
              out.add(t.end());
            });
    c.edits().forEach(e -> out.add(e.at()));
    for (Section s : body.sections()) {
      for (Sentence t : s.sentences()) {
        for (Segment g : t.segments()) {
          if (g instanceof Segment.DateValue d) {
            out.add(d.iso());
          }
        }
      }
      for (Block b : s.blocks()) {
        if (b instanceof Block.Chart ch && ch.data() instanceof TimeSeriesChart ts) {
          ts.points().forEach(p -> out.add(p.period()));
        }
        // A table's period labels are written as periods too.
        if (b instanceof Block.Chart ch && ch.data() instanceof TableData td) {
          td.rows().forEach(r -> r.labels().stream().filter(IsoPeriod::valid).forEach(out::add));
        }
      }
    }
    return out;
  }
}
