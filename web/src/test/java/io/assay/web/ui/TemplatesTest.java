package io.assay.web.ui;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.contract.delivery.Receipt;
import io.assay.contract.delivery.ReceiptStatus;
import io.assay.contract.evidence.ArtifactInfo;
import io.assay.contract.evidence.ArtifactKind;
import io.assay.contract.evidence.ArtifactStatus;
import io.assay.contract.finding.ArtifactRef;
import io.assay.contract.job.ApprovalMode;
import io.assay.contract.job.JobProgress;
import io.assay.contract.job.JobState;
import io.assay.contract.job.PlanEditRecord;
import io.assay.contract.job.StepState;
import io.assay.contract.job.StepStatus;
import io.assay.contract.plan.Clarification;
import io.assay.contract.plan.Decision;
import io.assay.contract.plan.Plan;
import io.assay.contract.plan.PlanEdit;
import io.assay.contract.plan.PlanStep;
import io.assay.store.JobRecord;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.mock.web.MockServletContext;
import org.thymeleaf.context.WebContext;
import org.thymeleaf.spring6.SpringTemplateEngine;
import org.thymeleaf.templatemode.TemplateMode;
import org.thymeleaf.templateresolver.ClassLoaderTemplateResolver;
import org.thymeleaf.web.servlet.JakartaServletWebApplication;

/**
 * Renders the job page template with the view models the controllers build, without a server: quick
 * feedback on every state's controls, and on escaping of people's text, which must never become
 * markup.
 */
class TemplatesTest {
  static final String EVIL = "<script>window.__xss=1</script> How many accounts?";

  private static final SpringTemplateEngine ENGINE = engine();

  private static SpringTemplateEngine engine() {
    ClassLoaderTemplateResolver resolver = new ClassLoaderTemplateResolver();
    resolver.setPrefix("templates/");
    resolver.setSuffix(".html");
    resolver.setTemplateMode(TemplateMode.HTML);
    resolver.setCharacterEncoding("UTF-8");
    SpringTemplateEngine engine = new SpringTemplateEngine();
    engine.setTemplateResolver(resolver);
    return engine;
  }

  static String render(String template, Map<String, Object> variables) {
    MockServletContext servletContext = new MockServletContext();
    JakartaServletWebApplication app =
        JakartaServletWebApplication.buildApplication(servletContext);
    MockHttpServletRequest request = new MockHttpServletRequest(servletContext);
    WebContext context =
        new WebContext(
            app.buildExchange(request, new MockHttpServletResponse()), Locale.ENGLISH, variables);
    return ENGINE.process(template, context);
  }

  static JobRecord job(JobState state) {
    OffsetDateTime at = OffsetDateTime.of(2024, 5, 1, 10, 0, 0, 0, ZoneOffset.UTC);
    return new JobRecord(
        "job-1",
        EVIL,
        "financial",
        "alice",
        ApprovalMode.REQUIRE,
        state,
        null,
        0,
        2,
        null,
        null,
        at,
        at,
        null);
  }

