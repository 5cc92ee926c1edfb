package io.assay.web.recon;

import io.assay.datasets.registry.UnknownDatasetException;
import io.assay.recon.ReconRegistry;
import io.assay.web.ui.PageController;
import org.springframework.http.HttpStatus;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.server.ResponseStatusException;

/** The recon browser: tables, columns, relationships, metrics, code values. */
@PageController
class ReconPageController {
  private final ReconRegistry recons;

  ReconPageController(ReconRegistry recons) {
    this.recons = recons;
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
    model.addAttribute("recon", ReconPage.of(recons.get(chosen).describe(), q));
    model.addAttribute("datasets", recons.datasets());
    return "recon";
  }
}
