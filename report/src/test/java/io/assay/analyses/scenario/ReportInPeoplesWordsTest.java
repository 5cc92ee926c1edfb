package io.assay.analyses.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.algorithms.forecast.StatisticalForecaster;
import io.assay.analyses.AnalysisContext;
import io.assay.analyses.AnalysisFixture;
import io.assay.analyses.AnalysisRegistry;
import io.assay.analyses.EventSink;
import io.assay.analyses.Heartbeat;
import io.assay.analyses.ReconWarehouse;
import io.assay.analyses.Warehouse;
import io.assay.contract.finding.Finding;
import io.assay.contract.plan.StepArgs;
import io.assay.contract.report.FrozenContext;
import io.assay.contract.report.PlanQuestion;
import io.assay.contract.report.ReportRequest;
import io.assay.recon.ColumnInfo;
import io.assay.recon.TableInfo;
import io.assay.recon.execute.SqlExecutor;
import io.assay.report.FrozenReport;
import io.assay.report.ReportBuilder;
import io.assay.report.ReportService;
import io.assay.report.ReportStore;
import io.assay.report.words.Labels;
import io.assay.store.FindingStore;
import java.time.Clock;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.junit.jupiter.api.Test;

/**
 * Issue 14's report in people's words, on real Findings: a report of a trend, drill-downs (one that
 * finds the injected drop), a root-cause search, a comparison, a forecast, outliers, a correlation
 * and two direct answers, built with the dataset's labels as a job builds it, shows no raw column
 * or metric name ({@code district.a3}, {@code a3}, {@code trans.operation}, {@code credit_amount})
 * and no ISO period in its Markdown or HTML, and a monthly answer's rows read as months ("March
 * 1996", not "1 March 1996").
 */
class ReportInPeoplesWordsTest {
  static final Map<String, Object> YEAR_1997 = Map.of("kind", "year", "year", 1997);
  static final String QUESTION = "Check the monthly withdrawal amount in 1997 and drill down";

  private final AnalysisFixture fx = AnalysisFixture.get();
  private final String jobId = fx.context("people-words").jobId();
  private final List<Finding> found = new ArrayList<>();

