package io.assay.web.temporal;

import io.assay.web.config.AssayProperties;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.ModelAttribute;

/**
 * Gives the UI pages {@code temporalUi}: links to a workflow in Temporal's own Web UI, when one
 * runs (the CLI dev server's, or {@code assay.temporal.ui-url} for an external service).
 */
@ControllerAdvice(basePackages = {"io.assay.web.ui", "io.assay.web.history"})
public class TemporalWebUi {
  private final TemporalConfig.EmbeddedTemporal temporal;
  private final String namespace;

  public TemporalWebUi(TemporalConfig.EmbeddedTemporal temporal, AssayProperties props) {
    this.temporal = temporal;
    this.namespace = props.temporal().namespace();
  }

  /** What a template needs: whether there is a Web UI, and a workflow's page in it. */
  public record Links(TemporalConfig.EmbeddedTemporal temporal, String namespace) {
    public boolean available() {
      return temporal.uiUrl() != null;
    }

    public String workflow(String workflowId) {
      return temporal.workflowUiUrl(namespace, workflowId).orElse(null);
    }
  }

  @ModelAttribute("temporalUi")
  public Links temporalUi() {
    return new Links(temporal, namespace);
  }
}
