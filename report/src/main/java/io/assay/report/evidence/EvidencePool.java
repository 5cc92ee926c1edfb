package io.assay.report.evidence;

import com.fasterxml.jackson.databind.JsonNode;
import io.assay.contract.evidence.ArtifactInfo;
import io.assay.contract.evidence.ArtifactStatus;
import io.assay.contract.finding.ArtifactRef;
import io.assay.contract.finding.ChartData;
import io.assay.contract.finding.ContributionBars;
import io.assay.contract.finding.Figure;
import io.assay.contract.finding.Finding;
import io.assay.contract.finding.StatementTemplate;
import io.assay.contract.finding.TableData;
import io.assay.contract.finding.TimeSeriesChart;
import io.assay.report.words.Labels;
import io.assay.store.Artifact;
import io.assay.store.ArtifactStore;
import io.assay.store.FindingStore;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Everything a job's report may cite: its accepted artifacts and its Findings. Anything else (a
 * revoked artifact, another job's artifact, a reference whose hash differs) is not citable, and
 * {@link #whyNotCitable} says why.
 */
public final class EvidencePool {
  private final String jobId;
  private final Map<Long, Artifact> artifacts;
  private final Map<String, Finding> findings;
  private final Map<Long, JsonNode> parsed = new HashMap<>();

  public EvidencePool(String jobId, List<Artifact> artifacts, List<Finding> findings) {
    this.jobId = jobId;
    Map<Long, Artifact> byId = new LinkedHashMap<>();
    for (Artifact a : artifacts) {
      byId.put(a.ref().id(), a);
    }
    this.artifacts = Collections.unmodifiableMap(byId);
    Map<String, Finding> byStep = new LinkedHashMap<>();
    for (Finding f : findings) {
      byStep.put(f.stepId(), f);
    }
    this.findings = Collections.unmodifiableMap(byStep);
  }

  /**
   * Loads a job's pool, re-hashing every accepted artifact: one whose content no longer matches its
   * hash is revoked here, before anything can cite it.
   */
  public static EvidencePool load(ArtifactStore artifacts, FindingStore findings, String jobId) {
    List<Artifact> checked = new ArrayList<>();
    for (Artifact a : artifacts.forJob(jobId)) {
      if (a.info().status() == ArtifactStatus.ACCEPTED && !a.intact()) {
        ArtifactInfo revoked =
            artifacts.revoke(a.ref().id(), "content no longer matches its SHA-256");
        checked.add(new Artifact(revoked, a.content()));
      } else {
        checked.add(a);
      }
    }
    return new EvidencePool(jobId, checked, findings.forJob(jobId));
  }

  public String jobId() {
    return jobId;
  }

  public List<Finding> findings() {
    return List.copyOf(findings.values());
  }

  public Optional<Finding> finding(String stepId) {
    return Optional.ofNullable(findings.get(stepId));
  }

  /** Accepted artifacts of this job, in write order. */
  public List<ArtifactRef> accepted() {
    return artifacts.values().stream()
        .filter(a -> a.info().accepted() && a.info().jobId().equals(jobId))
        .map(Artifact::ref)
        .toList();
  }

  /** The step that stored an artifact of this job, if the pool knows it. */
  public Optional<String> stepOf(ArtifactRef ref) {
    Artifact a = artifacts.get(ref.id());
    return a == null ? Optional.empty() : Optional.of(a.info().stepId());
  }

  public boolean citable(ArtifactRef ref) {
    return whyNotCitable(ref).isEmpty();
  }

  /** Empty when {@code ref} is an accepted artifact of this job with this exact hash. */
  public Optional<String> whyNotCitable(ArtifactRef ref) {
    if (ref == null) {
      return Optional.of("no artifact cited");
    }
    Artifact a = artifacts.get(ref.id());
    if (a == null || !a.info().jobId().equals(jobId)) {
      return Optional.of("artifact " + ref.label() + " is not an artifact of job " + jobId);
    }
    if (!a.ref().sha256().equals(ref.sha256())) {
      return Optional.of(
          "artifact "
              + ref.label()
              + " is cited with a hash that differs from the stored "
              + a.ref().label());
    }
    return switch (a.info().status()) {
      case ACCEPTED -> Optional.empty();
      case PENDING ->
          Optional.of("artifact " + ref.label() + " has not passed its read-back check");
      case REVOKED ->
          Optional.of("artifact " + ref.label() + " was revoked: " + a.info().revokedReason());
    };
  }

  /** Parsed content of a citable artifact. */
  public JsonNode content(ArtifactRef ref) {
    Optional<String> why = whyNotCitable(ref);
    if (why.isPresent()) {
      throw new IllegalArgumentException(why.get());
    }
    return parsed.computeIfAbsent(ref.id(), id -> artifacts.get(id).json());
  }

  /**
   * Text a report may reproduce verbatim because a Finding recorded it: goals, paths, data
   * summaries, errors, next steps, figure labels and units, chart titles, element names, table
   * labels and statement labels. Numbers inside these are the source's words, not report figures.
   */
  public Set<String> verbatim() {
    Set<String> out = new LinkedHashSet<>();
    for (Finding f : findings.values()) {
      out.add(f.analysis());
      out.add(f.goal());
      out.add(f.keyPath());
      out.add(f.data().summary());
      out.addAll(f.errors());
      out.addAll(f.nextSteps());
      for (Figure fig : f.figures()) {
        out.add(fig.label());
        out.add(fig.unit());
      }
      for (String statement : f.statements()) {
        for (StatementTemplate.Part part : StatementTemplate.parse(statement)) {
          if (part instanceof StatementTemplate.LabelPart label) {
            // A dataset's label takes the case its place in the sentence needs.
            out.add(label.text());
            out.add(Labels.midSentence(label.text()));
            out.add(Labels.sentenceStart(label.text()));
          }
        }
      }
      for (ChartData chart : f.charts()) {
        out.add(chart.title());
        if (chart instanceof TimeSeriesChart ts) {
          out.add(ts.unit());
        } else if (chart instanceof ContributionBars bars) {
          out.add(bars.dimension());
          out.add(bars.unit());
          bars.bars().forEach(b -> out.add(b.element()));
        } else if (chart instanceof TableData table) {
          out.addAll(table.labelColumns());
          for (TableData.ValueColumn column : table.valueColumns()) {
            out.add(column.name());
            out.add(column.unit());
          }
          table.rows().forEach(r -> out.addAll(r.labels()));
        }
      }
    }
    out.remove("");
    return out;
  }
}
