package io.assay.report;

import io.assay.contract.finding.ArtifactRef;
import io.assay.contract.finding.ChartData;
import io.assay.contract.finding.Figure;
import io.assay.contract.finding.Finding;
import io.assay.contract.finding.Operand;
import io.assay.contract.report.PlanQuestion;
import io.assay.contract.report.ReportRequest;
import io.assay.report.evidence.EvidencePool;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** One section per plan question, in plan order. */
public record Outline(String jobId, List<OutlineSection> sections) {
  public Outline {
    sections = List.copyOf(sections);
  }

  public Optional<OutlineSection> section(String sectionId) {
    return sections.stream().filter(s -> s.sectionId().equals(sectionId)).findFirst();
  }

  public int position(String sectionId) {
    for (int i = 0; i < sections.size(); i++) {
      if (sections.get(i).sectionId().equals(sectionId)) {
        return i;
      }
    }
    return -1;
  }

  /**
   * Plans the report: a section per question; its evidence is the accepted artifacts of its steps
   * plus those its steps' Findings cite (a drill-down may reuse the trend's query); its charts are
   * its Findings' charts.
   */
  public static Outline of(ReportRequest request, EvidencePool pool) {
    List<OutlineSection> sections = new ArrayList<>();
    List<ArtifactRef> accepted = pool.accepted();
    for (PlanQuestion q : request.questions()) {
      List<String> answers = new ArrayList<>();
      Set<ArtifactRef> evidence = new LinkedHashSet<>();
      List<String> charts = new ArrayList<>();
      for (String stepId : q.stepIds()) {
        for (ArtifactRef ref : accepted) {
          if (pool.stepOf(ref).filter(stepId::equals).isPresent()) {
            evidence.add(ref);
          }
        }
        Optional<Finding> finding = pool.finding(stepId);
        if (finding.isEmpty()) {
          continue;
        }
        Finding f = finding.get();
        if (!f.goal().isEmpty()) {
          answers.add(f.goal());
        }
        for (ArtifactRef ref : cited(f)) {
          if (pool.citable(ref)) {
            evidence.add(ref);
          }
        }
        f.charts().forEach(c -> charts.add(c.id()));
      }
      sections.add(
          new OutlineSection(
              q.id(), q.id(), q.text(), answers, q.stepIds(), List.copyOf(evidence), charts));
    }
    return new Outline(request.jobId(), sections);
  }

  /** Every artifact a Finding cites: its list, its figures and their operands, its charts. */
  public static List<ArtifactRef> cited(Finding f) {
    Set<ArtifactRef> refs = new LinkedHashSet<>(f.artifacts());
    for (Figure fig : f.figures()) {
      refs.add(fig.artifact());
      for (Operand op : fig.derivation().inputs()) {
        refs.add(op.artifact());
      }
    }
    for (ChartData chart : f.charts()) {
      refs.add(chart.source());
    }
    return List.copyOf(refs);
  }
}
