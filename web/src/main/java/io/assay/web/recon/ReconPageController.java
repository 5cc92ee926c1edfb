package io.assay.web.recon;

import io.assay.recon.ReconCache;
import io.assay.web.ui.PageController;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;

/** The recon browser: tables, columns, relationships, metrics, code values. */
@PageController
class ReconPageController {
  private final ReconCache recon;

  ReconPageController(ReconCache recon) {
    this.recon = recon;
  }

  @GetMapping("/recon")
  String page(@RequestParam(required = false) String q, Model model) {
    model.addAttribute("recon", ReconPage.of(recon.get().describe(), q));
    return "recon";
  }
}
