package io.assay.web.ui;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.assay.contract.job.JobProgress;
import io.assay.store.JobRecord;
import io.assay.web.jobs.JobService;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;

/**
 * A running job's progress for pages and streams: the workflow's progress query ({@link
 * JobService#progress}) when it answers within a short wait, otherwise the snapshot the workflow
 * stored at its last transition. A query waits for a worker, and with no worker polling (web-only
 * mode, a worker restarting) it would hold a page for a minute; people get the stored snapshot
 * instead, at most one transition old.
 */
@Component
public class LiveProgress implements DisposableBean {
  private final JobService jobs;
  private final ObjectMapper json;
  private final Duration wait;
  private final ThreadPoolExecutor queries;

  public LiveProgress(
      JobService jobs,
      ObjectMapper json,
      @Value("${assay.ui.progress-query-wait:2s}") Duration wait) {
    this.jobs = jobs;
    this.json = json;
    this.wait = wait;
    // Few threads and no queue: when queries are stuck, further callers fall back at once instead
    // of piling up threads.
    this.queries =
        new ThreadPoolExecutor(
            1,
            4,
            30,
            TimeUnit.SECONDS,
            new SynchronousQueue<>(),
            r -> {
              Thread t = new Thread(r, "progress-query");
              t.setDaemon(true);
              return t;
            });
  }

  /** Null only when the workflow has neither answered nor stored a snapshot yet. */
  public JobProgress of(JobRecord job) {
    if (job.state().terminal()) {
      return stored(job);
    }
    Future<Optional<JobProgress>> answer;
    try {
      answer = queries.submit(() -> jobs.progress(job.id()));
    } catch (RejectedExecutionException busy) {
      return stored(job);
    }
    try {
      return answer.get(wait.toMillis(), TimeUnit.MILLISECONDS).orElse(null);
    } catch (TimeoutException e) {
      answer.cancel(true);
      return stored(job);
    } catch (ExecutionException e) {
      return stored(job);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return stored(job);
    }
  }

  private JobProgress stored(JobRecord job) {
    if (job.progressJson() == null) {
      return null;
    }
    try {
      return json.readValue(job.progressJson(), JobProgress.class);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(
          "the stored progress of job " + job.id() + " is not readable", e);
    }
  }

  @Override
  public void destroy() {
    queries.shutdownNow();
  }
}
