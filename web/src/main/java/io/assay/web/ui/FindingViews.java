package io.assay.web.ui;

import io.assay.report.words.Labels;
import io.assay.report.words.ProblemWords;
import io.assay.report.words.RawNames;
import io.assay.store.FindingStore;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.stereotype.Component;

/**
 * The job page's findings, drawn once: a stored Finding never changes under its checksum (a re-run
 * step stores a new one), so what the page made of it (statements in words, charts as SVG) is kept
 * by checksum and made again only when the dataset's labels are a new snapshot. Parsing findings
 * and drawing their charts was the largest cost of a finished job's page.
 */
@Component
class FindingViews {
  private static final int KEPT = 512;

  private final FindingStore findings;
  private final ChartRenderer charts;

  private record Made(Labels labels, RawNames names, FindingView view) {}

  /** Least recently used first out. */
  private final Map<String, Made> bySha =
      new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Made> eldest) {
          return size() > KEPT;
        }
      };

  FindingViews(FindingStore findings, ChartRenderer charts) {
    this.findings = findings;
    this.charts = charts;
  }

  List<FindingView> forJob(String jobId, Labels labels, RawNames names, ProblemWords problems) {
    return findings.storedForJob(jobId).stream()
        .map(s -> view(s, labels, names, problems))
        .toList();
  }

  private FindingView view(
      FindingStore.Stored stored, Labels labels, RawNames names, ProblemWords problems) {
    synchronized (bySha) {
      Made made = bySha.get(stored.sha256());
      // Labels and raw names are one object per recon snapshot: the same object, the same words.
      if (made != null && made.labels() == labels && made.names() == names) {
        return made.view();
      }
    }
    FindingView view = FindingView.of(stored.finding(), charts::plot, labels, names, problems);
    synchronized (bySha) {
      bySha.put(stored.sha256(), new Made(labels, names, view));
    }
    return view;
  }
}
