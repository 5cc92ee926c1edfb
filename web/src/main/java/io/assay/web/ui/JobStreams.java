package io.assay.web.ui;

import io.assay.contract.job.JobProgress;
import io.assay.contract.job.JobState;
import io.assay.store.JobEvent;
import io.assay.store.JobRecord;
import io.assay.store.JobStore;
import java.io.IOException;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.web.servlet.mvc.method.annotation.SseEmitter;

/**
 * Server-sent event streams of running jobs. One ticker polls, per job with open streams, the
 * workflow's progress ({@link LiveProgress}) and the stored event stream ({@link JobStore#events}),
 * and pushes to every subscriber:
 *
 * <ul>
 *   <li>{@code job-event}: each new stored event, with its id as the SSE id so that a reconnecting
 *       browser resumes where it left off ({@code Last-Event-ID});
 *   <li>{@code progress}: the progress and the page's part keys whenever they change;
 *   <li>{@code end}: once the job is finished and everything was sent; the stream then closes.
 * </ul>
 *
 * Polling keeps the workflow code free of UI concerns and costs one query per job per tick,
 * whatever the number of people watching.
 */
@Component
public class JobStreams implements DisposableBean {
  private static final Logger log = LoggerFactory.getLogger(JobStreams.class);
  private static final Duration STREAM_TIMEOUT = Duration.ofMinutes(30);
  private static final long HEARTBEAT_TICKS = 30;

  private final LiveProgress live;
  private final JobStore store;
  private final JobPages pages;
  private final ScheduledExecutorService ticker;
  private final Map<String, List<Subscriber>> byJob = new ConcurrentHashMap<>();
  private long ticks;

  public JobStreams(
      LiveProgress live,
      JobStore store,
      JobPages pages,
      @Value("${assay.ui.stream-interval:500ms}") Duration interval) {
    this.live = live;
    this.store = store;
    this.pages = pages;
    this.ticker =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, "job-streams");
              t.setDaemon(true);
              return t;
            });
    long millis = Math.max(50, interval.toMillis());
    ticker.scheduleWithFixedDelay(this::tick, millis, millis, TimeUnit.MILLISECONDS);
  }

  /** Opens a stream of job {@code jobId} that starts after event {@code afterEventId}. */
  public SseEmitter open(String jobId, long afterEventId) {
    SseEmitter emitter = new SseEmitter(STREAM_TIMEOUT.toMillis());
    Subscriber subscriber = new Subscriber(jobId, emitter, afterEventId);
    List<Subscriber> list = byJob.computeIfAbsent(jobId, id -> new CopyOnWriteArrayList<>());
    list.add(subscriber);
    Runnable remove = () -> forget(subscriber);
    emitter.onCompletion(remove);
    emitter.onTimeout(remove);
    emitter.onError(e -> remove.run());
    return emitter;
  }

  /** Number of open streams, for tests and metrics. */
  public int open() {
    return byJob.values().stream().mapToInt(List::size).sum();
  }

  private void forget(Subscriber subscriber) {
    byJob.computeIfPresent(
        subscriber.jobId,
        (id, list) -> {
          list.remove(subscriber);
          return list.isEmpty() ? null : list;
        });
  }

  private void tick() {
    ticks++;
    for (Map.Entry<String, List<Subscriber>> entry : byJob.entrySet()) {
      try {
        push(entry.getKey(), entry.getValue());
      } catch (RuntimeException e) {
        // One job's trouble (e.g. its workflow not answering) must not stop the others' streams.
        log.debug("Streaming job {} failed this tick: {}", entry.getKey(), e.toString());
      }
    }
  }

  private void push(String jobId, List<Subscriber> subscribers) {
    Optional<JobRecord> job = store.find(jobId);
    if (job.isEmpty()) {
      subscribers.forEach(s -> s.emitter.complete());
      return;
    }
    JobProgress progress = live.of(job.get());
    JobState state = JobPages.state(job.get(), progress);
    String liveKey = pages.liveKey(job.get(), progress);
    String planKey = pages.planKey(job.get(), progress);
    long minAfter = subscribers.stream().mapToLong(s -> s.lastEventId).min().orElse(0);
    List<JobEvent> events = store.events(jobId, minAfter);
    for (Subscriber s : subscribers) {
      try {
        for (JobEvent e : events) {
          if (e.id() > s.lastEventId) {
            s.emitter.send(
                SseEmitter.event()
                    .id(Long.toString(e.id()))
                    .name("job-event")
                    .data(eventData(e), MediaType.APPLICATION_JSON));
            s.lastEventId = e.id();
          }
        }
        if (!liveKey.equals(s.liveKey) || !planKey.equals(s.planKey)) {
          s.emitter.send(
              SseEmitter.event()
                  .name("progress")
                  .data(
                      progressData(state, liveKey, planKey, progress), MediaType.APPLICATION_JSON));
          s.liveKey = liveKey;
          s.planKey = planKey;
        } else if (ticks % HEARTBEAT_TICKS == 0) {
          // A comment nobody sees; it finds streams whose browser went away.
          s.emitter.send(SseEmitter.event().comment("keep-alive"));
        }
        if (state.terminal()) {
          s.emitter.send(SseEmitter.event().name("end").data(state.name()));
          s.emitter.complete();
        }
      } catch (IOException | IllegalStateException e) {
        forget(s);
      }
    }
  }

  private static Map<String, Object> eventData(JobEvent e) {
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("id", e.id());
    data.put("type", e.type());
    data.put("at", e.at() == null ? null : e.at().toString());
    data.put("payload", JobPage.EventView.shown(e.payloadJson()));
    return data;
  }

  private static Map<String, Object> progressData(
      JobState state, String liveKey, String planKey, JobProgress progress) {
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("state", state.name());
    data.put("terminal", state.terminal());
    data.put("liveKey", liveKey);
    data.put("planKey", planKey);
    if (progress != null) {
      data.put("currentStep", progress.currentStep());
      data.put("stepsDone", progress.stepsDone());
      data.put("stepsTotal", progress.stepsTotal());
      data.put("lastError", progress.lastError());
    }
    return data;
  }

  @Override
  public void destroy() {
    ticker.shutdownNow();
    byJob.values().forEach(list -> list.forEach(s -> s.emitter.complete()));
    byJob.clear();
  }

  /** One open stream and what it has been sent so far. */
  private static final class Subscriber {
    final String jobId;
    final SseEmitter emitter;
    volatile long lastEventId;
    volatile String liveKey;
    volatile String planKey;

    Subscriber(String jobId, SseEmitter emitter, long lastEventId) {
      this.jobId = jobId;
      this.emitter = emitter;
      this.lastEventId = lastEventId;
    }
  }
}
