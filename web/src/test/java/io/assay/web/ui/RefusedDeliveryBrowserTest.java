package io.assay.web.ui;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.assay.contract.job.ApprovalMode;
import io.assay.contract.job.JobState;
import io.assay.web.jobs.JobSubmission;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * A webhook that refuses the first delivery for real (HTTP 503 from a server on this machine, which
 * the operator allowed as a delivery target) and takes the second. Temporal retries the delivery
 * activity and the job completes; the job's history shows both attempts, the first with its
 * failure.
 */
class RefusedDeliveryBrowserTest extends WebAppTest {
  private static final String QUESTION = "How many accounts were opened in 1996?";
  private static HttpServer hook;
  private static final AtomicInteger calls = new AtomicInteger();

  @DynamicPropertySource
  static void allowLoopback(DynamicPropertyRegistry registry) {
    registry.add("assay.delivery.allow", () -> "127.0.0.1/32");
  }

  @BeforeAll
  static void refusingOnce() throws Exception {
    hook = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    hook.createContext(
        "/hook",
        exchange -> {
          exchange.getRequestBody().readAllBytes();
          boolean first = calls.incrementAndGet() == 1;
          byte[] body = (first ? "busy, try again" : "ok").getBytes(StandardCharsets.UTF_8);
          exchange.sendResponseHeaders(first ? 503 : 200, body.length);
          exchange.getResponseBody().write(body);
          exchange.close();
        });
    hook.start();
  }

  @AfterAll
  static void stop() {
    if (hook != null) {
      hook.stop(0);
    }
  }

  @Test
  void theHistoryShowsTheRefusedDeliveryAndItsRetry() throws Exception {
    String target = "webhook:http://127.0.0.1:" + hook.getAddress().getPort() + "/hook";
    String id =
        jobs.submit(
            new JobSubmission(
                QUESTION, "financial", ApprovalMode.AUTO, 300L, List.of(target), null),
            ALICE);
    awaitJob(id, JobState::terminal, BrowserTest.RUN);
    assertThat(jobs.find(id).orElseThrow().state()).isEqualTo(JobState.COMPLETED);
    assertThat(calls.get()).as("deliveries the webhook received").isEqualTo(2);

    try (Browser b = Browser.open(base())) {
      b.signIn(OLGA).go("/jobs/" + id + "/history");
      b.await("runs", Duration.ofSeconds(10));
      List<WebElement> failed =
          b.driver().findElements(By.cssSelector("tbody.event[data-type='ActivityAttemptFailed']"));
      assertThat(failed).as("the refused delivery").hasSize(1);
      assertThat(failed.get(0).getText()).contains("503");
      String activity = failed.get(0).findElement(By.cssSelector("td.activity-type")).getText();
      // That activity's rows in order: attempt 1 failed, attempt 2 started and completed.
      List<String> attempts = new ArrayList<>();
      for (WebElement r : b.driver().findElements(By.cssSelector("table.history tbody.event"))) {
        if (activity.equals(r.findElement(By.cssSelector("td.activity-type")).getText())
            && !"ActivityTaskScheduled".equals(r.getAttribute("data-type"))) {
          attempts.add(r.findElement(By.cssSelector("td.attempt")).getText());
        }
      }
      assertThat(attempts).as("attempt numbers of " + activity).containsExactly("1", "2", "2");
      b.scrollTo("runs");
      b.screenshot("history-refused-delivery");
    }
  }
}
