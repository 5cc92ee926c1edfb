package io.assay.datasets.embedded;

import io.zonky.test.db.postgres.embedded.EmbeddedPostgres;
import java.io.IOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;
import org.postgresql.ds.PGSimpleDataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A PostgreSQL server run from the zonky binaries on a persistent data directory, listening on
 * 127.0.0.1 unless configured otherwise. Every login needs a password (scram-sha-256): the
 * superuser's and the owner role's are generated at the first start and kept 0600 beside the data
 * directory ({@link ClusterCredentials}); the application connects as the owner, which is not a
 * superuser. A cluster created before passwords existed is converted at its next start.
 *
 * <p>No shutdown hook is registered: the owner calls {@link #close()} in the order its other
 * resources need (a hook would race the application's own shutdown).
 */
public final class EmbeddedPostgresServer implements AutoCloseable {

  public static final String SUPERUSER = "postgres";

  private static final Logger log = LoggerFactory.getLogger(EmbeddedPostgresServer.class);
  // zonky's own lock file: held by the JVM that runs a server on the directory.
  private static final String ZONKY_LOCK_FILE = "epg-lock";
  private static final Duration ORPHAN_STOP_WAIT = Duration.ofSeconds(30);

  private final EmbeddedPostgres postgres;
  private final EmbeddedPostgresConfig config;
  private final ClusterCredentials credentials;

  private EmbeddedPostgresServer(
      EmbeddedPostgres postgres, EmbeddedPostgresConfig config, ClusterCredentials credentials) {
    this.postgres = postgres;
    this.config = config;
    this.credentials = credentials;
  }

  /**
   * Starts the server, creating the cluster and the database when missing.
   *
   * @throws PortInUseException when the configured port is taken
   * @throws DataDirectoryInUseException when another JVM runs a server on the directory
   * @throws EmbeddedPostgresException for any other start failure
   */
  public static EmbeddedPostgresServer start(EmbeddedPostgresConfig config) {
    Path dir = config.dataDirectory().toAbsolutePath().normalize();
    try {
      Files.createDirectories(dir);
    } catch (IOException e) {
      throw new EmbeddedPostgresException(
          "Cannot create PostgreSQL data directory " + dir + ": " + e.getMessage(), e);
    }
    ensureNotLockedByAnotherJvm(dir);
    prepareForInitdb(dir);
    stopOrphanedPostmaster(dir);
    if (config.port() != 0 && portInUse(config.port())) {
      throw new PortInUseException(config.port());
    }
    Path credentialsFile = ClusterCredentials.file(dir);
    java.util.Optional<ClusterCredentials> saved = ClusterCredentials.read(credentialsFile);
    ClusterCredentials credentials = saved.orElseGet(ClusterCredentials::generate);
    boolean existing = Files.exists(dir.resolve("postgresql.conf"));
    // An older cluster without passwords gets them at this start, over a trust rule for 127.0.0.1
    // that lasts until they are set; a new one is created with its superuser password.
    boolean settingUp = saved.isEmpty() && existing;
    Path pwfile = existing ? null : passwordFile(dir, credentials.superuserPassword());
    EmbeddedPostgres postgres;
    try {
      EmbeddedPostgres.Builder builder =
          EmbeddedPostgres.builder()
              .setDataDirectory(dir)
              .setCleanDataDirectory(false)
              .setPort(config.port())
              .setPGStartupWait(config.startupWait())
              .setRegisterShutdownHook(false)
              .setServerConfig("password_encryption", "scram-sha-256")
              // COPY into a table created in the same transaction skips WAL at wal_level=minimal,
              // which roughly halves the warehouse load; no replication is ever attached.
              .setServerConfig("listen_addresses", config.listenAddress())
              .setServerConfig("wal_level", "minimal")
              .setServerConfig("max_wal_senders", "0")
              .setServerConfig("maintenance_work_mem", "256MB")
              .setServerConfig("max_connections", "200")
              .setConnectConfig("password", credentials.superuserPassword())
              .setDataDirectoryCustomizer(
                  d ->
                      ClusterSecurity.writeHba(
                          d.toPath(),
                          settingUp ? ClusterSecurity.SETUP_HBA : ClusterSecurity.SECURE_HBA));
      if (pwfile != null) {
        builder.setLocaleConfig("pwfile", pwfile.toString());
      }
      postgres = builder.start();
    } catch (IllegalStateException e) {
      if (String.valueOf(e.getMessage()).startsWith("could not lock")) {
        throw new DataDirectoryInUseException(dir);
      }
      throw startFailure(config, dir, e);
    } catch (IOException | RuntimeException e) {
      throw startFailure(config, dir, e);
    } finally {
      deleteQuietly(pwfile);
    }
    EmbeddedPostgresServer server = new EmbeddedPostgresServer(postgres, config, credentials);
    try {
      if (settingUp) {
        ClusterSecurity.setSuperuserPassword(
            server.dataSource("postgres", SUPERUSER, ""), credentials.superuserPassword());
      }
      if (saved.isEmpty()) {
        credentials.write(credentialsFile);
      }
      if (settingUp) {
        ClusterSecurity.writeHba(dir, ClusterSecurity.SECURE_HBA);
        ClusterSecurity.reload(server.adminDataSource("postgres"));
      }
      server.createDatabaseIfMissing();
      ClusterSecurity.ensureOwner(
          server.adminDataSource(), config.database(), credentials.ownerPassword());
    } catch (RuntimeException | Error e) {
      server.close(); // no shutdown hook would stop it: do not leave a postmaster behind
      throw e;
    }
    log.info("Embedded PostgreSQL on port {} with data directory {}", postgres.getPort(), dir);
    return server;
  }

  /** The superuser password for initdb, in a private file deleted right after the start. */
  private static Path passwordFile(Path dir, String password) {
    Path file = dir.resolveSibling(dir.getFileName() + ".pwfile");
    try {
      Files.deleteIfExists(file);
      ClusterCredentials.createPrivate(file);
      Files.writeString(file, password + "\n");
      return file;
    } catch (IOException e) {
      throw new EmbeddedPostgresException("Cannot write " + file + ": " + e.getMessage(), e);
    }
  }

  private static void deleteQuietly(Path file) {
    if (file == null) {
      return;
    }
    try {
      Files.deleteIfExists(file);
    } catch (IOException e) {
      log.warn("Could not delete {}: {}", file, e.getMessage());
    }
  }

  private static EmbeddedPostgresException startFailure(
      EmbeddedPostgresConfig config, Path dir, Exception cause) {
    // The pre-check can lose a race with another process binding the port in between.
    if (config.port() != 0 && portInUse(config.port())) {
      return new PortInUseException(config.port());
    }
    return new EmbeddedPostgresException(
        "Embedded PostgreSQL failed to start on data directory "
            + dir
            + ": "
            + cause.getMessage()
            + " (see the postgres log lines above)",
        cause);
  }

  private static void ensureNotLockedByAnotherJvm(Path dir) {
    Path lockFile = dir.resolve(ZONKY_LOCK_FILE);
    if (!Files.exists(lockFile)) {
      return; // never started here, or not since initdb; creating it would make initdb fail
    }
    try (FileChannel channel =
        FileChannel.open(lockFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
      FileLock lock = channel.tryLock();
      if (lock == null) {
        throw new DataDirectoryInUseException(dir);
      }
      lock.release();
    } catch (OverlappingFileLockException e) {
      throw new DataDirectoryInUseException(dir);
    } catch (IOException e) {
      throw new EmbeddedPostgresException("Cannot lock " + lockFile + ": " + e.getMessage(), e);
    }
  }

  /**
   * initdb needs an empty directory. A start that failed before initdb finished may have left
   * zonky's lock file or a partial cluster without postgresql.conf; anything else is not ours.
   */
  private static void prepareForInitdb(Path dir) {
    if (Files.exists(dir.resolve("postgresql.conf"))) {
      return;
    }
    try (var entries = Files.list(dir)) {
      List<Path> content = entries.toList();
      if (content.isEmpty()) {
        return;
      }
      if (content.size() == 1 && content.get(0).getFileName().toString().equals(ZONKY_LOCK_FILE)) {
        Files.delete(content.get(0));
        return;
      }
      if (!Files.exists(dir.resolve("PG_VERSION"))) {
        throw new EmbeddedPostgresException(
            "PostgreSQL data directory "
                + dir
                + " is not empty and holds no PostgreSQL cluster; choose an empty or new directory.");
      }
      throw new EmbeddedPostgresException(
          "PostgreSQL data directory "
              + dir
              + " holds an incomplete cluster (no postgresql.conf); remove the directory to start"
              + " afresh.");
    } catch (IOException e) {
      throw new EmbeddedPostgresException("Cannot read " + dir + ": " + e.getMessage(), e);
    }
  }

  /**
   * A JVM killed without running its shutdown hooks leaves its postmaster running on the directory,
   * which would make this start fail. Nobody holds the directory lock any more (checked just
   * before), so that postmaster is an orphan of ours: stop it.
   */
  private static void stopOrphanedPostmaster(Path dir) {
    Path pidFile = dir.resolve("postmaster.pid");
    if (!Files.exists(pidFile)) {
      return;
    }
    Optional<ProcessHandle> postmaster = orphanedPostmaster(pidFile, dir);
    if (postmaster.isEmpty()) {
      return;
    }
    ProcessHandle process = postmaster.get();
    log.warn("Stopping orphaned postmaster {} left on {}", process.pid(), dir);
    process.destroy(); // SIGTERM: a smart shutdown, which is quick since its clients are gone
    try {
      process.onExit().get(ORPHAN_STOP_WAIT.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
    } catch (java.util.concurrent.TimeoutException e) {
      process.destroyForcibly();
      process.onExit().join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new EmbeddedPostgresException("Interrupted while stopping the orphaned postmaster", e);
    } catch (java.util.concurrent.ExecutionException e) {
      throw new EmbeddedPostgresException("Could not stop the orphaned postmaster", e);
    }
  }

  private static Optional<ProcessHandle> orphanedPostmaster(Path pidFile, Path dir) {
    try {
      List<String> lines = Files.readAllLines(pidFile);
      if (lines.size() < 2) {
        return Optional.empty();
      }
      long pid = Long.parseLong(lines.get(0).trim());
      if (!Files.isDirectory(Path.of(lines.get(1).trim()))
          || !Files.isSameFile(Path.of(lines.get(1).trim()), dir)) {
        return Optional.empty();
      }
      return ProcessHandle.of(pid)
          .filter(ProcessHandle::isAlive)
          .filter(p -> p.info().command().map(c -> c.endsWith("/postgres")).orElse(false));
    } catch (IOException | NumberFormatException e) {
      return Optional.empty(); // unreadable or stale: postgres itself will judge it
    }
  }

  private static boolean portInUse(int port) {
    try (ServerSocket socket = new ServerSocket()) {
      socket.setReuseAddress(false);
      socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
      return false;
    } catch (BindException e) {
      return true;
    } catch (IOException e) {
      return false; // not a conflict we can name; postgres will report what it is
    }
  }

  private void createDatabaseIfMissing() {
    try (Connection c = adminDataSource("postgres").getConnection();
        PreparedStatement exists =
            c.prepareStatement("SELECT 1 FROM pg_database WHERE datname = ?")) {
      exists.setString(1, config.database());
      try (ResultSet rs = exists.executeQuery()) {
        if (rs.next()) {
          return;
        }
      }
      try (Statement create = c.createStatement()) {
        create.execute("CREATE DATABASE " + config.database());
      }
    } catch (SQLException e) {
      throw new EmbeddedPostgresException(
          "Cannot create database " + config.database() + ": " + e.getMessage(), e);
    }
  }

  /** JDBC URL of the configured database, without credentials. */
  public String jdbcUrl() {
    return jdbcUrl(config.database());
  }

  /** JDBC URL of another database on this server, without credentials. */
  public String jdbcUrl(String database) {
    return "jdbc:postgresql://127.0.0.1:" + port() + "/" + database;
  }

  public int port() {
    return postgres.getPort();
  }

  public String database() {
    return config.database();
  }

  public Path dataDirectory() {
    return config.dataDirectory();
  }

  /** The superuser: for setting up roles, and for tests. */
  public String username() {
    return SUPERUSER;
  }

  /** The superuser's generated password. */
  public String password() {
    return credentials.superuserPassword();
  }

  /** The role the application runs as: owns the database, is not a superuser. */
  public String ownerUsername() {
    return ClusterSecurity.OWNER;
  }

  public String ownerPassword() {
    return credentials.ownerPassword();
  }

  /** Superuser connections to the configured database: for role set-up and tests. */
  public DataSource adminDataSource() {
    return adminDataSource(config.database());
  }

  private DataSource adminDataSource(String database) {
    return dataSource(database, SUPERUSER, credentials.superuserPassword());
  }

  /** Connections to any database of this server as any role. */
  public DataSource dataSource(String database, String user, String password) {
    PGSimpleDataSource ds = new PGSimpleDataSource();
    ds.setServerNames(new String[] {"127.0.0.1"});
    ds.setPortNumbers(new int[] {port()});
    ds.setDatabaseName(database);
    ds.setUser(user);
    ds.setPassword(password);
    return ds;
  }

  /** Stops the server (fast shutdown); the data directory stays. Safe to call twice. */
  @Override
  public void close() {
    try {
      postgres.close();
    } catch (IOException e) {
      log.warn("Stopping embedded PostgreSQL failed: {}", e.getMessage());
    }
  }
}
