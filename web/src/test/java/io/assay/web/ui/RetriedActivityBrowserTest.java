package io.assay.web.ui;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.contract.job.ApprovalMode;
import io.assay.contract.job.JobState;
import io.assay.datasets.testing.TestWarehouse;
import io.assay.store.JobStore;
import io.assay.web.history.FailedAttempt;
import io.assay.web.jobs.JobSubmission;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * A step's analysis fails on its first attempt for a real, passing reason: the warehouse's
 * read-only role loses its SELECT on the table the query reads, and gets it back once the failure
 * is recorded. Temporal retries the activity, the step ends DONE, and the step's history shows
 * every attempt: the failed ones the worker recorded, then the one Temporal kept.
 */
class RetriedActivityBrowserTest extends WebAppTest {
  private static final String QUESTION = "How many accounts were opened in 1996?";
  private static final String TABLE = "financial.account";

  @Autowired JobStore store;

  @Test
  void anOperatorSeesEveryAttemptOfARetriedActivityInTheHistory() throws Exception {
    String id =
        jobs.submit(
            new JobSubmission(QUESTION, "financial", ApprovalMode.REQUIRE, 300L, List.of(), null),
            ALICE);
    awaitJob(id, s -> s == JobState.AWAITING_APPROVAL, BrowserTest.PLAN);
    String reader = TestWarehouse.get().readerUsername();
    try {
      grant(false, reader);
      jobs.approve(id, OLGA);
      awaitFailedAttempt(id, Duration.ofSeconds(60));
    } finally {
      grant(true, reader);
    }
    awaitJob(id, JobState::terminal, BrowserTest.RUN);
    assertThat(jobs.find(id).orElseThrow().state()).isEqualTo(JobState.COMPLETED);

    String step = jobs.progress(id).orElseThrow().steps().get(0).workflowId();
    try (Browser b = Browser.open(base())) {
      b.signIn(OLGA).go("/jobs/" + id + "/history?workflow=" + step);
      b.await("runs", Duration.ofSeconds(10));
      List<WebElement> failed =
          b.driver().findElements(By.cssSelector("tbody.event[data-type='ActivityAttemptFailed']"));
      assertThat(failed).as("the attempts that failed before the last").isNotEmpty();
      String activity = failed.get(0).findElement(By.cssSelector("td.activity-type")).getText();
      assertThat(failed.get(0).getText()).contains("permission denied");

      // That activity's rows, in order: its failed attempts 1..n-1, then attempt n started and
      // completed.
      List<String> attempts =
          b.driver().findElements(By.cssSelector("table.history tbody.event")).stream()
              .filter(
                  r -> activity.equals(r.findElement(By.cssSelector("td.activity-type")).getText()))
              .filter(r -> !"ActivityTaskScheduled".equals(r.getAttribute("data-type")))
              .map(r -> r.findElement(By.cssSelector("td.attempt")).getText())
              .toList();
      int last = failed.size() + 1;
      List<String> expected = new java.util.ArrayList<>();
      for (int i = 1; i < last; i++) {
        expected.add(String.valueOf(i));
      }
      expected.add(String.valueOf(last));
      expected.add(String.valueOf(last));
      assertThat(attempts).as("attempt numbers of " + activity).isEqualTo(expected);
      // Each failed attempt and the completed one say how long they took, and every failed one
      // says why.
      List<WebElement> ended =
          b.driver().findElements(By.cssSelector("table.history tbody.event")).stream()
              .filter(
                  r -> activity.equals(r.findElement(By.cssSelector("td.activity-type")).getText()))
              .filter(
                  r ->
                      List.of("ActivityAttemptFailed", "ActivityTaskCompleted")
                          .contains(r.getAttribute("data-type")))
              .toList();
      assertThat(ended).hasSize(last);
      for (WebElement r : ended) {
        assertThat(r.findElement(By.cssSelector("td.took")).getText())
            .as("how long attempt %s took", r.findElement(By.cssSelector("td.attempt")).getText())
            .isNotBlank();
      }
      assertThat(failed).allSatisfy(r -> assertThat(r.getText()).contains("permission denied"));
      b.scrollTo("runs");
      b.screenshot("history-retried-activity");
    }
  }

  private void awaitFailedAttempt(String id, Duration timeout) throws InterruptedException {
    Instant deadline = Instant.now().plus(timeout);
    while (store.eventsOfType(id, FailedAttempt.EVENT).isEmpty()) {
      assertThat(Instant.now()).as("a failed attempt recorded for " + id).isBefore(deadline);
      assertThat(jobs.find(id).orElseThrow().state().terminal()).isFalse();
      Thread.sleep(50);
    }
  }

  private static void grant(boolean give, String reader) throws SQLException {
    try (Connection c = TestWarehouse.get().adminDataSource().getConnection();
        Statement s = c.createStatement()) {
      s.execute(
          give
              ? "GRANT SELECT ON " + TABLE + " TO " + reader
              : "REVOKE SELECT ON " + TABLE + " FROM " + reader);
    }
  }
}
