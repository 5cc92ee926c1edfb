package io.assay.datasets.embedded;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Where and how to run the embedded PostgreSQL server.
 *
 * @param dataDirectory persistent cluster directory; created (initdb) when empty, reused otherwise
 * @param port TCP port on localhost; 0 picks any free port
 * @param database database created on first start and used by {@link
 *     EmbeddedPostgresServer#jdbcUrl()}
 * @param startupWait how long to wait for the server to accept connections
 */
public record EmbeddedPostgresConfig(
    Path dataDirectory, int port, String database, Duration startupWait) {

  public static final String DEFAULT_DATABASE = "assay";
  private static final Pattern IDENTIFIER = Pattern.compile("[a-z_][a-z0-9_]{0,62}");

  public EmbeddedPostgresConfig {
    Objects.requireNonNull(dataDirectory, "dataDirectory");
    Objects.requireNonNull(database, "database");
    Objects.requireNonNull(startupWait, "startupWait");
    if (port < 0 || port > 65535) {
      throw new IllegalArgumentException("port must be 0..65535, was " + port);
    }
    // The name is spliced into CREATE DATABASE, so only plain identifiers are accepted.
    if (!IDENTIFIER.matcher(database).matches()) {
      throw new IllegalArgumentException(
          "database name must be a lower-case identifier, was '" + database + "'");
    }
  }

  /** Database {@value #DEFAULT_DATABASE}, 60 s startup wait (the machine may be busy). */
  public static EmbeddedPostgresConfig of(Path dataDirectory, int port) {
    return new EmbeddedPostgresConfig(
        dataDirectory, port, DEFAULT_DATABASE, Duration.ofSeconds(60));
  }
}
