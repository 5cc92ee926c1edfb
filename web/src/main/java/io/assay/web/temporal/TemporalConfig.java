package io.assay.web.temporal;

import io.assay.web.config.AssayProperties;
import io.assay.web.observability.TemporalTelemetry;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowClientOptions;
import io.temporal.serviceclient.WorkflowServiceStubs;
import io.temporal.serviceclient.WorkflowServiceStubsOptions;
import java.io.Closeable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The Temporal connection: an external frontend when {@code assay.temporal.target} is set,
 * otherwise the service {@code assay.temporal.embedded} names, started here and bound to {@code
 * assay.temporal.address} (loopback by default): the Temporal CLI's dev server as a child process
 * (the real service, state kept across restarts, Web UI), or the SDK's in-process test service.
 */
@Configuration(proxyBeanMethods = false)
public class TemporalConfig {
  private static final Logger log = LoggerFactory.getLogger(TemporalConfig.class);

  /** The started service, or a handle naming the external one. */
  @Bean(destroyMethod = "close")
  public EmbeddedTemporal embeddedTemporal(AssayProperties props) {
    AssayProperties.Temporal t = props.temporal();
    if (t.external()) {
      String ui = t.uiUrl() == null || t.uiUrl().isBlank() ? null : t.uiUrl().strip();
      return new EmbeddedTemporal(Kind.EXTERNAL, null, t.target(), ui);
    }
    return switch (t.embedded()) {
      case NONE ->
          throw new IllegalStateException(
              "assay.temporal.embedded=none needs assay.temporal.target=host:port");
      case IN_PROCESS -> inProcess(t);
      case CLI -> {
        TemporalCliInstall.Found found = TemporalCliInstall.locate(t.toolsDir(), t.cliVersion());
        if (found instanceof TemporalCliInstall.Binary binary) {
          yield devServer(binary.path(), props.home(), t);
        }
        log.warn(
            "No Temporal CLI ({}); using the in-process Temporal service instead: running"
                + " workflows will NOT survive a restart",
            ((TemporalCliInstall.Missing) found).reason());
        yield inProcess(t);
      }
    };
  }

  /**
   * Stops a dev server that a killed Assay left running on {@code home}, before start-up checks
   * whether its ports are free.
   */
  public static void stopOrphanedDevServer(java.nio.file.Path home) {
    TemporalDevServer.stopOrphan(home.resolve("temporal"));
  }

  private static EmbeddedTemporal devServer(
      java.nio.file.Path binary, java.nio.file.Path home, AssayProperties.Temporal t) {
    int port = t.embeddedPort() == 0 ? freePort(t.address()) : t.embeddedPort();
    int uiPort = t.uiPort() == 0 ? freePort(t.address()) : t.uiPort();
    TemporalDevServer server =
        TemporalDevServer.start(
            new TemporalDevServer.Settings(
                binary, home.resolve("temporal"), t.address(), port, uiPort, t.namespace()));
    return new EmbeddedTemporal(
        Kind.CLI_DEV_SERVER, server, server.settings().target(), server.settings().uiUrl());
  }

  private static EmbeddedTemporal inProcess(AssayProperties.Temporal t) {
    int port = t.embeddedPort() == 0 ? freePort(t.address()) : t.embeddedPort();
    InProcessTemporal server = InProcessTemporal.start(t.address(), port);
    log.info("In-process Temporal service listening on {}:{}", t.address(), port);
    return new EmbeddedTemporal(Kind.IN_PROCESS, server, t.address() + ":" + port, null);
  }

  @Bean(destroyMethod = "shutdown")
  public WorkflowServiceStubs workflowServiceStubs(
      EmbeddedTemporal temporal, TemporalTelemetry telemetry) {
    return WorkflowServiceStubs.newServiceStubs(
        WorkflowServiceStubsOptions.newBuilder()
            .setTarget(temporal.target())
            .setMetricsScope(telemetry.metricsScope())
            .build());
  }

  @Bean
  public WorkflowClient workflowClient(
      WorkflowServiceStubs stubs, AssayProperties props, TemporalTelemetry telemetry) {
    return WorkflowClient.newInstance(
        stubs,
        WorkflowClientOptions.newBuilder()
            .setNamespace(props.temporal().namespace())
            .setInterceptors(telemetry.clientInterceptors())
            .build());
  }

  /** Monitors' Temporal Schedules (the in-process service cannot run them; see MonitorService). */
  @Bean
  public io.temporal.client.schedules.ScheduleClient scheduleClient(
      WorkflowServiceStubs stubs, AssayProperties props) {
    return io.temporal.client.schedules.ScheduleClient.newInstance(
        stubs,
        io.temporal.client.schedules.ScheduleClientOptions.newBuilder()
            .setNamespace(props.temporal().namespace())
            .build());
  }

  /** Port 0 means any free port (tests); the stubs need the number, so it is chosen here. */
  private static int freePort(String address) {
    try (java.net.ServerSocket socket =
        new java.net.ServerSocket(0, 1, java.net.InetAddress.getByName(address))) {
      return socket.getLocalPort();
    } catch (java.io.IOException e) {
      throw new IllegalStateException("no free port on " + address + " for Temporal", e);
    }
  }

  /** Which Temporal service Assay talks to. */
  public enum Kind {
    /** The Temporal CLI's dev server, a child process: state survives restarts. */
    CLI_DEV_SERVER,
    /** The SDK's test service in this JVM: state is lost with the process. */
    IN_PROCESS,
    /** A service run by someone else at {@code assay.temporal.target}. */
    EXTERNAL
  }

  /**
   * Handle on the Temporal service; {@code server} is what Assay started (null for an external
   * one), {@code uiUrl} the Web UI's base URL when there is one.
   */
  public record EmbeddedTemporal(Kind kind, Closeable server, String target, String uiUrl)
      implements Closeable {

    /** True when workflow state dies with this process. */
    public boolean inProcess() {
      return kind == Kind.IN_PROCESS;
    }

    /** The Web UI page of one workflow, when a Web UI runs. */
    public java.util.Optional<String> workflowUiUrl(String namespace, String workflowId) {
      if (uiUrl == null) {
        return java.util.Optional.empty();
      }
      return java.util.Optional.of(
          uiUrl.replaceAll("/+$", "")
              + "/namespaces/"
              + encode(namespace)
              + "/workflows/"
              + encode(workflowId));
    }

    /** Whether the started child process still runs (always true for the others). */
    public boolean serverAlive() {
      return !(server instanceof TemporalDevServer dev) || dev.alive();
    }

    private static String encode(String segment) {
      return java.net.URLEncoder.encode(segment, java.nio.charset.StandardCharsets.UTF_8)
          .replace("+", "%20");
    }

    @Override
    public void close() {
      if (server != null) {
        try {
          server.close();
        } catch (Exception e) {
          log.warn("Stopping the Temporal service failed: {}", e.getMessage());
        }
      }
    }
  }
}