  static JobPage page(JobState state, boolean report) {
    Plan plan =
        new Plan(
            List.of(
                new PlanStep(
                    "trend_anomaly",
                    Map.of("metric", "withdrawals", "grain", "month"),
                    "find the <b>unusual</b> month",
                    null),
                new PlanStep("drill_down", Map.of("metric", "withdrawals"), "explain it", null)),
            "two steps");
    List<StepStatus> steps =
        List.of(
            new StepStatus(
                0,
                "trend_anomaly",
                state == JobState.AWAITING_APPROVAL ? StepState.PENDING : StepState.DONE,
                "March fell",
                false,
                null,
                "job-1:0:trend_anomaly"),
            new StepStatus(
                1,
                "drill_down",
                state == JobState.EXECUTING ? StepState.FAILED : StepState.PENDING,
                null,
                false,
                "no rows",
                "job-1:1:drill_down"));
    JobProgress progress =
        new JobProgress(
            "job-1",
            state,
            null,
            1,
            2,
            null,
            Decision.PLAN,
            "a drop was asked about",
            plan,
            steps,
            null,
            List.of(
                new PlanEditRecord(
                    "olga",
                    Instant.parse("2024-05-01T10:01:00Z").toString(),
                    new PlanEdit.SetArgs(0, Map.of("grain", "quarter")),
                    "step 1: grain = quarter")),
            null,
            List.of("file: ok"));
    JobPage.PlanStepView first =
        new JobPage.PlanStepView(
            0,
            "trend_anomaly",
            "find the <b>unusual</b> month",
            "{\n  \"metric\" : \"withdrawals\"\n}",
            null,
            steps.get(0).status().name(),
            state == JobState.AWAITING_APPROVAL,
            List.of(new JobPage.ArgHelp("grain", "TIME_GRAIN", false, "month, quarter or year")),
            "Trend anomaly: monthly withdrawals",
            "Finds the unusual periods of a metric.",
            ArgForms.fields(
                io.assay.analyses.ArgsSchema.of(
                    io.assay.analyses.ArgSpec.required(
                        "metric", io.assay.analyses.ArgType.METRIC, "what to scan"),
                    io.assay.analyses.ArgSpec.optional(
                        "grain", io.assay.analyses.ArgType.TIME_GRAIN, "period length", "month"),
                    io.assay.analyses.ArgSpec.optional(
                        "time", io.assay.analyses.ArgType.TIME_FILTER, "the window", null)),
                Map.of("metric", "withdrawals", "time", Map.of("kind", "year", "year", 1997)),
                new ArgForms.Choices(
                    List.of(new ArgForms.Option("withdrawals", "Withdrawals")),
                    List.of(),
                    1993,
                    1998)),
            "{\n  \"metric\" : \"withdrawals\"\n}",
            true);
    JobPage.PlanStepView second =
        new JobPage.PlanStepView(
            1,
            "drill_down",
            "explain it",
            "{}",
            "direct_answer",
            steps.get(1).status().name(),
            state != JobState.COMPLETED,
            List.of(),
            "Drill down",
            "",
            List.of(),
            "",
            false);
    ArtifactInfo artifact =
        new ArtifactInfo(
            new ArtifactRef(3, "a".repeat(64)),
            "job-1",
            "job-1:0:trend_anomaly",
            ArtifactKind.values()[0],
            ArtifactStatus.ACCEPTED,
            null,
            120,
            Instant.EPOCH);
    Receipt receipt =
        new Receipt(
            "job-1",
            "file:/srv/reports",
            "file",
            ReceiptStatus.CONFIRMED,
            1,
            "job-1:file",
            "b".repeat(64),
            "c".repeat(64),
            "3 files in /srv/reports",
            null,
            Instant.EPOCH);
    return new JobPage(
        job(state),
        progress,
        state,
        steps,
        List.of(first, second),
        plan.reason(),
        progress.edits(),
        null,
        List.of(),
        List.of(artifact),
        List.of(receipt),
        report ? "b".repeat(64) : null,
        List.of(
            new JobPage.EventView(
                7, "job_received", "2024-05-01 10:00:00", "{\"question\":\"<script>x</script>\"}")),
        7,
        List.of("direct_answer", "drill_down", "trend_anomaly"),
        List.of(new ArgForms.Option("trans.operation", "Mode")),
        "live-key",
        "plan-key",
        List.of(),
        progress.decisionReason(),
        progress.lastError());
  }

  private static Map<String, Object> vars(JobPage page, boolean operator) {
    Map<String, Object> vars = new HashMap<>();
    vars.put("page", page);
    vars.put("operator", operator);
    vars.put("analysisHelp", ADD_HELP);
    vars.put(
        "labels",
        io.assay.report.words.Labels.NONE.withAnalyses(
            java.util.Map.of("drill_down", "Drill-down", "trend_anomaly", "Trend anomaly")));
    return vars;
  }

  private static final io.assay.analyses.ArgsSchema TREND =
      io.assay.analyses.ArgsSchema.of(
          io.assay.analyses.ArgSpec.required(
              "metric", io.assay.analyses.ArgType.METRIC, "what to scan"),
          io.assay.analyses.ArgSpec.optional(
              "grain", io.assay.analyses.ArgType.TIME_GRAIN, "period length", "month"));

  /** Two analyses for the add-step form: the first is the one it opens with. */
  private static final Map<String, JobPages.AnalysisHelp> ADD_HELP = addHelp();

  private static Map<String, JobPages.AnalysisHelp> addHelp() {
    ArgForms.Choices choices =
        new ArgForms.Choices(
            List.of(new ArgForms.Option("card_withdrawal_amount", "Card <withdrawal> amount")),
            List.of(),
            1993,
            1998);
    Map<String, JobPages.AnalysisHelp> out = new java.util.LinkedHashMap<>();
    for (String name : List.of("trend_anomaly", "drill_down")) {
      out.put(
          name,
          new JobPages.AnalysisHelp(
              "Scans a <metric>",
              "{\"metric\": \"card_withdrawal_amount\"}",
              name.equals("trend_anomaly")
                  ? ArgForms.fields(TREND, Map.of("metric", "card_withdrawal_amount"), choices)
                  : List.of(),
              List.of(new JobPage.ArgHelp("metric", "METRIC", true, "what to scan")),
              name.equals("trend_anomaly")));
    }
    return out;
  }

