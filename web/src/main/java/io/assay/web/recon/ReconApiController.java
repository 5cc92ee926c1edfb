package io.assay.web.recon;

import io.assay.pick.ColumnRef;
import io.assay.pick.PickValidationError;
import io.assay.recon.CodeList;
import io.assay.recon.ReconCache;
import io.assay.recon.ReconDescription;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;

/** The schema knowledge graph as JSON. */
@RestController
@Tag(
    name = "Recon",
    description = "The schema knowledge graph: tables, columns, metrics, code values")
class ReconApiController {
  private final ReconCache recon;

  ReconApiController(ReconCache recon) {
    this.recon = recon;
  }

  @Operation(
      summary = "Everything recon knows about the dataset",
      description =
          "Tables and columns (types, descriptions, synonyms, date ranges), relationships, preferred"
              + " join paths, metrics, code lists and the value index.")
  @GetMapping("/api/recon")
  ReconDescription describe() {
    return recon.get().describe();
  }

  @Operation(summary = "One table with its columns")
  @GetMapping("/api/recon/tables/{name}")
  ReconDescription.Table table(@PathVariable String name) {
    return recon.get().describe().tables().stream()
        .filter(t -> t.name().equalsIgnoreCase(name))
        .findFirst()
        .orElseThrow(
            () ->
                new ResponseStatusException(
                    HttpStatus.NOT_FOUND,
                    "No table " + name + suggestion(recon.get().suggestTables(name))));
  }

  @Operation(summary = "The code values of a column, e.g. trans.operation")
  @GetMapping("/api/recon/codes/{column}")
  CodeList codes(@PathVariable String column) {
    ColumnRef ref;
    try {
      ref = ColumnRef.parse(column);
    } catch (PickValidationError e) {
      throw new ResponseStatusException(HttpStatus.BAD_REQUEST, e.getMessage());
    }
    return recon
        .get()
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
