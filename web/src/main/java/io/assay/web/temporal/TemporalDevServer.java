package io.assay.web.temporal;

import io.temporal.api.workflowservice.v1.DescribeNamespaceRequest;
import io.temporal.serviceclient.WorkflowServiceStubs;
import io.temporal.serviceclient.WorkflowServiceStubsOptions;
import java.io.Closeable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Temporal CLI's development server run as a child process: the production server code with
 * SQLite persistence and the Web UI. State lives in {@code <home>/temporal/temporal.db}, so
 * workflows survive a restart of Assay and of the server. Its pid is kept beside the database, so
 * that a server orphaned by a killed Assay is stopped at the next start instead of holding the
 * ports and the database.
 */
final class TemporalDevServer implements Closeable {
  private static final Logger log = LoggerFactory.getLogger(TemporalDevServer.class);
  private static final Duration HEALTHY_WITHIN = Duration.ofSeconds(90);
  private static final Duration STOP_WITHIN = Duration.ofSeconds(15);
  static final String PID_FILE = "server.pid";

  /** Where and how the server runs. */
  record Settings(
      Path binary, Path stateDir, String address, int port, int uiPort, String namespace) {
    String target() {
      return address + ":" + port;
    }

    String uiUrl() {
      return "http://" + address + ":" + uiPort;
    }
  }

  private final Process process;
  private final Settings settings;

  private TemporalDevServer(Process process, Settings settings) {
    this.process = process;
    this.settings = settings;
  }

  /** Starts the server and returns once its frontend serves the namespace. */
  static TemporalDevServer start(Settings s) {
    try {
      Files.createDirectories(s.stateDir());
      stopOrphan(s.stateDir());
      List<String> command = new ArrayList<>();
      command.addAll(
          List.of(
              s.binary().toString(),
              "server",
              "start-dev",
              "--ip",
              s.address(),
              "--port",
              Integer.toString(s.port()),
              "--ui-port",
              Integer.toString(s.uiPort()),
              "--db-filename",
              s.stateDir().resolve("temporal.db").toString(),
              "--log-level",
              "warn",
              // Write-ahead log, synced at checkpoints: a commit survives a killed process (what
              // the durability test does) without an fsync of its own; the default rollback
              // journal syncs every one of the service's many small commits.
              "--sqlite-pragma",
              "journal_mode=wal",
              "--sqlite-pragma",
              "synchronous=normal",
              "--ui-disable-news-fetch",
              // One node: a task queue split into the default four partitions only makes a task
              // wait for a poller that happens to sit on its partition (or for forwarding).
              "--dynamic-config-value",
              "matching.numTaskqueueReadPartitions=1",
              "--dynamic-config-value",
              "matching.numTaskqueueWritePartitions=1",
              // An activity scheduled by a worker with a free slot is handed back to it in the
              // reply to the workflow task (eager execution) instead of going through matching
              // and a poll; likewise the first workflow task of a workflow started eagerly.
              "--dynamic-config-value",
              "system.enableActivityEagerExecution=true",
              "--dynamic-config-value",
              "system.enableEagerWorkflowStart=true"));
      if (!s.namespace().equals("default")) {
        command.addAll(List.of("--namespace", s.namespace()));
      }
      Path logFile = s.stateDir().resolve("server.log");
      Process process =
          new ProcessBuilder(command)
              .redirectErrorStream(true)
              .redirectOutput(ProcessBuilder.Redirect.appendTo(logFile.toFile()))
              .start();
      Files.writeString(s.stateDir().resolve(PID_FILE), Long.toString(process.pid()));
      TemporalDevServer server = new TemporalDevServer(process, s);
      server.awaitHealthy(logFile);
      log.info(
          "Temporal dev server (pid {}) on {}, Web UI {}, state in {}",
          process.pid(),
          s.target(),
          s.uiUrl(),
          s.stateDir());
      return server;
    } catch (IOException e) {
      throw new IllegalStateException("cannot start the Temporal CLI dev server: " + e, e);
    }
  }

