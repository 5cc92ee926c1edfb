package io.assay.analyses.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.algorithms.forecast.StatisticalForecaster;
import io.assay.analyses.AnalysisContext;
import io.assay.analyses.AnalysisFixture;
import io.assay.analyses.EventSink;
import io.assay.analyses.Heartbeat;
import io.assay.contract.finding.Finding;
import io.assay.contract.plan.StepArgs;
import io.assay.contract.report.FrozenContext;
import io.assay.contract.report.PlanQuestion;
import io.assay.contract.report.ReportRequest;
import io.assay.recon.ColumnInfo;
import io.assay.recon.TableInfo;
import io.assay.report.FrozenReport;
import io.assay.report.ReportBuilder;
import io.assay.report.ReportService;
import io.assay.report.ReportStore;
import io.assay.report.words.Labels;
import io.assay.store.FindingStore;
import java.time.Clock;
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

  @Test
  void aTrendAndDrillDownReportShowsNoRawNameAndNoIsoPeriod() throws Exception {
    AnalysisFixture fx = AnalysisFixture.get();
    String question = "Check the monthly withdrawal amount in 1997 and drill down";
    AnalysisContext first = fx.context("people-words");
    String jobId = first.jobId();
    List<Finding> found = new ArrayList<>();
    found.add(
        fx.runner()
            .run(
                "trend_anomaly",
                StepArgs.of(
                    Map.of("metric", "withdrawal_amount", "time", YEAR_1997, "grain", "month")),
                question,
                first));
    found.add(
        fx.runner()
            .run(
                "drill_down",
                StepArgs.of(
                    Map.of(
                        "metric",
                        "withdrawal_amount",
                        "time",
                        YEAR_1997,
                        "dimensions",
                        List.of("district.a3", "trans.operation"))),
                question,
                step(fx, jobId, 1)));
    found.add(
        fx.runner()
            .run(
                "multi_dimensional_rca",
                StepArgs.of(
                    Map.of(
                        "metric", "withdrawal_amount",
                        "actual", Map.of("kind", "month", "year", 1997, "month", 6),
                        "dimensions", List.of("district.a3", "trans.operation"))),
                question,
                step(fx, jobId, 2)));
    found.add(
        fx.runner()
            .run(
                "compare_periods",
                StepArgs.of(
                    Map.of(
                        "metric",
                        "cash_withdrawal_amount",
                        "baseline",
                        Map.of("kind", "year", "year", 1996),
                        "current",
                        YEAR_1997,
                        "group_by",
                        "district.a3")),
                question,
                step(fx, jobId, 3)));
    found.add(
        fx.runner()
            .run(
                "forecast",
                StepArgs.of(
                    Map.of(
                        "metric",
                        "transaction_count",
                        "horizon",
                        6,
                        "time",
                        Map.of("kind", "range", "from", "1995-01-01", "to", "1997-12-31"))),
                question,
                step(fx, jobId, 4)));
    found.add(
        fx.runner()
            .run(
                "find_outliers",
                StepArgs.of(
                    Map.of(
                        "metric",
                        "cash_withdrawal_amount",
                        "entity",
                        "district.a2",
                        "time",
                        YEAR_1997)),
                question,
                step(fx, jobId, 5)));
    found.add(
        fx.runner()
            .run(
                "correlate",
                StepArgs.of(
                    Map.of(
                        "metrics", List.of("credit_amount", "withdrawal_amount"),
                        "time", Map.of("kind", "range", "from", "1994-01-01", "to", "1997-12-31"))),
                question,
                step(fx, jobId, 6)));
    found.add(
        fx.runner()
            .run(
                "direct_answer",
                StepArgs.of(
                    Map.of(
                        "pick",
                        Map.of(
                            "measures",
                            List.of(Map.of("kind", "metric", "metric", "withdrawal_amount")),
                            "grain",
                            "month",
                            "time",
                            Map.of("kind", "range", "from", "1996-03-01", "to", "1996-06-30")))),
                question,
                step(fx, jobId, 9)));
    found.add(
        fx.runner()
            .run(
                "direct_answer",
                StepArgs.of(
                    Map.of(
                        "pick",
                        Map.of(
                            "measures",
                            List.of(Map.of("kind", "metric", "metric", "card_withdrawal_amount")),
                            "groupBy",
                            List.of("district.a3"),
                            "time",
                            YEAR_1997))),
                question,
                step(fx, jobId, 10)));
    try (ScenarioSchema scenario =
        ScenarioSchema.create(
            fx.warehouse,
            "scenario_words",
            ScenarioSchema.largestCashDistrict(fx.warehouse, 1997),
            java.time.LocalDate.of(1997, 6, 1),
            4)) {
      io.assay.analyses.ReconWarehouse injected =
          new io.assay.analyses.ReconWarehouse(
              scenario.recon,
              new io.assay.recon.execute.SqlExecutor(fx.warehouse.readerDataSource()));
      found.add(
          fx.runner()
              .run(
                  "drill_down",
                  StepArgs.of(
                      Map.of(
                          "metric",
                          "cash_withdrawal_amount",
                          "time",
                          YEAR_1997,
                          "dimensions",
                          List.of("district.a3", "trans.k_symbol"))),
                  question,
                  step(fx, jobId, 7, injected)));
      found.add(
          fx.runner()
              .run(
                  "trend_anomaly",
                  StepArgs.of(
                      Map.of(
                          "metric", "cash_withdrawal_amount", "time", YEAR_1997, "grain", "month")),
                  question,
                  step(fx, jobId, 8, injected)));
    }
    FindingStore findings = new FindingStore(fx.warehouse.adminDataSource());
    List<PlanQuestion> questions = new ArrayList<>();
    for (int i = 0; i < found.size(); i++) {
      findings.record(jobId, found.get(i));
      questions.add(new PlanQuestion("q" + (i + 1), "Step " + i, List.of(found.get(i).stepId())));
    }
    ReportRequest request =
        new ReportRequest(
            jobId,
            "Withdrawals in 1997",
            new FrozenContext(
                question, List.of(), List.of(), List.of(), List.of(), List.of(), List.of(),
                List.of()),
            questions);
    FrozenReport report =
        new ReportService(
                fx.artifacts,
                findings,
                new ReportStore(fx.warehouse.adminDataSource()),
                new ReportBuilder(() -> Labels.from(fx.recon)),
                Clock.systemUTC())
            .build(request);
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
    // Periods read as people write them: no ISO date, and a month's rows as months.
    Pattern iso = Pattern.compile("\\b\\d{4}-\\d{2}\\b");
    assertThat(iso.matcher(markdown).find()).as("an ISO period in the Markdown").isFalse();
    assertThat(iso.matcher(htmlText).find()).as("an ISO period in the HTML").isFalse();
    assertThat(markdown).contains("March 1996: ").doesNotContain("1 March 1996");
    assertThat(htmlText).contains("March 1996: ").doesNotContain("1 March 1996");
    // A compound dimension and its elements read in words too.
    assertThat(markdown).contains("| Region × mode |").contains("| Mode=");
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

  private static AnalysisContext step(AnalysisFixture fx, String jobId, int i) {
    return step(fx, jobId, i, fx.reconWarehouse);
  }

  private static AnalysisContext step(
      AnalysisFixture fx, String jobId, int i, io.assay.analyses.Warehouse on) {
    return new AnalysisContext(
        jobId,
        i,
        on,
        fx.artifacts,
        EventSink.NONE,
        new StatisticalForecaster(),
        List.of(),
        Heartbeat.NONE);
  }
}
