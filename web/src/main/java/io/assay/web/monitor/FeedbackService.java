package io.assay.web.monitor;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.assay.analyses.trend.TrendAnomaly;
import io.assay.contract.monitor.Verdict;
import io.assay.store.ArtifactPart;
import io.assay.store.ArtifactStore;
import io.assay.store.FeedbackRecord;
import io.assay.store.FeedbackStore;
import io.assay.store.JobRecord;
import io.assay.store.JobStore;
import io.assay.web.jobs.InvalidSubmission;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.stereotype.Service;

/**
 * Feedback on flagged intervals: which intervals a job's trend scans flagged, and people's verdicts
 * on them, stored with who and when and appended to the job's event stream. The verdicts of a
 * monitor's runs tune its later runs ({@link FeedbackTuning}).
 */
@Service
public class FeedbackService {
  /** Longest note kept with a verdict. */
  public static final int MAX_NOTE = 1000;

  private final ArtifactStore artifacts;
  private final FeedbackStore feedback;
  private final JobStore jobs;
  private final ObjectMapper json;

  /** How many finished jobs' flagged intervals are remembered (a few hundred bytes each). */
  static final int REMEMBERED = 1000;

  /** Flagged intervals by job id and row state, least recently shown dropped first. */
  private final Map<String, List<FlaggedInterval>> remembered =
      new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, List<FlaggedInterval>> eldest) {
          return size() > REMEMBERED;
        }
      };

  public FeedbackService(
      ArtifactStore artifacts, FeedbackStore feedback, JobStore jobs, ObjectMapper json) {
    this.artifacts = artifacts;
    this.feedback = feedback;
    this.jobs = jobs;
    this.json = json;
  }

  /**
   * Every interval the job's trend_anomaly steps flagged, step by step, ranked as scanned. Only the
   * scans' metric and intervals are read, not the series and scores beside them.
   */
  public List<FlaggedInterval> flagged(String jobId) {
    List<FlaggedInterval> out = new ArrayList<>();
    for (ArtifactPart scan :
        artifacts.computations(
            jobId, ":" + TrendAnomaly.NAME, "anomaly_scan", List.of("metric", "intervals"))) {
      JsonNode c = scan.fields();
      for (JsonNode i : c.path("intervals")) {
        out.add(
            new FlaggedInterval(
                scan.info().stepId(),
                c.path("metric").asText(),
                i.path("start").asText(),
                i.path("end").asText(),
                LocalDate.parse(i.path("from").asText()),
                LocalDate.parse(i.path("to").asText()),
                i.path("score").asDouble(),
                i.path("direction").asText()));
      }
    }
    return out;
  }

  /**
   * The intervals the job page offers feedback on: those of a finished job, read once per state of
   * its row (a finished job's accepted scans do not change; a step run again changes its row) and
   * remembered for {@link #REMEMBERED} jobs, since every load of a finished job's page and of its
   * live part asks again. A running job's scans are still coming: none yet. Feedback itself is
   * checked against a fresh read ({@link #give}).
   */
  public List<FlaggedInterval> shown(JobRecord job) {
    if (!job.state().terminal()) {
      return List.of();
    }
    String key = job.id() + "@" + job.updatedAt() + "@" + job.state();
    synchronized (remembered) {
      List<FlaggedInterval> known = remembered.get(key);
      if (known != null) {
        return known;
      }
    }
    List<FlaggedInterval> read = List.copyOf(flagged(job.id()));
    synchronized (remembered) {
      remembered.put(key, read);
    }
    return read;
  }

  public List<FeedbackRecord> forJob(String jobId) {
    return feedback.forJob(jobId);
  }

  /**
   * Stores a verdict on one of the job's flagged intervals, named by its step (optional when one
   * step flagged it) and its first and last day. Refused with the field at fault: an interval the
   * job did not flag, an unknown verdict, a note too long.
   */
  public FeedbackRecord give(
      JobRecord job,
      String stepId,
      String from,
      String to,
      String verdict,
      String note,
      String by) {
    Verdict v;
    try {
      v = Verdict.parse(verdict);
    } catch (IllegalArgumentException e) {
      throw new InvalidSubmission("verdict", e.getMessage());
    }
    String n = note == null ? "" : note.strip();
    if (n.length() > MAX_NOTE) {
      throw new InvalidSubmission("note", "The note can be at most " + MAX_NOTE + " characters.");
    }
    if (n.indexOf('\u0000') >= 0) {
      throw new InvalidSubmission("note", "NUL characters are not accepted.");
    }
    LocalDate f = date("from", from);
    LocalDate t = date("to", to);
    List<FlaggedInterval> flagged = flagged(job.id());
    FlaggedInterval interval =
        flagged.stream()
            .filter(i -> i.from().equals(f) && i.to().equals(t))
            .filter(i -> stepId == null || stepId.isBlank() || i.stepId().equals(stepId))
            .findFirst()
            .orElseThrow(
                () ->
                    new InvalidSubmission(
                        "from",
                        flagged.isEmpty()
                            ? "Job " + job.id() + " flagged no interval to give feedback on."
                            : "Job "
                                + job.id()
                                + " flagged no interval "
                                + f
                                + " to "
                                + t
                                + "; it flagged "
                                + flagged.stream()
                                    .map(i -> i.from() + " to " + i.to())
                                    .distinct()
                                    .toList()
                                + "."));
    String monitor = jobs.monitorOf(job.id()).orElse(null);
    FeedbackRecord saved =
        feedback.add(
            job.id(),
            monitor,
            interval.stepId(),
            interval.metric(),
            interval.from(),
            interval.to(),
            interval.score(),
            v,
            n,
            by);
    Map<String, Object> payload = new LinkedHashMap<>();
    payload.put("by", by);
    payload.put("verdict", v.words());
    payload.put("interval", interval.periods());
    payload.put("metric", interval.metric());
    payload.put("note", n);
    jobs.appendEvent(
        job.id(), job.id() + ":feedback:" + saved.id(), "feedback_given", write(payload));
    return saved;
  }

  private static LocalDate date(String field, String text) {
    if (text == null || text.isBlank()) {
      throw new InvalidSubmission(field, field + " is required: the interval's first or last day.");
    }
    try {
      return LocalDate.parse(text.strip());
    } catch (DateTimeParseException e) {
      throw new InvalidSubmission(
          field, field + ": '" + text.strip() + "' is not a date (1997-06-01).");
    }
  }

  private String write(Object value) {
    try {
      return json.writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }
}