  @Test
  void aTrendAndDrillDownReportShowsNoRawNameAndNoIsoPeriod() throws Exception {
    List<String> byRegionAndMode = List.of("district.a3", "trans.operation");
    run(
        "trend_anomaly",
        Map.of("metric", "withdrawal_amount", "time", YEAR_1997, "grain", "month"));
    run(
        "drill_down",
        Map.of("metric", "withdrawal_amount", "time", YEAR_1997, "dimensions", byRegionAndMode));
    run(
        "multi_dimensional_rca",
        Map.of(
            "metric",
            "withdrawal_amount",
            "actual",
            Map.of("kind", "month", "year", 1997, "month", 6),
            "dimensions",
            byRegionAndMode));
    run(
        "compare_periods",
        Map.of(
            "metric",
            "cash_withdrawal_amount",
            "baseline",
            Map.of("kind", "year", "year", 1996),
            "current",
            YEAR_1997,
            "group_by",
            "district.a3"));
    run(
        "forecast",
        Map.of(
            "metric",
            "transaction_count",
            "horizon",
            6,
            "time",
            Map.of("kind", "range", "from", "1995-01-01", "to", "1997-12-31")));
    run(
        "find_outliers",
        Map.of("metric", "cash_withdrawal_amount", "entity", "district.a2", "time", YEAR_1997));
    run(
        "correlate",
        Map.of(
            "metrics",
            List.of("credit_amount", "withdrawal_amount"),
            "time",
            Map.of("kind", "range", "from", "1994-01-01", "to", "1997-12-31")));
    // A direct answer by month (its rows are periods) and one by a coded column (a3).
    run(
        "direct_answer",
        Map.of(
            "pick",
            Map.of(
                "measures",
                List.of(Map.of("kind", "metric", "metric", "withdrawal_amount")),
                "grain",
                "month",
                "time",
                Map.of("kind", "range", "from", "1996-03-01", "to", "1996-06-30"))));
    run(
        "direct_answer",
        Map.of(
            "pick",
            Map.of(
                "measures",
                List.of(Map.of("kind", "metric", "metric", "card_withdrawal_amount")),
                "groupBy",
                List.of("district.a3"),
                "time",
                YEAR_1997)));
    // Drill-downs that explain little: one split by a dimension the filter leaves one element of,
    // one with a value excluded, one over a month where nothing stands out.
    run(
        "drill_down",
        Map.of(
            "metric",
            "withdrawal_amount",
            "actual",
            Map.of("kind", "month", "year", 1997, "month", 6),
            "dimensions",
            byRegionAndMode,
            "filters",
            List.of(compare("district.a3", "eq", "Prague"))));
    run(
        "drill_down",
        Map.of(
            "metric",
            "withdrawal_amount",
            "actual",
            Map.of("kind", "month", "year", 1997, "month", 3),
            "dimensions",
            List.of("trans.operation", "trans.k_symbol"),
            "filters",
            List.of(compare("trans.operation", "ne", "VYBER"))));
    run(
        "drill_down",
        Map.of(
            "metric",
            "transaction_count",
            "time",
            Map.of("kind", "range", "from", "1996-01-01", "to", "1996-04-30"),
            "dimensions",
            List.of("district.a3")));
    try (ScenarioSchema scenario =
        ScenarioSchema.create(
            fx.warehouse,
            "scenario_words",
            ScenarioSchema.largestCashDistrict(fx.warehouse, 1997),
            LocalDate.of(1997, 6, 1),
            4)) {
      Warehouse injected =
          new ReconWarehouse(scenario.recon, new SqlExecutor(fx.warehouse.readerDataSource()));
      run(
          "drill_down",
          Map.of(
              "metric",
              "cash_withdrawal_amount",
              "time",
              YEAR_1997,
              "dimensions",
              List.of("district.a3", "trans.k_symbol")),
          injected);
    }
    FrozenReport report = report();
    java.nio.file.Files.writeString(java.nio.file.Path.of("/tmp/ui-report.md"), report.markdown());
    String markdown = prose(report.markdown());
    Document html = Jsoup.parse(report.html());
    html.select("[data-artifact]").remove();
    String htmlText = html.body().text().replace(jobId, "");

    // Every column of the dataset and every metric, as queries name them, and the coded columns a
    // query's output names bare (district's a2 … a16).
    List<String> raw = new ArrayList<>();
    for (TableInfo t : fx.recon.tables()) {
      for (ColumnInfo c : t.columns()) {
        raw.add(c.table() + "." + c.name());
        if (c.name().matches("[a-z]+[0-9]+") || c.name().contains("_")) {
          raw.add(c.name());
        }
      }
    }
    fx.recon.metrics().forEach(m -> raw.add(m.name()));
    for (String name : raw) {
      Pattern shown = Pattern.compile("(?<![\\w.])" + Pattern.quote(name) + "(?![\\w])");
      assertThat(shown.matcher(markdown).find()).as("Markdown shows %s", name).isFalse();
      assertThat(shown.matcher(htmlText).find()).as("HTML shows %s", name).isFalse();
    }
    // No analysis or method id, no internal word of an algorithm: every analysis speaks of itself
    // and of the others by its display name, and a forecaster names its model in words.
    Pattern id = Pattern.compile("\\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\\b");
    for (String text : List.of(markdown.replace("\\_", "_"), htmlText)) {
      assertThat(id.matcher(text).results().map(r -> r.group()).toList())
          .as("identifiers shown")
          .isEmpty();
      assertThat(text).doesNotContain("skip:").doesNotContain("['").doesNotContain("(m=");
    }
    assertThat(htmlText)
        .contains("by the drill-down analysis")
        .contains("by the multi-dimensional root-cause search analysis")
        .contains("Holt's damped trend");
    // A dataset's label inside a sentence starts lower-case, and one that starts it a capital (the
    // Markdown's sentences: both renderings write them from the same segments).
    String sentences =
        markdown
            .lines()
            .filter(l -> !l.startsWith("|") && !l.startsWith("#") && !l.startsWith("**"))
            .collect(java.util.stream.Collectors.joining("\n"));
    Labels labels = Labels.from(fx.recon);
    for (String name : raw) {
      String label = labels.label(name);
      String lower = Labels.midSentence(label);
      if (lower.equals(label)) {
        continue;
      }
      Pattern capitalInside =
          Pattern.compile("[\\p{Ll},;] " + Pattern.quote(label) + "(?![\\p{L}])");
      Pattern lowerAtStart =
          Pattern.compile(
              "(?:^|[.!?] |\\*)" + Pattern.quote(lower) + " (?!\\|)", Pattern.MULTILINE);
      assertThat(capitalInside.matcher(sentences).find()).as("'%s' mid-sentence", label).isFalse();
      assertThat(lowerAtStart.matcher(sentences).find())
          .as("'%s' starting a sentence", lower)
          .isFalse();
    }
    // Periods read as people write them: no ISO date, and a month's rows as months.
    Pattern iso = Pattern.compile("\\b\\d{4}-\\d{2}\\b");
    assertThat(iso.matcher(markdown).find()).as("an ISO period in the Markdown").isFalse();
    assertThat(iso.matcher(htmlText).find()).as("an ISO period in the HTML").isFalse();
    assertThat(markdown).contains("March 1996: ").doesNotContain("1 March 1996");
    assertThat(htmlText).contains("March 1996: ").doesNotContain("1 March 1996");
    // A compound dimension and its elements read in words too.
    assertThat(markdown).contains("| Region × mode |").contains("| Mode=");
  }

