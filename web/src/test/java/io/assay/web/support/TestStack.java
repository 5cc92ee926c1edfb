package io.assay.web.support;

import io.assay.datasets.testing.TestWarehouse;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.springframework.test.context.DynamicPropertyRegistry;

/**
 * Points a {@code @SpringBootTest} at the shared test warehouse (loaded once per build), an
 * in-process Temporal service on a free port, and three known users: analysts {@code alice} and
 * {@code bob}, operator {@code olga}, each with password {@link #PASSWORD}.
 */
public final class TestStack {
  public static final String PASSWORD = "test-password";

  private TestStack() {}

  public static void register(DynamicPropertyRegistry registry) {
    TestWarehouse warehouse = TestWarehouse.get();
    registry.add("assay.db.url", warehouse::jdbcUrl);
    registry.add("assay.db.username", () -> "postgres");
    registry.add("assay.db.password", () -> "");
    registry.add("assay.temporal.embedded-port", () -> "0");
    registry.add("assay.home", TestStack::home);
    String[][] users = {{"alice", "ANALYST"}, {"bob", "ANALYST"}, {"olga", "OPERATOR"}};
    for (int i = 0; i < users.length; i++) {
      int n = i;
      registry.add("assay.security.users[" + n + "].name", () -> users[n][0]);
      registry.add("assay.security.users[" + n + "].password", () -> PASSWORD);
      registry.add("assay.security.users[" + n + "].role", () -> users[n][1]);
    }
  }

  private static String home() {
    try {
      return Files.createTempDirectory("assay-home").toString();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
