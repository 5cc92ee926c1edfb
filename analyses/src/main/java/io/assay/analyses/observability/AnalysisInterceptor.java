package io.assay.analyses.observability;

import io.assay.analyses.AnalysisActivitiesImpl;
import io.assay.contract.finding.Finding;
import io.assay.contract.step.StepCall;
import io.assay.pick.PickValidationError;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Scope;
import io.temporal.common.interceptors.ActivityInboundCallsInterceptor;
import io.temporal.common.interceptors.ActivityInboundCallsInterceptorBase;
import io.temporal.common.interceptors.WorkerInterceptorBase;
import io.temporal.failure.ApplicationFailure;
import java.util.Locale;
import java.util.function.Supplier;

/**
 * Times every analysis run by name and outcome, and opens a span around it, by watching the
 * worker's activity calls: an activity whose single argument is a {@link StepCall} is an analysis
 * run (whatever the activity is named), and its {@link Finding} says how it went. Other activities
 * pass through untouched. Each attempt of a retried activity counts once.
 *
 * <p>Status tag values: {@code ok}, {@code empty}, {@code failed} (the Finding's status), {@code
 * clarification} (the step asks a person), {@code invalid_args}, {@code invalid_pick} (rejected,
 * not retried) and {@code error} (anything else thrown, usually retried).
 */
public final class AnalysisInterceptor extends WorkerInterceptorBase {
  static final String ANALYSES = "assay.analysis";

  static final AttributeKey<String> ANALYSIS = AttributeKey.stringKey("assay.analysis");
  static final AttributeKey<String> JOB = AttributeKey.stringKey("assay.job.id");
  static final AttributeKey<Long> STEP = AttributeKey.longKey("assay.step.index");
  static final AttributeKey<String> STATUS = AttributeKey.stringKey("assay.analysis.status");

  private final Tracer tracer;
  private final MeterRegistry meters;

  public AnalysisInterceptor(Tracer tracer, MeterRegistry meters) {
    this.tracer = tracer;
    this.meters = meters;
  }

  @Override
  public ActivityInboundCallsInterceptor interceptActivity(ActivityInboundCallsInterceptor next) {
    return new ActivityInboundCallsInterceptorBase(next) {
      @Override
      public ActivityOutput execute(ActivityInput input) {
        Object[] args = input.getArguments();
        if (args.length == 1 && args[0] instanceof StepCall call) {
          return run(call, () -> super.execute(input));
        }
        return super.execute(input);
      }
    };
  }

  private ActivityInboundCallsInterceptor.ActivityOutput run(
      StepCall call, Supplier<ActivityInboundCallsInterceptor.ActivityOutput> execution) {
    String analysis = call.analysis() == null ? "unknown" : call.analysis();
    Span span =
        tracer
            .spanBuilder("analysis " + analysis)
            .setAttribute(ANALYSIS, analysis)
            .setAttribute(JOB, String.valueOf(call.jobId()))
            .setAttribute(STEP, (long) call.stepIndex())
            .startSpan();
    Timer.Sample sample = Timer.start(meters);
    String status = "error";
    try (Scope ignored = span.makeCurrent()) {
      ActivityInboundCallsInterceptor.ActivityOutput output = execution.get();
      status = status(output.getResult());
      return output;
    } catch (RuntimeException e) {
      status = status(e);
      span.setStatus(StatusCode.ERROR, status);
      throw e;
    } finally {
      span.setAttribute(STATUS, status);
      sample.stop(
          Timer.builder(ANALYSES)
              .description("Time of one analysis run, by analysis and outcome")
              .tags("analysis", analysis, "status", status)
              .register(meters));
      span.end();
    }
  }

  private static String status(Object result) {
    if (result instanceof Finding f) {
      if (f.clarification() != null) {
        return "clarification";
      }
      return f.status() == null ? "unknown" : f.status().name().toLowerCase(Locale.ROOT);
    }
    return "unknown";
  }

  private static String status(RuntimeException e) {
    if (e instanceof ApplicationFailure f) {
      if (AnalysisActivitiesImpl.INVALID_ARGS.equals(f.getType())) {
        return "invalid_args";
      }
      if (PickValidationError.class.getName().equals(f.getType())) {
        return "invalid_pick";
      }
    }
    return "error";
  }
}
