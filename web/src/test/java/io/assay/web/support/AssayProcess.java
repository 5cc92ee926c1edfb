package io.assay.web.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One {@code assay} command ({@code up}, {@code web}, {@code worker}) run as a child JVM on this
 * test's classpath, as an operator would run it, so that tests can SIGKILL it with everything it
 * started.
 */
public final class AssayProcess implements AutoCloseable {
  private final Process process;
  private final Path log;

  private AssayProcess(Process process, Path log) {
    this.process = process;
    this.log = log;
  }

  /**
   * A folder under the module's {@code target/} for one test run's process logs: unlike a JUnit
   * temporary folder it outlives the run, so a failed CI run leaves the logs where a person can
   * read them.
   */
  public static Path logDir(String test) {
    Path dir =
        Path.of("target", "process-logs", test + "-" + System.currentTimeMillis()).toAbsolutePath();
    try {
      return Files.createDirectories(dir);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public static AssayProcess start(String command, List<String> args, Path log) {
    List<String> line = new ArrayList<>();
    line.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    line.add("-Xmx768m");
    line.add("-cp");
    line.add(System.getProperty("java.class.path"));
    line.add("io.assay.web.AssayMain");
    line.add(command);
    line.addAll(args);
    try {
      Files.createDirectories(log.getParent());
      Process process =
          new ProcessBuilder(line)
              .redirectErrorStream(true)
              .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()))
              .start();
      return new AssayProcess(process, log);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Waits until {@code /actuator/health} on {@code port} answers UP. */
  public void awaitHealthy(int port, Duration limit) {
    HttpClient http = HttpClient.newHttpClient();
    long deadline = System.nanoTime() + limit.toNanos();
    while (System.nanoTime() < deadline) {
      if (!process.isAlive()) {
        throw new AssertionError("assay exited with " + process.exitValue() + "; see " + log);
      }
      try {
        HttpResponse<String> r =
            http.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/actuator/health"))
                    .timeout(Duration.ofSeconds(5))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() == 200 && r.body().contains("\"UP\"")) {
          return;
        }
      } catch (IOException notYet) {
        // not listening yet
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new AssertionError(e);
      }
      sleep(500);
    }
    throw new AssertionError("assay was not healthy within " + limit + "; see " + log);
  }

  /** Waits until the log shows {@code text} (e.g. a worker that started polling). */
  public void awaitLog(String text, Duration limit) {
    long deadline = System.nanoTime() + limit.toNanos();
    while (System.nanoTime() < deadline) {
      if (!process.isAlive()) {
        throw new AssertionError("assay exited with " + process.exitValue() + "; see " + log);
      }
      try {
        if (Files.readString(log).contains(text)) {
          return;
        }
      } catch (IOException e) {
        // not written yet
      }
      sleep(300);
    }
    throw new AssertionError("'" + text + "' did not appear in " + log + " within " + limit);
  }

  /** SIGKILL of the process and every process it started: nothing shuts down cleanly. */
  public List<ProcessHandle> killTree() {
    List<ProcessHandle> tree = new ArrayList<>(process.descendants().toList());
    tree.add(process.toHandle());
    tree.forEach(ProcessHandle::destroyForcibly);
    for (ProcessHandle h : tree) {
      try {
        h.onExit().get(30, TimeUnit.SECONDS);
      } catch (Exception e) {
        throw new AssertionError("process " + h.pid() + " survived SIGKILL", e);
      }
    }
    return tree;
  }

  public ProcessHandle handle() {
    return process.toHandle();
  }

  public Path log() {
    return log;
  }

  /** Stops it as an operator would (SIGTERM: graceful shutdown). */
  @Override
  public void close() {
    if (process.isAlive()) {
      process.destroy();
      try {
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
          killTree();
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        killTree();
      }
    }
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }
}
