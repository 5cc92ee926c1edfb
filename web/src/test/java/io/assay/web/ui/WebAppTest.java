package io.assay.web.ui;

import io.assay.contract.job.JobState;
import io.assay.datasets.testing.TestWarehouse;
import io.assay.store.JobRecord;
import io.assay.web.jobs.JobService;
import io.assay.web.support.TestStack;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.time.Duration;
import java.time.Instant;
import java.util.function.Predicate;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The whole application on a random port, on the shared test warehouse and an in-process Temporal
 * service. Every web test class extends this one, so they share one application context.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
public abstract class WebAppTest {
  public static final String ALICE = "alice";
  public static final String BOB = "bob";
  public static final String OLGA = "olga";

  @LocalServerPort protected int port;
  @Autowired protected JobService jobs;

  @DynamicPropertySource
  static void stack(DynamicPropertyRegistry registry) {
    TestStack.register(registry);
    // What TestStack does not set (yet): the warehouse's own credentials, and a Temporal
    // port that is actually free (the in-process service cannot bind port 0 and report it).
    TestWarehouse warehouse = TestWarehouse.get();
    registry.add("assay.db.username", warehouse::adminUsername);
    registry.add("assay.db.password", warehouse::adminPassword);
    registry.add("assay.db.reader-username", warehouse::readerUsername);
    registry.add("assay.db.reader-password", warehouse::readerPassword);
    int temporalPort = freePort();
    registry.add("assay.temporal.embedded-port", () -> temporalPort);
    // Tests watch jobs go by; a quicker tick makes them wait less.
    registry.add("assay.ui.stream-interval", () -> "200ms");
  }

  private static int freePort() {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  protected String base() {
    return "http://localhost:" + port;
  }

  protected Http as(String user) {
    return Http.signedIn(base(), user, TestStack.PASSWORD);
  }

  /** Waits until the job's stored state satisfies {@code done}; fails with the job's last state. */
  protected JobRecord awaitJob(String id, Predicate<JobState> done, Duration timeout)
      throws InterruptedException {
    Instant deadline = Instant.now().plus(timeout);
    JobRecord job = jobs.find(id).orElseThrow();
    while (!done.test(job.state())) {
      if (Instant.now().isAfter(deadline)) {
        throw new AssertionError(
            "job "
                + id
                + " is still "
                + job.state()
                + " after "
                + timeout
                + "; last error: "
                + job.lastError());
      }
      Thread.sleep(100);
      job = jobs.find(id).orElseThrow();
    }
    return job;
  }
}
