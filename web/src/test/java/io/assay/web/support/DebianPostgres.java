package io.assay.web.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/**
 * An external PostgreSQL for scale-out tests: Debian's {@code postgresql} package, a cluster of the
 * test's own on a loopback port, started and stopped by the test. PostgreSQL refuses to run as
 * root, so as root the cluster belongs to the package's {@code postgres} user. Closing stops the
 * server and deletes the cluster's directory, so no test run leaves a cluster behind.
 */
public final class DebianPostgres implements AutoCloseable {
  private final Path bin;
  private final Path dir;
  private final Path dataDir;
  private final int port;
  private final boolean asPostgresUser;

  private DebianPostgres(Path bin, Path dir, int port, boolean asPostgresUser) {
    this.bin = bin;
    this.dir = dir;
    this.dataDir = dir.resolve("data");
    this.port = port;
    this.asPostgresUser = asPostgresUser;
  }

  /** The newest installed server's bin directory; skipped locally, failed on CI, when absent. */
  public static Path requireBinaries() {
    Optional<Path> bin = Optional.empty();
    Path root = Path.of("/usr/lib/postgresql");
    if (Files.isDirectory(root)) {
      try (Stream<Path> versions = Files.list(root)) {
        bin =
            versions
                .map(v -> v.resolve("bin"))
                .filter(b -> Files.isExecutable(b.resolve("initdb")))
                .max(java.util.Comparator.comparing(b -> versionOf(b)));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    if (bin.isEmpty()) {
      String why = "Debian's postgresql is not installed (apt-get install postgresql)";
      if (System.getenv("CI") != null) {
        throw new IllegalStateException(why);
      }
      Assumptions.abort(why);
    }
    return bin.get();
  }

  private static int versionOf(Path bin) {
    try {
      return Integer.parseInt(bin.getParent().getFileName().toString());
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  /** initdb (trust authentication, loopback only), start, and create database {@code assay}. */
  public static DebianPostgres start(Path dir, int port) {
    boolean root = "root".equals(System.getProperty("user.name"));
    DebianPostgres pg = new DebianPostgres(requireBinaries(), dir, port, root);
    try {
      createDirectories(dir);
      if (root) {
        run(List.of("chown", "-R", "postgres:postgres", dir.toString()), false);
      }
      pg.run(
          List.of(
              pg.bin.resolve("initdb").toString(),
              "-D",
              pg.dataDir.toString(),
              "-A",
              "trust",
              "-U",
              "postgres",
              "-E",
              "UTF-8"));
      pg.run(
          List.of(
              pg.bin.resolve("pg_ctl").toString(),
              "-D",
              pg.dataDir.toString(),
              "-l",
              dir.resolve("postgres.log").toString(),
              "-w",
              "-o",
              "-p " + port + " -k " + dir + " -c listen_addresses=127.0.0.1 -c max_connections=200",
              "start"));
      pg.run(
          List.of(
              pg.bin.resolve("psql").toString(),
              "-h",
              "127.0.0.1",
              "-p",
              Integer.toString(port),
              "-U",
              "postgres",
              "-c",
              "create database assay"));
      return pg;
    } catch (RuntimeException e) {
      pg.close();
      throw e;
    }
  }

  private static void createDirectories(Path dir) {
    try {
      Files.createDirectories(dir);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public String jdbcUrl() {
    return "jdbc:postgresql://127.0.0.1:" + port + "/assay";
  }

  /** Stops the server (if it runs) and deletes the cluster's directory, log included. */
  @Override
  public void close() {
    try {
      if (Files.exists(dataDir.resolve("postmaster.pid"))) {
        run(
            List.of(
                bin.resolve("pg_ctl").toString(),
                "-D",
                dataDir.toString(),
                "-m",
                "fast",
                "-w",
                "stop"));
      }
    } finally {
      deleteTree(dir);
    }
  }

  private static void deleteTree(Path root) {
    if (!Files.exists(root)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(root)) {
      for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("could not delete the test cluster at " + root, e);
    }
  }

  private void run(List<String> command) {
    List<String> line = new ArrayList<>();
    if (asPostgresUser) {
      line.addAll(List.of("runuser", "-u", "postgres", "--"));
    }
    line.addAll(command);
    run(line, true);
  }

  private static void run(List<String> command, boolean inTmp) {
    try {
      ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
      if (inTmp) {
        builder.directory(Path.of("/tmp").toFile()); // the postgres user may not enter our cwd
      }
      Process p = builder.start();
      String output = new String(p.getInputStream().readAllBytes());
      if (!p.waitFor(120, TimeUnit.SECONDS) || p.exitValue() != 0) {
        throw new IllegalStateException(String.join(" ", command) + " failed: " + output);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
