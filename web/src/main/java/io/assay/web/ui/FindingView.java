package io.assay.web.ui;

import io.assay.analyses.Analysis;
import io.assay.analyses.AnalysisRegistry;
import io.assay.contract.finding.ChartData;
import io.assay.contract.finding.ContributionBars;
import io.assay.contract.finding.Derivation;
import io.assay.contract.finding.Figure;
import io.assay.contract.finding.Finding;
import io.assay.contract.finding.IsoPeriod;
import io.assay.contract.finding.Operand;
import io.assay.contract.finding.StatementTemplate;
import io.assay.contract.finding.TableData;
import io.assay.contract.finding.TimeSeriesChart;
import io.assay.report.words.Labels;
import io.assay.report.words.Periods;
import io.assay.report.words.ProblemWords;
import io.assay.report.words.RawNames;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * A Finding as the job page shows it: statements with their figures filled in, each figure with the
 * derivation and artifacts behind it, and the charts drawn.
 */
public record FindingView(
    Finding finding,
    List<String> statements,
    List<FigureView> figures,
    List<ChartView> charts,
    Words words) {

  /**
   * What the analysis says in words besides its statements, its raw names and ISO periods read as
   * people write them: its task, the data it used, its errors and what to try next.
   */
  public record Words(String goal, String data, List<String> errors, List<String> nextSteps) {}

  /** The installed analyses, whose titles head their findings. */
  private static final AnalysisRegistry ANALYSES = AnalysisRegistry.discover();

  /** A headline number: label, displayed value, and how it was derived from which artifacts. */
  public record FigureView(
      String id, String label, String value, String derivation, String artifact) {}

  /** A chart: a plot drawn as SVG on the page, or a table; {@code source} is its artifact. */
  public record ChartView(
      String id,
      String title,
      String kind,
      Plot plot,
      TableData table,
      String source,
      Labels labels) {

    /** Column headings of a table in the dataset's words: labels then values with their units. */
    public List<String> headings() {
      List<String> out = new ArrayList<>();
      table.labelColumns().forEach(c -> out.add(labels.label(c)));
      for (TableData.ValueColumn c : table.valueColumns()) {
        String name = labels.label(c.name());
        out.add(c.unit().isEmpty() ? name : name + " (" + c.unit() + ")");
      }
      return out;
    }

    /**
     * Table cells as displayed: labels verbatim, numbers in their column's format, "–" if missing.
     */
    public List<List<String>> cells() {
      // A label column whose every value is a period reads as periods ("March 1997").
      List<Periods.Grain> periods = new ArrayList<>();
      for (int c = 0; c < table.labelColumns().size(); c++) {
        int col = c;
        List<String> values = table.rows().stream().map(r -> r.labels().get(col)).toList();
        periods.add(
            !values.isEmpty() && values.stream().allMatch(IsoPeriod::valid)
                ? Periods.grainOf(values)
                : null);
      }
      List<List<String>> out = new ArrayList<>();
      for (TableData.Row row : table.rows()) {
        List<String> cells = new ArrayList<>();
        for (int c = 0; c < row.labels().size(); c++) {
          String label = row.labels().get(c);
          cells.add(
              c < periods.size() && periods.get(c) != null
                  ? Periods.show(label, periods.get(c))
                  : label);
        }
        for (int i = 0; i < row.values().size(); i++) {
          Double v = row.values().get(i);
          cells.add(v == null ? "–" : table.valueColumns().get(i).format().format(v));
        }
        out.add(cells);
      }
      return out;
    }
  }

  /**
   * The analysis's own title ({@link Analysis#title()}: {@code trend_anomaly} → "Trend anomaly"),
   * or its name in words when it is no longer installed (a finding of an older job).
   */
  public String analysisName() {
    return ANALYSES
        .find(finding.analysis())
        .map(Analysis::title)
        .orElseGet(() -> Labels.humanise(finding.analysis()));
  }

  static FindingView of(Finding finding, Function<ChartData, Plot> plots) {
    return of(finding, plots, Labels.NONE);
  }

  static FindingView of(Finding finding, Function<ChartData, Plot> plots, Labels labels) {
    return of(finding, plots, labels, RawNames.NONE, ProblemWords.NONE);
  }

  /**
   * As above; the raw names the analysis's texts quote are shown in {@code names}' words, and its
   * errors (a refused argument, a query that failed) as {@code problems} says them.
   */
  static FindingView of(
      Finding finding,
      Function<ChartData, Plot> plots,
      Labels labels,
      RawNames names,
      ProblemWords problems) {
    Map<String, Figure> byId =
        finding.figures().stream().collect(Collectors.toMap(Figure::id, f -> f));
    Periods.Grain grain = Periods.grainOf(finding);
    List<String> statements = new ArrayList<>();
    for (String statement : finding.statements()) {
      statements.add(text(statement, byId, names, grain));
    }
    List<FigureView> figures =
        finding.figures().stream()
            .map(
                f ->
                    new FigureView(
                        f.id(),
                        names.relabel(f.label()),
                        withUnit(f.display(), f.unit()),
                        derivation(f.derivation()),
                        f.artifact().label()))
            .toList();
    List<ChartView> charts =
        finding.charts().stream()
            .map(
                c ->
                    new ChartView(
                        c.id(),
                        names.relabel(c.title()),
                        kind(c),
                        plots.apply(c),
                        c instanceof TableData t ? t : null,
                        c.source() == null ? "" : c.source().label(),
                        labels))
            .toList();
    Words words =
        new Words(
            names.relabel(finding.goal()),
            names.relabel(finding.data().summary()),
            finding.errors().stream().map(problems::of).toList(),
            finding.nextSteps().stream().map(names::relabel).toList());
    return new FindingView(finding, statements, figures, charts, words);
  }

  /** A statement with its placeholders replaced by the figure, date or label they name. */
  static String text(String statement, Map<String, Figure> figures) {
    return text(statement, figures, RawNames.NONE, null);
  }

  /**
   * As above, the statement's words and labels (not its figures) relabelled by {@code names}, a
   * dataset's label in the case its place in the sentence needs.
   */
  static String text(
      String statement, Map<String, Figure> figures, RawNames names, Periods.Grain grain) {
    StringBuilder out = new StringBuilder();
    for (StatementTemplate.Part part : StatementTemplate.parse(statement)) {
      boolean inside = Labels.midSentenceAfter(out.toString());
      if (part instanceof StatementTemplate.Literal l) {
        out.append(names.relabel(l.text(), inside));
      } else if (part instanceof StatementTemplate.FigurePart f) {
        Figure figure = figures.get(f.figureId());
        out.append(figure == null ? "?" : withUnit(figure.display(), figure.unit()));
      } else if (part instanceof StatementTemplate.DatePart d) {
        out.append(Periods.show(d.iso(), grain));
      } else if (part instanceof StatementTemplate.LabelPart l) {
        out.append(names.label(l.text(), inside));
      }
    }
    return out.toString();
  }

  /** e.g. {@code RATIO(withdrawals = 1,234 ← #12·3f2a9c1e/rows/3/1, ...) = 0.42}. */
  static String derivation(Derivation d) {
    String inputs = d.inputs().stream().map(FindingView::operand).collect(Collectors.joining(", "));
    return d.operation().name() + "(" + inputs + ")";
  }

  private static String operand(Operand o) {
    return o.name() + " = " + plain(o.value()) + " ← " + o.artifact().label() + o.pointer();
  }

  private static String plain(double v) {
    return java.math.BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
  }

  private static String withUnit(String value, String unit) {
    return unit == null || unit.isBlank() ? value : value + " " + unit;
  }

  private static String kind(ChartData c) {
    if (c instanceof TimeSeriesChart) {
      return "time series";
    }
    return c instanceof ContributionBars ? "contribution bars" : "table";
  }
}
