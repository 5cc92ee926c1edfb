package io.assay.web.cli;

import io.assay.web.AssayApplication;
import io.assay.web.temporal.TemporalConfig;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/** {@code assay up}: checks its ports, then starts the application and keeps serving. */
final class UpCommand {
  private UpCommand() {}

  static int run(String[] args, PrintStream err) {
    start(args);
    return -1;
  }

  /** Starts the application; any start-up failure becomes one line naming what to change. */
  static ConfigurableApplicationContext start(String[] args) {
    LaunchSettings settings = LaunchSettings.of(args);
    if (settings.get("assay.mode", "all").equalsIgnoreCase("worker")
        && settings.get("server.port", "").isBlank()) {
      // A worker serves only health and metrics: any free port, so workers share a machine.
      args =
          java.util.stream.Stream.concat(
                  java.util.stream.Stream.of(args), java.util.stream.Stream.of("--server.port=0"))
              .toArray(String[]::new);
    }
    checkPorts(LaunchSettings.of(args));
    try {
      return new SpringApplicationBuilder(AssayApplication.class).run(args);
    } catch (RuntimeException e) {
      throw new StartupFailure(StartupMessages.oneLine(e));
    }
  }

  static void checkPorts(LaunchSettings settings) {
    String mode = settings.get("assay.mode", "all").toLowerCase();
    if (!mode.equals("worker")) {
      requireFree(settings.port("server.port", 8080), "server.port");
    }
    if (settings.get("assay.temporal.target", "").isBlank()) {
      String embedded = settings.get("assay.temporal.embedded", "cli").toLowerCase();
      if (embedded.equals("cli")) {
        try {
          TemporalConfig.stopOrphanedDevServer(
              Path.of(settings.get("assay.home", System.getProperty("user.home") + "/.assay")));
        } catch (IllegalStateException e) {
          throw new StartupFailure(e.getMessage());
        }
        requireFree(settings.port("assay.temporal.ui-port", 8233), "assay.temporal.ui-port");
      }
      if (!embedded.equals("none")) {
        requireFree(
            settings.port("assay.temporal.embedded-port", 7233), "assay.temporal.embedded-port");
      }
    }
    if (settings.get("assay.db.url", "").isBlank()) {
      int pg = settings.port("assay.db.embedded.port", 0);
      if (pg != 0) {
        requireFree(pg, "assay.db.embedded.port");
      }
    }
  }

  private static void requireFree(int port, String setting) {
    if (port == 0) {
      return;
    }
    try (ServerSocket socket = new ServerSocket()) {
      socket.setReuseAddress(true);
      socket.bind(new InetSocketAddress(port));
    } catch (IOException e) {
      throw new StartupFailure(
          "port " + port + " is already in use; choose another with --" + setting + "=PORT");
    }
  }
}