  private static Map<String, Object> compare(String column, String op, Object value) {
    return Map.of("kind", "compare", "column", column, "op", op, "value", value);
  }

  private void run(String analysis, Map<String, Object> args) {
    run(analysis, args, fx.reconWarehouse);
  }

  /** The next step of the job: {@code analysis} with {@code args} on {@code on}. */
  private void run(String analysis, Map<String, Object> args, Warehouse on) {
    AnalysisContext step =
        new AnalysisContext(
            jobId,
            found.size(),
            on,
            fx.artifacts,
            EventSink.NONE,
            new StatisticalForecaster(),
            List.of(),
            Heartbeat.NONE);
    found.add(fx.runner().run(analysis, StepArgs.of(args), QUESTION, step));
  }

  /** The job's report, one section per step, with the dataset's labels as a job writes it. */
  private FrozenReport report() {
    FindingStore findings = new FindingStore(fx.warehouse.adminDataSource());
    List<PlanQuestion> questions = new ArrayList<>();
    for (int i = 0; i < found.size(); i++) {
      findings.record(jobId, found.get(i));
      questions.add(new PlanQuestion("q" + (i + 1), "Step " + i, List.of(found.get(i).stepId())));
    }
    FrozenContext context =
        new FrozenContext(
            QUESTION, List.of(), List.of(), List.of(), List.of(), List.of(), List.of(), List.of());
    return new ReportService(
            fx.artifacts,
            findings,
            new ReportStore(fx.warehouse.adminDataSource()),
            new ReportBuilder(
                () -> Labels.from(fx.recon).withAnalyses(AnalysisRegistry.discover().titles())),
            Clock.systemUTC())
        .build(new ReportRequest(jobId, "Withdrawals in 1997", context, questions));
  }

  /** The Markdown without its identifiers (job id, checksum, artifact labels). */
  private static String prose(String markdown) {
    StringBuilder out = new StringBuilder();
    for (String line : markdown.split("\n")) {
      if (!line.startsWith("Evidence: ") && !line.startsWith("Job `") && !line.startsWith("<!--")) {
        out.append(line).append('\n');
      }
    }
    return out.toString();
  }
}
