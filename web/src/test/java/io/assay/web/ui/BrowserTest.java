package io.assay.web.ui;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.assay.contract.job.ApprovalMode;
import io.assay.contract.job.JobState;
import io.assay.web.jobs.JobSubmission;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;

/**
 * People using Assay in a real browser (headless Chromium) against the running application. Each
 * test saves a screenshot of the page it checks under target/screenshots.
 */
class BrowserTest extends WebAppTest {
  static final String COUNT_QUESTION = "How many accounts were opened in 1997?";
  static final String TREND_QUESTION =
      "Check the monthly cash withdrawal amount in 1997 and drill down if anything is unusual";
  static final Duration PLAN = Duration.ofSeconds(60);
  static final Duration RUN = Duration.ofSeconds(120);
  static final String READER_ZONE = "Asia/Kolkata";

  private final ObjectMapper json = new ObjectMapper();

  private static String state(Browser b) {
    return b.attribute("state", "data-state");
  }

  /** Marks the page; the mark survives only as long as the page is not reloaded. */
  private static void mark(Browser b) {
    b.js("window.__assayMark = 'no reload';");
  }

  private static void assertNotReloaded(Browser b) {
    assertThat(b.js("return window.__assayMark;"))
        .as("the page was not reloaded")
        .isEqualTo("no reload");
  }

  private static String reportFrameText(Browser b) {
    WebDriver driver = b.driver();
    driver.switchTo().frame(b.await("report-frame", Duration.ofSeconds(10)));
    try {
      return b.waitFor(
          d -> {
            String text = d.findElement(By.tagName("body")).getText();
            return text.isBlank() ? null : text;
          },
          Duration.ofSeconds(10));
    } finally {
      driver.switchTo().defaultContent();
    }
  }

  @Test
  void anAnalystSubmitsApprovesWatchesProgressLiveAndOpensTheReport() {
    try (Browser b = Browser.open(base())) {
      b.signIn(ALICE).go("/jobs/new");
      b.find("question").sendKeys(COUNT_QUESTION);
      b.click("submit");

      b.waitFor(d -> d.getCurrentUrl().matches(".*/jobs/job-[^/]+$"), Duration.ofSeconds(10));
      mark(b);
      // The plan arrives by server-sent events: the approve button appears without a reload.
      b.await("approve", PLAN);
      assertNotReloaded(b);
      assertThat(state(b)).isEqualTo("AWAITING_APPROVAL");
      assertThat(b.driver().findElements(By.cssSelector("#plan .plan-step"))).isNotEmpty();

      b.click("approve");
      b.waitFor(d -> "COMPLETED".equals(state(b)) || "FAILED".equals(state(b)), RUN);
      assertNotReloaded(b);
      assertThat(state(b)).as(b.text("live")).isEqualTo("COMPLETED");
      assertThat(b.text("approved-by")).isEqualTo("Approved by alice");
      assertThat(b.driver().findElements(By.cssSelector("#timeline li[data-status=DONE]")))
          .isNotEmpty();
      assertThat(b.driver().findElements(By.cssSelector("#events li")).size()).isGreaterThan(5);
      assertThat(b.text("events")).contains("plan_approved", "step_finished");
      b.screenshot("analyst-job-completed");

      b.click("report-link");
      b.await("report-frame", Duration.ofSeconds(10));
      assertThat(b.text("question")).isEqualTo(COUNT_QUESTION);
      assertThat(b.attribute("download-md", "href")).endsWith("/report.md");
      assertThat(b.attribute("download-html", "href")).endsWith("/report.html");
      assertThat(b.attribute("report-frame", "sandbox")).isEqualTo("allow-same-origin");
      assertThat(reportFrameText(b)).contains("accounts");
      // Table headings in the dataset's words: the metric by its name, never account_count or a
      // raw table.column; and the full result offered as CSV.
      assertThat(reportFrameHeadings(b))
          .contains("Account count")
          .noneMatch(h -> h.contains("_") || h.matches("[a-z0-9]+\\.[a-z0-9]+"));
      assertThat(b.text("full-results")).contains("step 1");
      // The frame is as tall as the report: no scroll inside the page's scroll.
      long frameHeight =
          (Long) b.js("return document.getElementById('report-frame').clientHeight;");
      long contentHeight =
          (Long)
              b.js(
                  "return document.getElementById('report-frame')"
                      + ".contentDocument.documentElement.scrollHeight;");
      assertThat(frameHeight).isGreaterThanOrEqualTo(contentHeight);
      b.screenshot("analyst-report");
    }
  }

