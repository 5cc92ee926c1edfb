package io.assay.web.recon;

import io.assay.datasets.registry.UnknownDatasetException;
import io.assay.pick.ColumnRef;
import io.assay.pick.PickValidationError;
import io.assay.recon.CodeList;
import io.assay.recon.Recon;
import io.assay.recon.ReconDescription;
import io.assay.recon.ReconRegistry;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;

/** The schema knowledge graph as JSON. */
@RestController
@Tag(
    name = "Recon",
    description = "The schema knowledge graph: tables, columns, metrics, code values")
class ReconApiController {
  private final ReconRegistry recons;

  ReconApiController(ReconRegistry recons) {
    this.recons = recons;
  }

  @Operation(summary = "The datasets served, the default first")
  @GetMapping("/api/datasets")
  java.util.List<String> datasets() {
    return recons.datasets();
  }

  /** The dataset asked for ({@code ?dataset=}, blank: the default); 404 naming those served. */
  private Recon recon(String dataset) {
    String chosen = dataset == null || dataset.isBlank() ? recons.defaultDataset() : dataset;
    if (!recons.serves(chosen)) {
      throw new ResponseStatusException(
          HttpStatus.NOT_FOUND,
          new UnknownDatasetException(chosen, recons.datasets()).getMessage());
    }
    return recons.get(chosen);
  }

  @Operation(
      summary = "Everything recon knows about a dataset (?dataset=, default first)",
      description =
          "Tables and columns (types, descriptions, synonyms, date ranges), relationships, preferred"
              + " join paths, metrics, code lists and the value index.")
  @GetMapping("/api/recon")
  ReconDescription describe(@RequestParam(required = false) String dataset) {
    return recon(dataset).describe();
  }

  @Operation(summary = "One table with its columns")
  @GetMapping("/api/recon/tables/{name}")
  ReconDescription.Table table(
      @PathVariable String name, @RequestParam(required = false) String dataset) {
    Recon recon = recon(dataset);
    return recon.describe().tables().stream()
        .filter(t -> t.name().equalsIgnoreCase(name))
        .findFirst()
        .orElseThrow(
            () ->
                new ResponseStatusException(
                    HttpStatus.NOT_FOUND,
                    "No table " + name + suggestion(recon.suggestTables(name))));
  }

  @Operation(summary = "The code values of a column, e.g. trans.operation")
  @GetMapping("/api/recon/codes/{column}")
  CodeList codes(@PathVariable String column, @RequestParam(required = false) String dataset) {
    ColumnRef ref;
    try {
      ref = ColumnRef.parse(column);
    } catch (PickValidationError e) {
      throw new ResponseStatusException(HttpStatus.BAD_REQUEST, e.getMessage());
    }
    return recon(dataset)
        .codes(ref)
        .orElseThrow(
            () ->
                new ResponseStatusException(
                    HttpStatus.NOT_FOUND, "Column " + ref + " has no code list."));
  }

  private static String suggestion(java.util.List<String> names) {
    return names.isEmpty() ? "." : "; did you mean " + String.join(" or ", names) + "?";
  }
}
