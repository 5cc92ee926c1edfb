package io.assay.web.recon;

import io.assay.analyses.AnalysisRegistry;
import io.assay.datasets.registry.UnknownDatasetException;
import io.assay.recon.ReconRegistry;
import io.assay.report.words.Labels;
import io.assay.web.ui.PageController;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.http.HttpStatus;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.server.ResponseStatusException;

/** The recon browser: tables, columns, relationships, metrics, code values. */
@PageController
class ReconPageController {
  private final ReconRegistry recons;
  private final AnalysisRegistry analyses;

  ReconPageController(ReconRegistry recons, ObjectProvider<AnalysisRegistry> analyses) {
    this.recons = recons;
    // The worker's registry when this process runs one; otherwise the same discovery it uses.
    this.analyses = analyses.getIfAvailable(AnalysisRegistry::discover);
  }

  /** One dataset's schema ({@code dataset} blank: the default one), with a choice of the others. */
  @GetMapping("/recon")
  String page(
      @RequestParam(required = false) String q,
      @RequestParam(required = false) String dataset,
      Model model) {
    String chosen = dataset == null || dataset.isBlank() ? recons.defaultDataset() : dataset;
    if (!recons.serves(chosen)) {
      throw new ResponseStatusException(
          HttpStatus.NOT_FOUND,
          new UnknownDatasetException(chosen, recons.datasets()).getMessage());
    }
    model.addAttribute(
        "recon", ReconPage.of(recons.get(chosen).describe(), q, Labels.from(recons.get(chosen))));
    model.addAttribute("analyses", ReconPage.analyses(analyses, q));
    model.addAttribute("datasets", recons.datasets());
    return "recon";
  }
}