  @Test
  void anOperatorEditsAPlanStepBeforeApprovalAndSeesTheEditInTheReport() throws Exception {
    try (Browser b = Browser.open(base())) {
      // A reader five and a half hours from UTC: a local time cannot pass for the UTC one.
      b.timeZone(READER_ZONE);
      b.signIn(OLGA).go("/jobs/new");
      b.find("question").sendKeys(TREND_QUESTION);
      b.click("submit");
      b.await("approve", PLAN);
      mark(b);

      WebElement step = b.driver().findElement(By.cssSelector("#plan li.plan-step"));
      WebElement analysis = step.findElement(By.cssSelector(".analysis"));
      assertThat(analysis.getAttribute("data-analysis")).isEqualTo("trend_anomaly");
      // The step reads in words, from its arguments: "Trend anomaly: monthly cash withdrawal …".
      assertThat(analysis.getText()).startsWith("Trend anomaly: monthly");
      String argsId = "step-0-args";
      // The raw JSON is behind the "advanced" toggle; the generated form comes first.
      assertThat(b.find("step-0-form").isDisplayed()).isTrue();
      assertThat(b.find(argsId).isDisplayed()).isFalse();
      b.click("step-0-advanced");
      ObjectNode args = (ObjectNode) json.readTree(b.attribute(argsId, "value"));

      // A value the analysis does not accept is refused next to the step, and nothing changes.
      ObjectNode bad = args.deepCopy();
      bad.put("grain", "fortnight");
      replace(b, argsId, bad.toPrettyString());
      b.click("step-0-save");
      WebElement error = b.await("step-0-error", Duration.ofSeconds(20));
      // The refusal names the step's analysis and the argument in words, not by their ids.
      assertThat(error.getText()).contains("grain should be one of", "not fortnight");
      PeoplesWords.assertInWords(error.getText());
      assertThat(b.driver().findElements(By.id("edits"))).isEmpty();
      assertThat(b.attribute(argsId, "value")).contains("fortnight");
      b.scrollTo("step-0");
      b.screenshot("operator-edit-rejected");

      // Drops count twice as much as rises when scoring the months: a business judgement, made
      // through the form generated from the analysis's argument schema.
      WebElement weight = b.find("step-0-drop_weight");
      weight.clear();
      weight.sendKeys("2");
      b.click("step-0-form-save");
      b.await("edits", Duration.ofSeconds(20));
      assertThat(b.text("edits")).contains("drop weight set to 2.0").contains(OLGA);
      assertThat(json.readTree(b.attribute(argsId, "value")).get("drop_weight").asDouble())
          .isEqualTo(2.0);
      assertNotReloaded(b);
      b.scrollTo("edits");
      b.screenshot("operator-plan-edited");

      b.click("approve");
      b.waitFor(d -> state(b).equals("COMPLETED") || state(b).equals("FAILED"), RUN);
      assertThat(state(b)).as(b.text("live")).isEqualTo("COMPLETED");
      assertNotReloaded(b);
      // The trend step's finding arrived live, with its chart drawn on the page.
      assertThat(b.driver().findElements(By.cssSelector("#findings svg.plot polyline.actual")))
          .isNotEmpty();
      b.scrollTo("findings");
      b.screenshot("operator-job-findings");

      b.click("report-link");
      String report = reportFrameText(b);
      // The edit in words, in the report as on the page.
      assertThat(report).contains("drop weight set to 2.0").contains(OLGA);
      assertThat(b.attribute("report-markdown", "textContent"))
          .contains("Plan edits by people")
          .contains("drop weight set to 2.0");
      // The edit's time in the reader's zone, with the zone named, as everywhere else on the
      // page; the download keeps UTC and says so.
      String[] edited = reportFrameEditTime(b);
      java.time.ZonedDateTime local =
          java.time.Instant.parse(edited[0]).atZone(java.time.ZoneId.of(READER_ZONE));
      assertThat(edited[1])
          .contains(String.format(":%02d:%02d", local.getMinute(), local.getSecond()))
          .containsAnyOf("GMT+5:30", "IST")
          .doesNotContain("UTC");
      assertThat(b.attribute("report-markdown", "textContent")).contains(" UTC");
      b.screenshot("operator-report-with-edit");
    }
  }

