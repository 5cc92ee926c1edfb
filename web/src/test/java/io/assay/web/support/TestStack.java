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
    properties(home()).forEach((name, value) -> registry.add(name, () -> value));
  }

  /** The same settings as command-line arguments, for tests that start the application twice. */
  public static String[] args(String home) {
    return properties(home).entrySet().stream()
        .map(e -> "--" + e.getKey() + "=" + e.getValue())
        .toArray(String[]::new);
  }

  /**
   * Only the three users as command-line arguments, for processes that bring a database of their
   * own (the shared test warehouse is not loaded for them).
   */
  public static java.util.List<String> userArgs() {
    return users().entrySet().stream().map(e -> "--" + e.getKey() + "=" + e.getValue()).toList();
  }

  private static java.util.Map<String, String> users() {
    java.util.Map<String, String> p = new java.util.LinkedHashMap<>();
    String[][] users = {{"alice", "ANALYST"}, {"bob", "ANALYST"}, {"olga", "OPERATOR"}};
    for (int i = 0; i < users.length; i++) {
      p.put("assay.security.users[" + i + "].name", users[i][0]);
      p.put("assay.security.users[" + i + "].password", PASSWORD);
      p.put("assay.security.users[" + i + "].role", users[i][1]);
    }
    return p;
  }

  private static java.util.Map<String, String> properties(String home) {
    TestWarehouse warehouse = TestWarehouse.get();
    java.util.Map<String, String> p = new java.util.LinkedHashMap<>();
    p.put("assay.db.url", warehouse.jdbcUrl());
    p.put("assay.db.username", warehouse.adminUsername());
    p.put("assay.db.password", warehouse.adminPassword());
    p.put("assay.db.reader-password", warehouse.readerPassword());
    p.put("assay.temporal.embedded", "in-process");
    p.put("assay.temporal.embedded-port", "0");
    p.put("assay.home", home);
    // The real data files of the shared folder, as the warehouse was loaded from them: an Assay
    // without them loads synthetic tables into the same warehouse, and every later test (the
    // monitor benchmark on injected data among them) then runs on generated rows.
    Path financial = TestWarehouse.financialDirectory();
    p.put(
        "assay.datasets.source.financial.dir",
        Files.isDirectory(financial) ? financial.toString() : "");
    Path pagila = TestWarehouse.sharedDirectory().resolve("datasets/pagila");
    p.put("assay.datasets.source.pagila.dir", Files.isDirectory(pagila) ? pagila.toString() : "");
    p.putAll(users());
    return p;
  }

  public static String home() {
    try {
      return Files.createTempDirectory("assay-home").toString();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
