package io.assay.analyses.direct;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.assay.analyses.AnalysisContext;
import io.assay.analyses.AnalysisFixture;
import io.assay.analyses.InvalidArgsException;
import io.assay.contract.finding.Figure;
import io.assay.contract.finding.Finding;
import io.assay.contract.finding.FindingStatus;
import io.assay.contract.finding.TableData;
import io.assay.contract.plan.StepArgs;
import io.assay.pick.PickValidationError;
import io.assay.store.JobEvent;
import java.sql.Connection;
import java.sql.ResultSet;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DirectAnswerTest {
  private final AnalysisFixture fx = AnalysisFixture.get();

  @Test
  void countsTheLoansOfNineteenNinetySevenAsTheDatabaseDoes() throws Exception {
    AnalysisContext ctx = fx.context("direct");
    Map<String, Object> pick =
        Map.of(
            "measures",
                List.of(Map.of("kind", "aggregate", "fn", "count", "column", "loan.loan_id")),
            "timeColumn", "loan.date",
            "time", Map.of("kind", "year", "year", 1997));
    Finding f =
        fx.runner()
            .run(
                "direct_answer",
                StepArgs.of(Map.of("pick", pick)),
                "How many loans were granted in 1997?",
                ctx);
    long expected;
    try (Connection c = fx.warehouse.adminDataSource().getConnection();
        ResultSet rs =
            c.createStatement()
                .executeQuery(
                    "select count(*) from financial.loan where date between '1997-01-01' and '1997-12-31'")) {
      rs.next();
      expected = rs.getLong(1);
    }
    assertThat(f.status()).isEqualTo(FindingStatus.OK);
    Figure answer = AnalysisFixture.figures(f).get("answer");
    assertThat(answer.value()).isEqualTo((double) expected);
    assertThat(f.statements()).containsExactly("The answer is {fig:answer}.");
    fx.assertTraceable(f, ctx.jobId());
    List<JobEvent> events = fx.events(ctx.jobId());
    assertThat(events)
        .extracting(JobEvent::type)
        .containsExactly("tool_call_started", "tool_call_finished");
    assertThat(events.get(0).payloadJson()).contains("loan");
    assertThat(events.get(1).payloadJson()).contains("\"row_count\": 1");
  }

  @Test
  void aBigResultIsSummarisedNotCarried() {
    AnalysisContext ctx = fx.context("direct-big");
    Map<String, Object> pick =
        Map.of(
            "select",
            List.of(
                Map.of("kind", "column", "column", "loan.loan_id"),
                Map.of("kind", "column", "column", "loan.amount")));
    Finding f =
        fx.runner().run("direct_answer", StepArgs.of(Map.of("pick", pick)), "List the loans", ctx);
    assertThat(f.status()).isEqualTo(FindingStatus.OK);
    assertThat(AnalysisFixture.figures(f).get("row_count").value()).isEqualTo(682.0);
    assertThat(f.data().summary()).isNotBlank();
    TableData table = (TableData) f.charts().get(0);
    assertThat(table.rows().size()).isLessThanOrEqualTo(20);
    assertThat(table.title()).contains("representative rows of the 682").contains("CSV");
    fx.assertTraceable(f, ctx.jobId());
  }

  @Test
  void aBigAggregateShowsItsLargestGroupsFirst() throws Exception {
    AnalysisContext ctx = fx.context("direct-top");
    Map<String, Object> pick =
        Map.of(
            "measures",
            List.of(Map.of("kind", "metric", "metric", "loan_amount")),
            "groupBy",
            List.of("loan.account_id"));
    Finding f =
        fx.runner()
            .run(
                "direct_answer", StepArgs.of(Map.of("pick", pick)), "Loan amount per account", ctx);
    assertThat(f.status()).isEqualTo(FindingStatus.OK);
    TableData table = (TableData) f.charts().get(0);
    assertThat(table.rows()).hasSize(20);
    // The rows shown are the answer's top by its measure, not the first ones by account.
    List<Double> shown = table.rows().stream().map(r -> r.values().get(0)).toList();
    assertThat(shown).isSortedAccordingTo(Comparator.reverseOrder());
    try (Connection c = fx.warehouse.readerDataSource().getConnection();
        ResultSet rs =
            c.createStatement()
                .executeQuery(
                    "SELECT SUM(amount) s FROM financial.loan GROUP BY account_id"
                        + " ORDER BY s DESC LIMIT 1")) {
      rs.next();
      assertThat(shown.get(0)).isEqualTo(rs.getDouble(1));
    }
    assertThat(table.title()).contains("20 largest of the 682 rows by ").contains("CSV");
    assertThat(table.title()).doesNotContain("first measure");
    // The data line describes the table shown, not representative rows it does not show.
    assertThat(f.data().summary()).contains("20 largest by ").doesNotContain("representative");
    fx.assertTraceable(f, ctx.jobId());
  }

  @Test
  void aMissingPickIsInvalidArgs() {
    AnalysisContext ctx = fx.context("direct-bad");
    assertThatThrownBy(() -> fx.runner().run("direct_answer", StepArgs.of(Map.of()), "q", ctx))
        .isInstanceOf(InvalidArgsException.class)
        .hasMessageContaining("missing required arg 'pick'");
    assertThatThrownBy(
            () ->
                fx.runner()
                    .run(
                        "direct_answer",
                        StepArgs.of(Map.of("pick", Map.of("measures", "loan"))),
                        "q",
                        ctx))
        .isInstanceOf(InvalidArgsException.class)
        .hasMessageContaining("arg 'pick'");
  }

  @Test
  void aPickNamingAnUnknownMetricIsRejectedByTheComposer() {
    AnalysisContext ctx = fx.context("direct-pick");
    Map<String, Object> pick =
        Map.of("measures", List.of(Map.of("kind", "metric", "metric", "volumen")));
    assertThatThrownBy(
            () -> fx.runner().run("direct_answer", StepArgs.of(Map.of("pick", pick)), "q", ctx))
        .isInstanceOf(PickValidationError.class)
        .hasMessageContaining("volumen");
    assertThat(fx.events(ctx.jobId())).isEmpty();
  }
}
