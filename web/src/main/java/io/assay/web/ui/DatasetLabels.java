package io.assay.web.ui;

import io.assay.analyses.AnalysisRegistry;
import io.assay.recon.Recon;
import io.assay.recon.ReconRegistry;
import io.assay.report.words.Labels;
import io.assay.report.words.ProblemWords;
import io.assay.report.words.RawNames;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.stereotype.Component;

/**
 * The people's names of a dataset's columns and metrics, as the report uses them, so that the job
 * page and the CSV downloads read like the report. Built once per recon snapshot.
 */
@Component
public class DatasetLabels {
  private final ReconRegistry recons;
  private final Map<String, String> analyses;
  private final Map<String, Labels> byFingerprint = new ConcurrentHashMap<>();
  private final Map<String, RawNames> namesByFingerprint = new ConcurrentHashMap<>();
  private final Map<String, ProblemWords> problemsByFingerprint = new ConcurrentHashMap<>();
  private final Map<String, String> arguments;

  public DatasetLabels(ReconRegistry recons, ObjectProvider<AnalysisRegistry> analyses) {
    this.recons = recons;
    // The analyses name themselves: "the drill-down step", not "drill_down".
    AnalysisRegistry registry = analyses.getIfAvailable(AnalysisRegistry::discover);
    this.analyses = registry.titles();
    this.arguments = registry.argumentLabels();
  }

  /**
   * The labels of {@code dataset} (blank: the default one) and the analyses' names; plain names and
   * the analyses' when it is not served.
   */
  public Labels of(String dataset) {
    if (dataset != null && !dataset.isBlank() && !recons.serves(dataset)) {
      return Labels.NONE.withAnalyses(analyses);
    }
    Recon recon = recons.get(dataset);
    return byFingerprint.computeIfAbsent(
        recon.dataset() + ":" + recon.fingerprint(),
        k -> Labels.from(recon).withAnalyses(analyses));
  }

  /**
   * Why an action or a step was refused, in the words of {@code dataset} (blank: the default one):
   * arguments by their labels, analyses by their titles, columns and metrics by the dataset's.
   */
  public ProblemWords problems(String dataset) {
    if (dataset != null && !dataset.isBlank() && !recons.serves(dataset)) {
      return new ProblemWords(RawNames.NONE, of(dataset), arguments);
    }
    Recon recon = recons.get(dataset);
    // One object per recon snapshot, as the labels are: the job page's finding views are kept
    // while the words they were made with stay the same.
    return problemsByFingerprint.computeIfAbsent(
        recon.dataset() + ":" + recon.fingerprint(),
        k -> new ProblemWords(rawNames(dataset), of(dataset), arguments));
  }

  /** The raw names of {@code dataset} an analysis's texts may quote, with their labels. */
  RawNames rawNames(String dataset) {
    if (dataset != null && !dataset.isBlank() && !recons.serves(dataset)) {
      return RawNames.NONE;
    }
    Recon recon = recons.get(dataset);
    return namesByFingerprint.computeIfAbsent(
        recon.dataset() + ":" + recon.fingerprint(), k -> RawNames.of(recon, of(dataset)));
  }
}
