package io.assay.web.recon;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.web.support.TestStack;
import io.assay.web.ui.Browser;
import io.assay.web.ui.Http;
import io.assay.web.ui.WebAppTest;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

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
  void sectionsAreClosedUntilASearchOrALinkOpensThem() {
    String page = as(ALICE).get("/recon").body();
    // Only the tables section starts open (each table in it closed): the page is an outline.
    assertThat(page)
        .contains("<details id=\"tables\" class=\"section\" open>")
        .contains("<details id=\"metrics\" class=\"section card\">")
        .contains("<details id=\"codes\" class=\"section card\">")
        .contains("<details id=\"value-index\" class=\"section card\">")
        .contains("<details id=\"analyses\" class=\"section card\">");
    assertThat(as(ALICE).get("/recon?q=operation").body())
        .contains("<details id=\"codes\" class=\"section card\" open")
        .contains("<details id=\"metrics\" class=\"section card\" open");

    try (Browser b = Browser.open(base())) {
      b.signIn(ALICE).go("/recon");
      long height = (Long) b.js("return document.documentElement.scrollHeight;");
      assertThat(height).as("the schema page's height, sections closed").isLessThan(2500);
      // A column's "all N values" link opens the closed value index and that column's full list.
      WebElement link = b.driver().findElement(By.cssSelector("a[href^='#values-']"));
      String row = link.getAttribute("href").replaceAll(".*#", "");
      b.js("arguments[0].closest('details').open = true;", link);
      link.click();
      b.waitFor(
          d -> (Boolean) b.js("return document.getElementById('value-index').open;"),
          Duration.ofSeconds(5));
      Object listShown =
          b.js(
              "const list = document.getElementById(arguments[0]).querySelector('ul.values');"
                  + " return list.getBoundingClientRect().height > 0 ? list.children.length : 0;",
              row);
      assertThat(((Number) listShown).intValue()).as("values listed for " + row).isPositive();
      b.screenshot("schema-value-list-opened");
    }
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
