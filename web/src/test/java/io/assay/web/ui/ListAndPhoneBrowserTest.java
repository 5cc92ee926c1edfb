package io.assay.web.ui;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.contract.job.ApprovalMode;
import io.assay.contract.job.JobRequest;
import io.assay.contract.job.JobState;
import io.assay.store.JobStore;
import io.assay.web.jobs.JobSubmission;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.Keys;
import org.springframework.beans.factory.annotation.Autowired;

/** The jobs list searched with two words, and the pages on a 390 px wide phone screen. */
class ListAndPhoneBrowserTest extends WebAppTest {
  @Autowired JobStore store;

  private String seed(String question) {
    String id = "job-b-" + UUID.randomUUID().toString().substring(0, 8);
    store.create(
        new JobRequest(
            id, question, "financial", ALICE, ApprovalMode.REQUIRE, 300, List.of(), null),
        "{}");
    return id;
  }

  @Test
  void twoWordsFindTheQuestionsWithBothInAnyOrder() {
    String tag = "w" + UUID.randomUUID().toString().substring(0, 6);
    String both = seed("Card withdrawals in 1996 by district " + tag);
    String one = seed("Card issuance in 1997 " + tag);
    try (Browser b = Browser.open(base())) {
      b.signIn(ALICE).go("/jobs");
      b.find("q").sendKeys("withdrawals " + tag + Keys.ENTER);
      b.waitFor(d -> d.getCurrentUrl().contains("q="), Duration.ofSeconds(10));
      List<String> ids =
          b.driver().findElements(By.cssSelector("#jobs-table tr[data-job-id]")).stream()
              .map(e -> e.getAttribute("data-job-id"))
              .toList();
      assertThat(ids).containsExactly(both).doesNotContain(one);
      b.screenshot("jobs-search-two-words");
    }
  }

  @Test
  void pagesFitA390PixelScreen() throws Exception {
    String id = seed("How many loans were granted in 1997 in each district of the country?");
    // A plan waiting for approval: its steps carry the generated argument forms.
    String planned =
        jobs.submit(
            new JobSubmission(
                "Compare the card withdrawal amount in 1997 with 1996",
                "financial",
                ApprovalMode.REQUIRE,
                300L,
                List.of(),
                null),
            ALICE);
    awaitJob(planned, s -> s == JobState.AWAITING_APPROVAL, BrowserTest.PLAN);
    try (Browser b = Browser.open(base())) {
      b.driver().manage().window().setSize(new Dimension(390, 844));
      b.signIn(ALICE);
      for (String path :
          List.of("/jobs", "/jobs/" + id, "/jobs/" + planned, "/jobs/new", "/recon", "/monitors")) {
        b.go(path);
        long overflow =
            (Long)
                b.js(
                    "return document.documentElement.scrollWidth"
                        + " - document.documentElement.clientWidth;");
        assertThat(overflow)
            .as(path + " scrolls sideways by " + overflow + " px")
            .isLessThanOrEqualTo(0);
      }
      b.go("/jobs");
      assertThat(b.screenshot("jobs-390px")).exists();
      b.go("/jobs/" + id);
      assertThat(b.screenshot("job-390px")).exists();
    }
  }
}
