package io.assay.web.recon;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.web.support.TestStack;
import io.assay.web.ui.Http;
import io.assay.web.ui.WebAppTest;
import org.junit.jupiter.api.Test;

/** The recon browser page and the recon API over the real knowledge graph of the warehouse. */
class ReconBrowserPagesTest extends WebAppTest {

  @Test
  void thePageShowsTablesColumnsMetricsAndCodeValues() {
    String page = as(ALICE).get("/recon").body();

    assertThat(page)
        .contains("id=\"table-account\"", "id=\"table-trans\"", "id=\"table-district\"")
        .contains("id=\"column-trans-operation\"")
        .contains("id=\"codes-trans.operation\"")
        .contains("id=\"metrics\"", "id=\"relationships\"");
  }

  @Test
  void aSearchNarrowsThePage() {
    String page = as(ALICE).get("/recon?q=operation").body();

    assertThat(page).contains("id=\"table-trans\"").doesNotContain("id=\"table-loan\"");
    assertThat(page).contains("id=\"codes-trans.operation\"");
    assertThat(as(ALICE).get("/recon?q=%3Cscript%3E").body())
        .doesNotContain("<script>")
        .contains("No table matches.");
  }

  @Test
  void theApiDescribesTheGraphAndExplainsWhatItDoesNotKnow() {
    Http api = Http.basic(base(), BOB, TestStack.PASSWORD);

    Http.Response all = api.get("/api/recon");
    assertThat(all.status()).isEqualTo(200);
    assertThat(all.body())
        .contains("\"dataset\":\"financial\"", "\"name\":\"trans\"", "\"metrics\"");

    assertThat(api.get("/api/recon/tables/account").body())
        .contains("\"name\":\"account\"", "\"columns\"");
    Http.Response missing = api.get("/api/recon/tables/acount");
    assertThat(missing.status()).isEqualTo(404);
    assertThat(missing.header("Content-Type")).startsWith("application/problem+json");
    assertThat(missing.body()).contains("No table acount; did you mean account");

    assertThat(api.get("/api/recon/codes/trans.operation").body())
        .contains("\"closed\"", "\"values\"");
    Http.Response bad = api.get("/api/recon/codes/operation");
    assertThat(bad.status()).isEqualTo(400);
    assertThat(bad.body()).contains("write table.column");
  }
}