  /** The instant of the report's first plan edit and the text the reader sees for it. */
  private static String[] reportFrameEditTime(Browser b) {
    WebDriver driver = b.driver();
    driver.switchTo().frame(b.await("report-frame", Duration.ofSeconds(10)));
    try {
      WebElement time =
          b.waitFor(
              d ->
                  d.findElements(By.cssSelector("dl.context dd time[datetime*='T']")).stream()
                      .filter(t -> !t.getText().contains("UTC"))
                      .findFirst()
                      .orElse(null),
              Duration.ofSeconds(10));
      return new String[] {time.getAttribute("datetime"), time.getText()};
    } finally {
      driver.switchTo().defaultContent();
    }
  }

  private static List<String> reportFrameHeadings(Browser b) {
    WebDriver driver = b.driver();
    driver.switchTo().frame(b.await("report-frame", Duration.ofSeconds(10)));
    try {
      return driver.findElements(By.cssSelector("th")).stream().map(WebElement::getText).toList();
    } finally {
      driver.switchTo().defaultContent();
    }
  }

  /** Replaces a text area's content the way a person would: select all, type. */
  private static void replace(Browser b, String id, String text) {
    WebElement area = b.find(id);
    b.js("arguments[0].value = '';", area);
    area.sendKeys(text);
  }

  @Test
  void anOperatorOpensTheHistoryAndSeesTheActivityAttempts() throws Exception {
    String id =
        jobs.submit(
            new JobSubmission(
                COUNT_QUESTION, "financial", ApprovalMode.AUTO, 300L, List.of(), null),
            ALICE);
    awaitJob(id, JobState::terminal, RUN);

    try (Browser b = Browser.open(base())) {
      b.signIn(OLGA).go("/jobs/" + id);
      b.click("timeline-0-history");

      b.await("runs", Duration.ofSeconds(10));
      List<WebElement> rows = b.driver().findElements(By.cssSelector("table.history tbody.event"));
      assertThat(rows).isNotEmpty();
      List<String> attempts =
          b.driver().findElements(By.cssSelector("table.history td.attempt")).stream()
              .map(WebElement::getText)
              .filter(t -> !t.isBlank())
              .toList();
      assertThat(attempts)
          .as("attempt numbers of activity events")
          .isNotEmpty()
          .allMatch(t -> t.matches("\\d+"));
      List<String> activities =
          b.driver().findElements(By.cssSelector("table.history td.activity-type")).stream()
              .map(WebElement::getText)
              .filter(t -> !t.isBlank())
              .distinct()
              .toList();
      assertThat(activities).isNotEmpty();
      assertThat(b.attribute("workflow", "value"))
          .isEqualTo(id + ":0:" + jobs.progress(id).orElseThrow().steps().get(0).analysis());
      b.screenshot("operator-step-history");

      // The whole job, narrowed to activity events.
      b.go("/jobs/" + id + "/history");
      b.find("category-ACTIVITY").click();
      b.find("apply-filter").click();
      b.waitFor(d -> d.getCurrentUrl().contains("category=ACTIVITY"), Duration.ofSeconds(10));
      List<String> types =
          b.driver().findElements(By.cssSelector("table.history tbody.event")).stream()
              .map(r -> r.getAttribute("data-category"))
              .distinct()
              .toList();
      assertThat(types).containsExactly("ACTIVITY");
      assertThat(b.driver().findElements(By.cssSelector("div.run")).size()).isGreaterThan(1);
      b.screenshot("operator-job-history-activities");
    }
  }

