package io.assay.web.recon;

import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;
import static org.springframework.security.test.web.servlet.request.SecurityMockMvcRequestPostProcessors.user;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

import io.assay.recon.Recon;
import io.assay.recon.ReconRegistry;
import io.assay.web.errors.WebEdgeConfig;
import java.util.List;
import java.util.Optional;
import org.hamcrest.Matchers;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.autoconfigure.web.servlet.WebMvcTest;
import org.springframework.context.annotation.Import;
import org.springframework.test.context.bean.override.mockito.MockitoBean;
import org.springframework.test.web.servlet.MockMvc;

/** The recon API alone, recon mocked: dataset choice, unknown names, malformed column refs. */
@WebMvcTest(ReconApiController.class)
@Import(WebEdgeConfig.class)
class ReconApiSliceTest {
  @Autowired MockMvc mvc;
  @MockitoBean ReconRegistry recons;
  @MockitoBean io.assay.web.temporal.TemporalConfig.EmbeddedTemporal temporal;

  @MockitoBean(answers = org.mockito.Answers.RETURNS_DEEP_STUBS)
  io.assay.web.config.AssayProperties props;

  private final Recon financial = mock(Recon.class);

  @BeforeEach
  void twoDatasets() {
    when(recons.datasets()).thenReturn(List.of("financial", "pagila"));
    when(recons.defaultDataset()).thenReturn("financial");
    when(recons.serves("financial")).thenReturn(true);
    when(recons.serves("pagila")).thenReturn(true);
    when(recons.get("financial")).thenReturn(financial);
    when(financial.codes(any())).thenReturn(Optional.empty());
  }

  @Test
  void theDatasetsAreListedDefaultFirst() throws Exception {
    mvc.perform(get("/api/datasets").with(user("alice").roles("ANALYST")))
        .andExpect(status().isOk())
        .andExpect(jsonPath("$[0]").value("financial"))
        .andExpect(jsonPath("$[1]").value("pagila"));
  }

  @Test
  void anUnknownDatasetIsNotFoundAndNamesTheDatasetsServed() throws Exception {
    mvc.perform(get("/api/recon").param("dataset", "nope").with(user("alice").roles("ANALYST")))
        .andExpect(status().isNotFound())
        .andExpect(jsonPath("$.detail").value(Matchers.containsString("financial")))
        .andExpect(jsonPath("$.detail").value(Matchers.containsString("pagila")));
  }

  @Test
  void aMalformedColumnIsABadRequestAndAColumnWithoutCodesNotFound() throws Exception {
    mvc.perform(get("/api/recon/codes/no-dot-here").with(user("alice").roles("ANALYST")))
        .andExpect(status().isBadRequest());
    mvc.perform(get("/api/recon/codes/trans.amount").with(user("alice").roles("ANALYST")))
        .andExpect(status().isNotFound())
        .andExpect(jsonPath("$.detail").value("Column trans.amount has no code list."));
  }
}
