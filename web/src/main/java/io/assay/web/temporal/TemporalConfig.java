package io.assay.web.temporal;

import io.assay.web.config.AssayProperties;
import io.assay.web.observability.TemporalTelemetry;
import io.temporal.client.WorkflowClient;
import io.temporal.client.WorkflowClientOptions;
import io.temporal.serviceclient.WorkflowServiceStubs;
import io.temporal.serviceclient.WorkflowServiceStubsOptions;
import io.temporal.testserver.TestServer;
import java.io.Closeable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The Temporal connection: an external frontend when {@code assay.temporal.target} is set,
 * otherwise the SDK's test server in-process, bound to a real port so that outside tools (tctl,
 * temporal CLI, a second Assay worker) can connect to it too.
 */
@Configuration(proxyBeanMethods = false)
public class TemporalConfig {
  private static final Logger log = LoggerFactory.getLogger(TemporalConfig.class);

  /** The in-process service, or a no-op handle when an external one is configured. */
  @Bean(destroyMethod = "close")
  public EmbeddedTemporal embeddedTemporal(AssayProperties props) {
    AssayProperties.Temporal t = props.temporal();
    if (t.external()) {
      return new EmbeddedTemporal(null, t.target());
    }
    int port = t.embeddedPort() == 0 ? freePort() : t.embeddedPort();
    Closeable server = TestServer.createPortBoundServer(port);
    log.info("In-process Temporal service listening on 127.0.0.1:{}", port);
    return new EmbeddedTemporal(server, "127.0.0.1:" + port);
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

  /** Port 0 means any free port (tests); the stubs need the number, so it is chosen here. */
  private static int freePort() {
    try (java.net.ServerSocket socket = new java.net.ServerSocket(0)) {
      return socket.getLocalPort();
    } catch (java.io.IOException e) {
      throw new IllegalStateException("no free port for the in-process Temporal service", e);
    }
  }

  /** Handle on the in-process Temporal service; {@code server} is null for an external one. */
  public record EmbeddedTemporal(Closeable server, String target) implements Closeable {
    public boolean inProcess() {
      return server != null;
    }

    @Override
    public void close() {
      if (server != null) {
        try {
          server.close();
        } catch (Exception e) {
          log.warn("Stopping the in-process Temporal service failed: {}", e.getMessage());
        }
      }
    }
  }
}
