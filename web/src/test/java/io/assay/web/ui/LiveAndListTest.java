package io.assay.web.ui;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.contract.job.ApprovalMode;
import io.assay.contract.job.JobRequest;
import io.assay.contract.job.JobState;
import io.assay.store.JobStore;
import io.assay.web.support.TestStack;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;

/** The live stream as an API client sees it, and the jobs list's filter, search and paging. */
class LiveAndListTest extends WebAppTest {
  @Autowired JobStore store;

  @Test
  void anApiClientFollowsAJobToItsEndOverServerSentEvents() {
    Http api = Http.basic(base(), ALICE, TestStack.PASSWORD);
    Http.Response created =
        api.postJson(
            "/api/jobs",
            "{\"question\": \"How many clients are there?\", \"approvalMode\": \"AUTO\"}");
    assertThat(created.status()).isEqualTo(201);
    String id = created.header("Location").substring("/api/jobs/".length());

    List<String> lines =
        api.stream("/api/jobs/" + id + "/stream", "event:end"::equals, Duration.ofSeconds(90));

    assertThat(lines).contains("event:job-event", "event:progress", "event:end");
    assertThat(lines).anyMatch(l -> l.startsWith("id:"));
    assertThat(lines).anyMatch(l -> l.startsWith("data:") && l.contains("\"type\":\"plan_ready\""));
    assertThat(lines).anyMatch(l -> l.startsWith("data:") && l.contains("\"state\":\"COMPLETED\""));
    assertThat(jobs.find(id).orElseThrow().state()).isEqualTo(JobState.COMPLETED);

    // The finished job's report: both downloads, and the frame the report page shows, sandboxed.
    Http alice = as(ALICE);
    Http.Response markdown = alice.get("/jobs/" + id + "/report.md");
    assertThat(markdown.status()).isEqualTo(200);
    assertThat(markdown.header("Content-Type")).startsWith("text/markdown");
    assertThat(markdown.header("Content-Disposition"))
        .startsWith("attachment")
        .contains("assay-" + id + ".md");
    assertThat(markdown.body()).contains("How many clients are there?");
    Http.Response html = alice.get("/jobs/" + id + "/report.html");
    assertThat(html.header("Content-Disposition")).startsWith("attachment").contains(".html");
    Http.Response frame = alice.get("/jobs/" + id + "/report/frame");
    assertThat(frame.header("Content-Security-Policy"))
        .startsWith("sandbox")
        .contains("default-src 'none'");
    assertThat(frame.body()).isEqualTo(html.body()).doesNotContain("<script");

    // A reconnecting client names the last event it saw and gets only what came after.
    long lastId =
        lines.stream()
            .filter(l -> l.startsWith("id:"))
            .mapToLong(l -> Long.parseLong(l.substring(3)))
            .max()
            .orElseThrow();
    List<String> resumed =
        api.stream(
            "/api/jobs/" + id + "/stream?after=" + lastId,
            "event:end"::equals,
            Duration.ofSeconds(30));
    assertThat(resumed).doesNotContain("event:job-event").contains("event:end");
  }

  @Test
  void theListFiltersSearchesAndPages() {
    // Listing reads the job table only, so rows recorded without a workflow are enough here.
    String tag = "tag" + UUID.randomUUID().toString().substring(0, 8);
    for (int i = 0; i < 25; i++) {
      store.create(
          new JobRequest(
              "job-list-" + tag + "-" + i,
              "How many loans in district " + i + "? " + tag,
              "financial",
              BOB,
              ApprovalMode.REQUIRE,
              300,
              List.of(),
              null),
          "{}");
    }
    Http bob = as(BOB);

    String first = bob.get("/jobs?q=" + tag).body();
    assertThat(count(first, "data-job-id=\"job-list-" + tag)).isEqualTo(20);
    assertThat(first)
        .contains("Page 1 of 2 (25 jobs)")
        .contains("id=\"next-page\"")
        .doesNotContain("id=\"prev-page\"");
    // Pages are numbered from 1 in the address too: page=1 is the first, page=2 the second.
    assertThat(count(bob.get("/jobs?q=" + tag + "&page=1").body(), "data-job-id=\"job-list-" + tag))
        .isEqualTo(20);
    String second = bob.get("/jobs?q=" + tag + "&page=2").body();
    assertThat(count(second, "data-job-id=\"job-list-" + tag)).isEqualTo(5);
    assertThat(second)
        .contains("Page 2 of 2 (25 jobs)")
        .contains("id=\"prev-page\"")
        .contains("page=1\" id=\"prev-page\"")
        .doesNotContain("id=\"next-page\"");
    assertThat(first).contains("page=2\" id=\"next-page\"");
    // Page 0 and numbers that would wrap show the first page.
    assertThat(bob.get("/jobs?q=" + tag + "&page=0").body()).contains("Page 1 of 2");
    assertThat(bob.get("/jobs?q=" + tag + "&page=-2147483648").body()).contains("Page 1 of 2");

    // Each word is a substring of the question: "7?" is in "7?" and in "17?".
    assertThat(count(bob.get("/jobs?q=district+7%3F+" + tag).body(), "data-job-id=\"job-list-"))
        .isEqualTo(2);
    assertThat(count(bob.get("/jobs?q=district+17%3F+" + tag).body(), "data-job-id=\"job-list-"))
        .isEqualTo(1);
    assertThat(count(bob.get("/jobs?state=RECEIVED&q=" + tag).body(), "data-job-id=\"job-list-"))
        .isEqualTo(20);
    assertThat(bob.get("/jobs?state=COMPLETED&q=" + tag).body()).contains("id=\"no-jobs\"");
    // Another analyst sees none of them; an operator sees them all, with their owner.
    assertThat(as(ALICE).get("/jobs?q=" + tag).body()).contains("id=\"no-jobs\"");
    assertThat(as(OLGA).get("/jobs?q=" + tag).body())
        .contains("Page 1 of 2 (25 jobs)")
        .contains(">bob</td>");

    // Words are matched one by one, in any order.
    assertThat(bob.get("/jobs?q=" + tag + "+DISTRICT+loans").body())
        .contains("Page 1 of 2 (25 jobs)");
    assertThat(bob.get("/jobs?q=loans+" + tag + "+mortgages").body()).contains("id=\"no-jobs\"");
    // A page past the end shows the last page.
    String past = bob.get("/jobs?q=" + tag + "&page=999").body();
    assertThat(past).contains("Page 2 of 2 (25 jobs)").doesNotContain("Page 1000");
    assertThat(count(past, "data-job-id=\"job-list-" + tag)).isEqualTo(5);
    // Oldest first puts job 0 on top; a day range after today finds nothing.
    String oldest = bob.get("/jobs?q=" + tag + "&sort=OLDEST").body();
    assertThat(oldest.indexOf("job-list-" + tag + "-0\""))
        .isLessThan(oldest.indexOf("job-list-" + tag + "-1\""));
    assertThat(bob.get("/jobs?q=" + tag + "&from=" + java.time.LocalDate.now().plusDays(2)).body())
        .contains("id=\"no-jobs\"");
    // Operators filter by owner; the duration column is there.
    assertThat(as(OLGA).get("/jobs?q=" + tag + "&owner=bo").body())
        .contains("Page 1 of 2 (25 jobs)")
        .contains("class=\"duration\"");
    assertThat(as(OLGA).get("/jobs?q=" + tag + "&owner=alice").body()).contains("id=\"no-jobs\"");
  }

  private static int count(String text, String needle) {
    int n = 0;
    for (int at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + 1)) {
      n++;
    }
    return n;
  }
}