  /**
   * A step that gave no answer is edited through its generated form and run again while the job's
   * later steps still run (a retry is only taken while the job executes); its history then shows
   * both runs of the step's workflow, the first without an answer.
   */
  @Test
  void aFailedStepIsEditedThenRunAgainAndTheHistoryShowsEveryRun() throws Exception {
    String id =
        jobs.submit(
            new JobSubmission(
                TREND_QUESTION, "financial", ApprovalMode.REQUIRE, 300L, List.of(), null),
            ALICE);
    awaitJob(id, s -> s == JobState.AWAITING_APPROVAL || s.terminal(), PLAN);
    io.assay.contract.plan.Plan plan = jobs.progress(id).orElseThrow().plan();
    Object metric = plan.steps().get(0).args().get("metric");
    // One yearly point in the first year of the data: nothing to scan it against, no answer.
    jobs.edit(
        id,
        OLGA,
        new io.assay.contract.plan.PlanEdit.SetArgs(
            0,
            java.util.Map.of(
                "time", java.util.Map.of("kind", "year", "year", 1993), "grain", "year")));
    for (int i = plan.steps().size() - 1; i > 0; i--) {
      jobs.edit(id, OLGA, new io.assay.contract.plan.PlanEdit.RemoveStep(i));
    }
    // Later steps that take a while: the job executes while the person edits and retries.
    List<String> dimensions =
        List.of("district.a3", "district.a2", "trans.type", "trans.k_symbol", "trans.bank");
    List<Integer> years = List.of(1994, 1995, 1996, 1998);
    for (int i = 1; i <= years.size(); i++) {
      jobs.edit(
          id,
          OLGA,
          new io.assay.contract.plan.PlanEdit.AddStep(
              i,
              "drill_down",
              java.util.Map.of(
                  "metric",
                  metric,
                  "dimensions",
                  dimensions,
                  "time",
                  java.util.Map.of("kind", "year", "year", years.get(i - 1))),
              "what moved in " + years.get(i - 1)));
    }
    jobs.approve(id, OLGA);

    try (Browser b = Browser.open(base())) {
      b.signIn(OLGA).go("/jobs/" + id);
      b.await("timeline-0-retry", RUN);
      assertThat(b.attribute("timeline-0", "data-status")).isIn("FAILED", "EMPTY");

      // The step's form: a later window by month, with history before it; then run it again.
      // The plan part is swapped in live while later steps run; it stops once a field is typed
      // into, so a swap between finding the field and typing is simply tried again (a field
      // swapped in may not be shown yet: not interactable for a moment).
      b.waitFor(
          d -> {
            try {
              WebElement year = d.findElement(By.id("step-0-time-year"));
              year.clear();
              year.sendKeys("1997");
              return "1997".equals(d.findElement(By.id("step-0-time-year")).getAttribute("value"));
            } catch (org.openqa.selenium.StaleElementReferenceException
                | org.openqa.selenium.ElementNotInteractableException e) {
              // swapped out, or swapped in and not yet shown: try again
              return false;
            }
          },
          Duration.ofSeconds(10));
      new org.openqa.selenium.support.ui.Select(b.find("step-0-grain")).selectByValue("month");
      b.click("step-0-form-save");
      // The step's title is written from its current arguments: it follows the edit.
      b.waitFor(
          d -> d.findElement(By.cssSelector("#step-0 .analysis")).getText().contains("1997"),
          Duration.ofSeconds(30));
      assertThat(b.text("edits")).contains("1997");
      b.scrollTo("step-0");
      b.screenshot("run-again-edited");
      b.await("timeline-0-retry", Duration.ofSeconds(10));
      b.click("timeline-0-retry");
      b.waitFor(d -> state(b).equals("COMPLETED") || state(b).equals("FAILED"), RUN);
      assertThat(b.attribute("timeline-0", "data-status")).isEqualTo("DONE");
      b.scrollTo("timeline");
      b.screenshot("run-again-done");

      String step = jobs.progress(id).orElseThrow().steps().get(0).workflowId();
      b.go("/jobs/" + id + "/history?workflow=" + step);
      b.await("runs", Duration.ofSeconds(10));
      List<String> statuses =
          b.driver().findElements(By.cssSelector("div.run h2 .status")).stream()
              .map(WebElement::getText)
              .toList();
      assertThat(statuses).as("both runs of the step, the first one first").hasSize(2);
      assertThat(statuses.get(0)).startsWith("Completed · step ");
      assertThat(statuses.get(1)).isEqualTo("Completed");
      b.screenshot("run-again-history");
    } finally {
      if (!jobs.find(id).orElseThrow().state().terminal()) {
        jobs.cancel(id, OLGA, "test over");
      }
    }
  }

  @Test
  void anAnalystGets403OnAnotherAnalystsJob() {
    String id =
        jobs.submit(
            new JobSubmission(
                COUNT_QUESTION, "financial", ApprovalMode.REQUIRE, 300L, List.of(), null),
            ALICE);

    try (Browser b = Browser.open(base())) {
      b.signIn(BOB).go("/jobs/" + id);

      assertThat(b.text("error-status")).isEqualTo("403");
      assertThat(b.text("error-message")).isEqualTo("This job belongs to someone else.");
      assertThat(b.driver().getPageSource()).doesNotContain(COUNT_QUESTION);
      b.screenshot("analyst-403-other-analysts-job");
    } finally {
      jobs.cancel(id, ALICE, "test done");
    }
  }
}
