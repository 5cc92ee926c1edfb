package io.assay.web.database;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.datasets.testing.TestWarehouse;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/** Processes sharing a database take turns at start-up; a released turn passes to the next. */
class StartupLockTest {

  @Test
  void aSecondBootstrapWaitsUntilTheFirstReleasesTheLock() throws Exception {
    DataSource admin = TestWarehouse.get().adminDataSource();
    CompletableFuture<Void> second;
    try (StartupLock first = StartupLock.acquire(admin)) {
      second =
          CompletableFuture.runAsync(
              () -> {
                try (StartupLock next = StartupLock.acquire(admin)) {
                  // holds the turn briefly, as a bootstrap would
                }
              });
      try {
        second.get(1500, TimeUnit.MILLISECONDS);
        throw new AssertionError("the second start-up did not wait for the first");
      } catch (TimeoutException expected) {
        assertThat(second).isNotDone();
      }
    }
    second.get(30, TimeUnit.SECONDS);
    // Released by both: a third takes it at once.
    try (StartupLock third = StartupLock.acquire(admin)) {
      assertThat(third).isNotNull();
    }
  }
}
