package io.assay.web.worker;

import io.assay.store.JobStore;
import io.assay.web.history.FailedAttempt;
import io.temporal.activity.ActivityExecutionContext;
import io.temporal.activity.ActivityInfo;
import io.temporal.common.interceptors.ActivityInboundCallsInterceptor;
import io.temporal.common.interceptors.ActivityInboundCallsInterceptorBase;
import io.temporal.common.interceptors.WorkerInterceptorBase;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Records each failed attempt of a job's activities in the job's event stream, so that the history
 * page can show every attempt of a retried activity: Temporal's own history keeps only the last
 * one. Recording never changes the activity's outcome: the failure is thrown on as it came, and a
 * record that cannot be written (an activity of no job, the database away) is only logged.
 */
final class AttemptRecorder extends WorkerInterceptorBase {
  private static final Logger log = LoggerFactory.getLogger(AttemptRecorder.class);

  private final JobStore jobs;

  AttemptRecorder(JobStore jobs) {
    this.jobs = jobs;
  }

  @Override
  public ActivityInboundCallsInterceptor interceptActivity(ActivityInboundCallsInterceptor next) {
    return new ActivityInboundCallsInterceptorBase(next) {
      private ActivityInfo info;

      @Override
      public void init(ActivityExecutionContext context) {
        info = context.getInfo();
        super.init(context);
      }

      @Override
      public ActivityOutput execute(ActivityInput input) {
        Instant started = Instant.now();
        try {
          return super.execute(input);
        } catch (RuntimeException | Error e) {
          record(info, started, e);
          throw e;
        }
      }
    };
  }

  private void record(ActivityInfo info, Instant started, Throwable failure) {
    if (info == null || info.isLocal()) {
      return;
    }
    FailedAttempt attempt =
        new FailedAttempt(
            info.getWorkflowId(),
            info.getRunId(),
            info.getActivityId(),
            info.getActivityType(),
            info.getAttempt(),
            started.toString(),
            Instant.now().toString(),
            describe(failure));
    try {
      jobs.appendEvent(
          FailedAttempt.jobOf(info.getWorkflowId()),
          attempt.eventKey(),
          FailedAttempt.EVENT,
          attempt.toJson());
    } catch (RuntimeException e) {
      log.debug(
          "attempt {} of {} not recorded: {}", attempt.attempt(), attempt.eventKey(), e.toString());
    }
  }

  /** The exception's type and message, then its causes', as a person reads a failure. */
  static String describe(Throwable failure) {
    StringBuilder out = new StringBuilder();
    int depth = 0;
    for (Throwable t = failure; t != null && depth < 4; t = t.getCause(), depth++) {
      if (depth > 0) {
        out.append(" ← caused by ");
      }
      out.append(t.getClass().getSimpleName());
      if (t.getMessage() != null) {
        out.append(": ").append(t.getMessage());
      }
    }
    String text = out.toString();
    return text.length() > 2_000 ? text.substring(0, 2_000) + "…" : text;
  }
}