  private void awaitHealthy(Path logFile) {
    long deadline = System.nanoTime() + HEALTHY_WITHIN.toNanos();
    WorkflowServiceStubs stubs =
        WorkflowServiceStubs.newServiceStubs(
            WorkflowServiceStubsOptions.newBuilder().setTarget(settings.target()).build());
    try {
      while (true) {
        if (!process.isAlive()) {
          throw new IllegalStateException(
              "the Temporal dev server exited with code "
                  + process.exitValue()
                  + lastLine(logFile)
                  + " (log: "
                  + logFile
                  + ")");
        }
        try {
          stubs
              .blockingStub()
              .withDeadlineAfter(2, TimeUnit.SECONDS)
              .describeNamespace(
                  DescribeNamespaceRequest.newBuilder().setNamespace(settings.namespace()).build());
          return;
        } catch (RuntimeException notYet) {
          if (System.nanoTime() > deadline) {
            close();
            throw new IllegalStateException(
                "the Temporal dev server did not become healthy within "
                    + HEALTHY_WITHIN.toSeconds()
                    + " s (log: "
                    + logFile
                    + ")");
          }
        }
        sleep(200);
      }
    } finally {
      stubs.shutdownNow();
    }
  }

  boolean alive() {
    return process.isAlive();
  }

  long pid() {
    return process.pid();
  }

  Settings settings() {
    return settings;
  }

  /** SIGTERM, so the server closes its database cleanly; SIGKILL if it does not stop in time. */
  @Override
  public void close() {
    stop(process.toHandle());
    try {
      Files.deleteIfExists(settings.stateDir().resolve(PID_FILE));
    } catch (IOException e) {
      log.debug("pid file not removed: {}", e.getMessage());
    }
  }

  /**
   * Stops a server left running by an Assay that was killed: the pid in the state directory, if
   * that process is still a Temporal server.
   */
  static void stopOrphan(Path stateDir) {
    Path pidFile = stateDir.resolve(PID_FILE);
    if (!Files.exists(pidFile)) {
      return;
    }
    try {
      long pid = Long.parseLong(Files.readString(pidFile).strip());
      Optional<ProcessHandle> orphan =
          ProcessHandle.of(pid)
              .filter(ProcessHandle::isAlive)
              .filter(h -> h.info().command().map(c -> c.endsWith("temporal")).orElse(false));
      if (orphan.isPresent() && ownedByLiveJvm(orphan.get())) {
        throw new IllegalStateException(
            "another Assay runs a Temporal dev server (pid "
                + pid
                + ") on "
                + stateDir
                + "; stop it or choose another --assay.home");
      }
      if (orphan.isPresent()) {
        log.warn("Stopping the Temporal dev server (pid {}) left by a previous run", pid);
        stop(orphan.get());
      }
      Files.deleteIfExists(pidFile);
    } catch (IOException | NumberFormatException e) {
      log.warn("Ignoring unreadable {}: {}", pidFile, e.getMessage());
    }
  }

  /** A server whose parent is still a Java process belongs to an Assay that still runs. */
  private static boolean ownedByLiveJvm(ProcessHandle server) {
    return server
        .parent()
        .filter(ProcessHandle::isAlive)
        .flatMap(p -> p.info().command())
        .map(c -> c.endsWith("java"))
        .orElse(false);
  }

  private static void stop(ProcessHandle handle) {
    if (!handle.isAlive()) {
      return;
    }
    handle.destroy();
    try {
      handle.onExit().get(STOP_WITHIN.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      handle.destroyForcibly();
    } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
      log.warn("The Temporal dev server did not stop in {} s; killing it", STOP_WITHIN.toSeconds());
      handle.destroyForcibly();
    }
  }

  private static String lastLine(Path logFile) {
    try {
      List<String> lines = Files.readAllLines(logFile, StandardCharsets.UTF_8);
      for (int i = lines.size() - 1; i >= 0; i--) {
        if (!lines.get(i).isBlank()) {
          return ": " + lines.get(i).strip();
        }
      }
    } catch (IOException e) {
      // the exit code alone is reported
    }
    return "";
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for the Temporal dev server", e);
    }
  }
}
