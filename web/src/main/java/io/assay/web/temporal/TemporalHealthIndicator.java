package io.assay.web.temporal;

import io.temporal.api.workflowservice.v1.GetSystemInfoRequest;
import io.temporal.serviceclient.WorkflowServiceStubs;
import java.util.concurrent.TimeUnit;
import org.springframework.boot.actuate.health.Health;
import org.springframework.boot.actuate.health.HealthIndicator;
import org.springframework.stereotype.Component;

/**
 * {@code /actuator/health} component "temporal": UP when the frontend answers a system-info call.
 */
@Component("temporal")
public class TemporalHealthIndicator implements HealthIndicator {
  private final WorkflowServiceStubs stubs;
  private final TemporalConfig.EmbeddedTemporal temporal;

  public TemporalHealthIndicator(
      WorkflowServiceStubs stubs, TemporalConfig.EmbeddedTemporal temporal) {
    this.stubs = stubs;
    this.temporal = temporal;
  }

  @Override
  public Health health() {
    if (!temporal.serverAlive()) {
      return Health.down()
          .withDetail("target", temporal.target())
          .withDetail("service", temporal.kind())
          .withDetail("reason", "the Temporal dev server process exited")
          .build();
    }
    try {
      stubs
          .blockingStub()
          .withDeadlineAfter(3, TimeUnit.SECONDS)
          .getSystemInfo(GetSystemInfoRequest.getDefaultInstance());
      return Health.up()
          .withDetail("target", temporal.target())
          .withDetail("service", temporal.kind())
          .withDetail("keepsStateAcrossRestarts", !temporal.inProcess())
          .withDetail("webUi", temporal.uiUrl() == null ? "none" : temporal.uiUrl())
          .build();
    } catch (RuntimeException e) {
      return Health.down(e)
          .withDetail("target", temporal.target())
          .withDetail("service", temporal.kind())
          .build();
    }
  }
}
