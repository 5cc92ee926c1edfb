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
 * @param listenAddress PostgreSQL {@code listen_addresses}: loopback unless configured
 */
public record EmbeddedPostgresConfig(
    Path dataDirectory, int port, String database, Duration startupWait, String listenAddress) {

  public static final String DEFAULT_DATABASE = "assay";

  /** Loopback only: the superuser authenticates by trust, so the server must not be reachable. */
  public static final String LOOPBACK = "127.0.0.1";

  private static final Pattern LISTEN_ADDRESS = Pattern.compile("[A-Za-z0-9.:*-]{1,255}");
  private static final Pattern IDENTIFIER = Pattern.compile("[a-z_][a-z0-9_]{0,62}");

  public EmbeddedPostgresConfig {
    Objects.requireNonNull(dataDirectory, "dataDirectory");
    Objects.requireNonNull(database, "database");
    Objects.requireNonNull(startupWait, "startupWait");
    // Spliced into the server's command line, so only host names and IP addresses pass.
    if (listenAddress == null || !LISTEN_ADDRESS.matcher(listenAddress).matches()) {
      throw new IllegalArgumentException(
          "listen address must be a host name or IP address, was '" + listenAddress + "'");
    }
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
        dataDirectory, port, DEFAULT_DATABASE, Duration.ofSeconds(60), LOOPBACK);
  }

  /** The same server listening on {@code address} instead (e.g. {@code *} for every interface). */
  public EmbeddedPostgresConfig listeningOn(String address) {
    return new EmbeddedPostgresConfig(dataDirectory, port, database, startupWait, address);
  }
}
