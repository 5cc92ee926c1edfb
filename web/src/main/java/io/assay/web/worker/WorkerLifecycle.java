package io.assay.web.worker;

import io.assay.store.JobStore;
import io.assay.web.config.AssayProperties;
import io.assay.web.temporal.TemporalConfig;
import io.temporal.worker.WorkerFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;

/**
 * Starts polling once the application is ready. With the in-process Temporal service, workflow
 * state does not survive a restart, so jobs left running by the previous process are marked failed
 * (with that reason) rather than shown as running forever.
 */
@Component
public class WorkerLifecycle implements org.springframework.context.SmartLifecycle {
  private static final Logger log = LoggerFactory.getLogger(WorkerLifecycle.class);

  private final WorkerFactory factory;
  private final AssayProperties props;
  private final TemporalConfig.EmbeddedTemporal temporal;
  private final JobStore jobs;
  private volatile boolean running;

  public WorkerLifecycle(
      WorkerFactory factory,
      AssayProperties props,
      TemporalConfig.EmbeddedTemporal temporal,
      JobStore jobs) {
    this.factory = factory;
    this.props = props;
    this.temporal = temporal;
    this.jobs = jobs;
  }

  @EventListener(ApplicationReadyEvent.class)
  public void startPolling() {
    if (temporal.inProcess()) {
      int interrupted =
          jobs.failInterrupted(
              "Assay restarted while this job ran; the in-process Temporal service keeps no state"
                  + " across restarts. Submit the question again.");
      if (interrupted > 0) {
        log.warn("{} job(s) interrupted by the previous shutdown were marked FAILED", interrupted);
      }
    }
    if (props.mode().runsWorker()) {
      factory.start();
      running = true;
      log.info("Worker polling task queue {}", props.temporal().taskQueue());
    }
  }

  /** Lifecycle start is a no-op: polling begins only once the application is ready (above). */
  @Override
  public void start() {}

  /**
   * Stops polling and lets running tasks finish before the connection and the Temporal service
   * close (they are destroyed after every lifecycle has stopped), so no poller fails on a closed
   * channel at shutdown.
   */
  @Override
  public void stop() {
    if (running) {
      running = false;
      factory.shutdown();
      factory.awaitTermination(10, java.util.concurrent.TimeUnit.SECONDS);
    }
  }

  @Override
  public boolean isRunning() {
    return running;
  }
}