  @Test
  void theAddStepFormIsGeneratedPerAnalysisWithJsonBehindAToggle() {
    String html = render("jobs/job", vars(page(JobState.AWAITING_APPROVAL, false), false));

    assertThat(html)
        .contains(
            "id=\"add-form\"",
            "id=\"add-trend_anomaly-metric\"",
            "<option value=\"drill_down\">Drill-down</option>",
            "<input type=\"hidden\" name=\"analysis\" value=\"trend_anomaly\">",
            "id=\"add-choose-go\"",
            "id=\"add-trend_anomaly-help\"",
            "id=\"add-advanced\"",
            "id=\"add-args\"",
            "Card &lt;withdrawal&gt; amount",
            "Scans a &lt;metric&gt;");
    // Only the analysis the form opens with has its fields on the page; others are fetched.
    assertThat(html).doesNotContain("id=\"add-drill_down\"", "id=\"add-drill_down-grain\"");
    assertThat(html).contains("value=\"card_withdrawal_amount\" selected=\"selected\"");
  }

  @Test
  void awaitingApprovalShowsTheControlsAndEscapesPeoplesText() {
    String html = render("jobs/job", vars(page(JobState.AWAITING_APPROVAL, false), false));

    assertThat(html)
        .contains(
            "id=\"approve\"",
            "id=\"step-0-args\"",
            "id=\"step-0-save\"",
            "id=\"step-0-remove\"",
            "id=\"step-1-up\"",
            "id=\"step-0-exclude\"",
            "id=\"add\"",
            "id=\"cancel\"");
    assertThat(html).doesNotContain("<script>window.__xss", "<b>unusual</b>", "<script>x</script>");
    assertThat(html).contains("&lt;script&gt;window.__xss=1&lt;/script&gt; How many accounts?");
    assertThat(html)
        .contains("data-key=\"plan-key\"", "data-key=\"live-key\"", "data-last-event-id=\"7\"");
    assertThat(html).contains("step 1: grain = quarter");
    // Step 1's arguments were changed after the planner wrote its why; step 2's were not.
    assertThat(html).containsOnlyOnce("Why, as planned before people changed its arguments:");
    assertThat(html.indexOf("as planned before people changed"))
        .isLessThan(html.indexOf("explain it"))
        .isGreaterThan(html.indexOf("id=\"step-0\""));
    // History links are for operators only.
    assertThat(html).doesNotContain("/history");
    // The exclusion form offers the coded columns by their labels.
    assertThat(html).contains("<option value=\"trans.operation\">Mode</option>");
  }

  @Test
  void executingOffersRetryOfAFailedStepAndOperatorsGetHistoryLinks() {
    String html = render("jobs/job", vars(page(JobState.EXECUTING, false), true));

    assertThat(html).doesNotContain("id=\"approve\"");
    assertThat(html)
        .contains(
            "id=\"timeline-1-retry\"",
            "/jobs/job-1/history?workflow=job-1:1:drill_down",
            "id=\"history-link\"");
  }

  @Test
  void completedShowsTheReportLinkAndNoControls() {
    String html = render("jobs/job", vars(page(JobState.COMPLETED, true), false));

    assertThat(html)
        .contains(
            "id=\"report-link\"",
            "/jobs/job-1/report",
            "data-terminal=\"true\"",
            "3 files in /srv/reports",
            "bbbbbbbbbbbb",
            "= frozen body");
    assertThat(html).doesNotContain("id=\"approve\"", "id=\"cancel\"", "id=\"add\"", "-save\"");
    // A step that can no longer change says its arguments in words; the JSON is one click away.
    assertThat(html)
        .contains(
            "id=\"step-0-args-words\"", "<dt>Metric</dt><dd>Withdrawals</dd>", "<dd>1997</dd>")
        .contains("<summary>Arguments as JSON</summary>");
  }

  @Test
  void aPendingClarificationIsAForm() {
    JobPage base = page(JobState.CLARIFICATION_REQUIRED, false);
    Clarification question =
        new Clarification(
            "c1",
            "metric",
            "Which <i>amount</i>?",
            List.of(
                new Clarification.Option("withdrawals", "Withdrawals"),
                new Clarification.Option("deposits", "Deposits")));
    JobPage page =
        new JobPage(
            base.job(),
            base.progress(),
            base.state(),
            List.of(),
            List.of(),
            "",
            List.of(),
            question,
            List.of(),
            List.of(),
            List.of(),
            null,
            List.of(),
            0,
            List.of(),
            List.of(),
            "l",
            "p",
            List.of(
                "The model could not be reached (<refused>); the question was read without it."),
            "",
            null);

    String html = render("jobs/job", vars(page, false));

    assertThat(html)
        .contains(
            "id=\"job-notices\"",
            "The model could not be reached (&lt;refused&gt;)",
            "id=\"clarification-form\"",
            "value=\"c1\"",
            "id=\"option-1\"",
            "Which &lt;i&gt;amount&lt;/i&gt;?");
  }
}
