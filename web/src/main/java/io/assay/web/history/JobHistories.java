package io.assay.web.history;

import io.assay.analyses.AnalysisRegistry;
import io.assay.report.words.Labels;
import io.assay.store.JobStore;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.temporal.api.common.v1.WorkflowExecution;
import io.temporal.api.enums.v1.EventType;
import io.temporal.api.enums.v1.WorkflowExecutionStatus;
import io.temporal.api.history.v1.HistoryEvent;
import io.temporal.api.workflowservice.v1.DescribeWorkflowExecutionResponse;
import io.temporal.client.WorkflowClient;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Service;

/**
 * Reads a job's Temporal history: the job workflow (its id is the job id), then every child step
 * workflow run it started ({@code {jobId}:{stepIndex}:{analysis}}), found from the job's own
 * child-started events so that a retried step shows each of its runs.
 */
@Service
public class JobHistories {
  private static final Pattern STEP_ID = Pattern.compile(".*:(\\d+):([a-z0-9_]+)");

  /** Children of children (a step that starts its own workflows) are followed this deep. */
  private static final int MAX_DEPTH = 3;

  /** Closed histories kept: an operator pages through a few long ones, not through all. */
  private static final int KEPT = 8;

  private final WorkflowClient client;
  private final JobStore jobs;
  private final Labels analyses;

  /**
   * The histories of jobs whose every workflow run has closed, by job id, least recently read first
   * out: a closed run's history never changes, so reading the next page of a long one does not
   * fetch and convert its hundreds of events from Temporal again (that was most of the page's
   * time). A running job's history is read afresh every time.
   */
  private final Map<String, JobHistory> closed =
      new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, JobHistory> eldest) {
          return size() > KEPT;
        }
      };

  /** Workflow runs read, kept beside whole closed jobs: a job's closed steps and open runs. */
  private static final int RUNS_KEPT = 32;

  /**
   * Each workflow run as last read, by {@code workflowId/runId}. A closed run (a finished step of a
   * job still running) is not fetched again; an open run is fetched again only when Temporal says
   * its history has grown (or its failed attempts changed), so that a running job's page, which
   * refreshes while people watch it, does not stream and convert hundreds of unchanged events on
   * every refresh.
   */
  private final Map<String, ReadRun> readRuns =
      new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, ReadRun> eldest) {
          return size() > RUNS_KEPT;
        }
      };

  /** One run as read: its history's length, the attempts it was read with, what came of it. */
  private record ReadRun(
      String runId,
      String status,
      long length,
      List<FailedAttempt> attempts,
      List<HistoryEntry> events,
      List<WorkflowExecution> children) {}

  public JobHistories(
      WorkflowClient client, JobStore jobs, ObjectProvider<AnalysisRegistry> registry) {
    this.client = client;
    this.jobs = jobs;
    // A step's run is named by its analysis's own name: "step 2 · drill-down".
    this.analyses =
        Labels.NONE.withAnalyses(registry.getIfAvailable(AnalysisRegistry::discover).titles());
  }

  /** One workflow's full history as Temporal's own JSON (what its tools import). */
  public String json(String workflowId) {
    return client.fetchHistory(workflowId).toJson(true);
  }

  /**
   * The whole payload of event {@code eventId} of one workflow run ({@code runId} null: its
   * latest), as the history page shows it; empty when the run has no such event or it carries none.
   */
  public java.util.Optional<String> payload(String workflowId, String runId, long eventId) {
    synchronized (closed) {
      for (JobHistory h : closed.values()) {
        for (WorkflowRun r : h.runs()) {
          if (r.workflowId().equals(workflowId) && r.runId().equals(runId)) {
            return payloadOf(r.events(), eventId);
          }
        }
      }
    }
    List<HistoryEvent> events;
    try {
      events =
          runId == null || runId.isBlank()
              ? client.fetchHistory(workflowId).getEvents()
              : client.fetchHistory(workflowId, runId).getEvents();
    } catch (RuntimeException e) {
      if (notFound(e)) {
        return java.util.Optional.empty();
      }
      throw e;
    }
    return payloadOf(HistoryEvents.read(workflowId, events), eventId);
  }

  private static java.util.Optional<String> payloadOf(List<HistoryEntry> events, long eventId) {
    return events.stream()
        .filter(e -> e.eventId() == eventId && e.payload() != null)
        .map(HistoryEntry::payload)
        .findFirst();
  }

  public JobHistory of(String jobId) {
    synchronized (closed) {
      JobHistory kept = closed.get(jobId);
      if (kept != null) {
        return kept;
      }
    }
    JobHistory history = read(jobId);
    if (history.unavailable() == null
        && !history.runs().isEmpty()
        && history.runs().stream().noneMatch(JobHistories::open)) {
      synchronized (closed) {
        closed.put(jobId, history);
      }
    }
    return history;
  }

  /** A run that may still get events: running, or of a status this page does not know. */
  private static boolean open(WorkflowRun run) {
    return open(run.status());
  }

  private static boolean open(String status) {
    return status.equals("Running") || status.equals("Unknown");
  }

  private JobHistory read(String jobId) {
    List<WorkflowRun> runs = new ArrayList<>();
    List<String> missing = new ArrayList<>();
    List<FailedAttempt> attempts =
        jobs.eventsOfType(jobId, FailedAttempt.EVENT).stream()
            .map(e -> FailedAttempt.fromJson(e.payloadJson()))
            .flatMap(java.util.Optional::stream)
            .toList();
    read(jobId, null, 0, runs, missing, attempts);
    return new JobHistory(
        jobId,
        runs,
        missing.isEmpty()
            ? null
            : "The Temporal service has no history for "
                + String.join(", ", missing)
                + " (an in-process service forgets workflows when Assay restarts).");
  }

  private void read(
      String workflowId,
      String runId,
      int depth,
      List<WorkflowRun> runs,
      List<String> missing,
      List<FailedAttempt> attempts) {
    ReadRun read = runId == null ? null : kept(workflowId, runId);
    List<WorkflowRun.PendingActivity> pending = List.of();
    if (read == null
        || open(read.status())
        || !read.attempts().equals(ofRun(attempts, workflowId, runId))) {
      DescribeWorkflowExecutionResponse described;
      try {
        described = describe(workflowId, runId);
      } catch (RuntimeException e) {
        if (notFound(e)) {
          missing.add(workflowId);
          return;
        }
        described = null; // described or not, the history below says what there is
      }
      read = null;
      if (described != null
          && described.getWorkflowExecutionInfo().getStatus()
              == WorkflowExecutionStatus.WORKFLOW_EXECUTION_STATUS_RUNNING) {
        String run = described.getWorkflowExecutionInfo().getExecution().getRunId();
        pending = pending(described);
        ReadRun last = kept(workflowId, run);
        if (last != null
            && last.length() == described.getWorkflowExecutionInfo().getHistoryLength()
            && last.attempts().equals(ofRun(attempts, workflowId, run))) {
          read = last;
        }
      }
      if (read == null) {
        read = fetch(workflowId, runId, attempts, missing);
        if (read == null) {
          return;
        }
      }
    }
    runs.add(
        new WorkflowRun(
            workflowId,
            read.runId(),
            role(workflowId, depth),
            read.status(),
            read.events(),
            read.status().equals("Running") ? pending : List.of()));
    if (depth >= MAX_DEPTH) {
      return;
    }
    for (WorkflowExecution child : read.children()) {
      read(child.getWorkflowId(), child.getRunId(), depth + 1, runs, missing, attempts);
    }
  }

  /** Reads a run's history from Temporal and keeps what came of it; null when it has none. */
  private ReadRun fetch(
      String workflowId, String runId, List<FailedAttempt> attempts, List<String> missing) {
    List<HistoryEvent> events;
    try {
      events =
          runId == null
              ? client.fetchHistory(workflowId).getEvents()
              : client.fetchHistory(workflowId, runId).getEvents();
    } catch (RuntimeException e) {
      if (notFound(e)) {
        missing.add(workflowId);
        return null;
      }
      throw e;
    }
    String actualRunId = runId;
    if (actualRunId == null && !events.isEmpty()) {
      actualRunId =
          events.get(0).getWorkflowExecutionStartedEventAttributes().getOriginalExecutionRunId();
    }
    List<FailedAttempt> ofRun = ofRun(attempts, workflowId, actualRunId);
    ReadRun read =
        new ReadRun(
            actualRunId,
            status(events),
            events.size(),
            ofRun,
            HistoryEvents.read(workflowId, events, ofRun),
            children(events));
    if (actualRunId != null) {
      synchronized (readRuns) {
        readRuns.put(workflowId + "/" + actualRunId, read);
      }
    }
    return read;
  }

  private ReadRun kept(String workflowId, String runId) {
    synchronized (readRuns) {
      return readRuns.get(workflowId + "/" + runId);
    }
  }

  private static List<FailedAttempt> ofRun(
      List<FailedAttempt> attempts, String workflowId, String runId) {
    return attempts.stream()
        .filter(a -> a.workflowId().equals(workflowId) && a.runId().equals(runId))
        .toList();
  }

  /** Temporal's description of a run ({@code runId} null: the latest): status, length, pending. */
  private DescribeWorkflowExecutionResponse describe(String workflowId, String runId) {
    var request =
        io.temporal.api.workflowservice.v1.DescribeWorkflowExecutionRequest.newBuilder()
            .setNamespace(client.getOptions().getNamespace())
            .setExecution(
                WorkflowExecution.newBuilder()
                    .setWorkflowId(workflowId)
                    .setRunId(runId == null ? "" : runId))
            .build();
    return client.getWorkflowServiceStubs().blockingStub().describeWorkflowExecution(request);
  }

  /** What a running workflow waits on. */
  private static List<WorkflowRun.PendingActivity> pending(
      DescribeWorkflowExecutionResponse described) {
    List<WorkflowRun.PendingActivity> out = new ArrayList<>();
    for (var a : described.getPendingActivitiesList()) {
      out.add(
          new WorkflowRun.PendingActivity(
              a.getActivityType().getName(),
              a.getState().name().replace("PENDING_ACTIVITY_STATE_", "").toLowerCase(),
              a.getAttempt(),
              a.getMaximumAttempts(),
              a.hasLastFailure() ? HistoryEvents.failure(a.getLastFailure()) : null,
              a.hasScheduledTime() ? instant(a.getScheduledTime()) : null,
              a.hasLastStartedTime() ? instant(a.getLastStartedTime()) : null));
    }
    return out;
  }

  private static String instant(com.google.protobuf.Timestamp t) {
    return java.time.Instant.ofEpochSecond(t.getSeconds(), t.getNanos()).toString();
  }

  /** Started child runs, in start order. */
  private static List<WorkflowExecution> children(List<HistoryEvent> events) {
    List<WorkflowExecution> out = new ArrayList<>();
    for (HistoryEvent e : events) {
      if (e.getEventType() == EventType.EVENT_TYPE_CHILD_WORKFLOW_EXECUTION_STARTED) {
        out.add(e.getChildWorkflowExecutionStartedEventAttributes().getWorkflowExecution());
      }
    }
    return out;
  }

  private static boolean notFound(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof StatusRuntimeException s
          && s.getStatus().getCode() == Status.Code.NOT_FOUND) {
        return true;
      }
    }
    return false;
  }

  private String role(String workflowId, int depth) {
    if (depth == 0) {
      return "job";
    }
    Matcher m = STEP_ID.matcher(workflowId);
    if (m.matches()) {
      return "step "
          + (Integer.parseInt(m.group(1)) + 1)
          + " · "
          + analyses.analysisInText(m.group(2));
    }
    return "child workflow";
  }

  private static final com.fasterxml.jackson.databind.ObjectMapper JSON =
      new com.fasterxml.jackson.databind.ObjectMapper();

  /**
   * A step workflow completes even when its step failed (the failure is its result): the status
   * then names the step's outcome, "Completed · step failed", so it does not read as a success.
   */
  static String completed(HistoryEvent last) {
    var result = last.getWorkflowExecutionCompletedEventAttributes().getResult();
    if (result.getPayloadsCount() == 0) {
      return "Completed";
    }
    try {
      com.fasterxml.jackson.databind.JsonNode step =
          JSON.readTree(result.getPayloads(0).getData().toStringUtf8());
      String outcome = step.path("finding").path("status").asText("");
      // A step whose analysis threw has no finding, only its error: it failed too.
      if (outcome.isEmpty() && !step.path("primaryError").asText("").isEmpty()) {
        outcome = "FAILED";
      }
      return switch (outcome) {
        case "FAILED" -> "Completed · step failed";
        case "EMPTY" -> "Completed · step found no data";
        default -> "Completed";
      };
    } catch (java.io.IOException e) {
      return "Completed";
    }
  }

  private static String status(List<HistoryEvent> events) {
    if (events.isEmpty()) {
      return "Unknown";
    }
    HistoryEvent last = events.get(events.size() - 1);
    return switch (last.getEventType()) {
      case EVENT_TYPE_WORKFLOW_EXECUTION_COMPLETED -> completed(last);
      case EVENT_TYPE_WORKFLOW_EXECUTION_FAILED -> "Failed";
      case EVENT_TYPE_WORKFLOW_EXECUTION_CANCELED -> "Cancelled";
      case EVENT_TYPE_WORKFLOW_EXECUTION_TERMINATED -> "Terminated";
      case EVENT_TYPE_WORKFLOW_EXECUTION_TIMED_OUT -> "Timed out";
      case EVENT_TYPE_WORKFLOW_EXECUTION_CONTINUED_AS_NEW -> "Continued as new";
      default -> "Running";
    };
  }
}
