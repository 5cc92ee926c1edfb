package io.assay.recon.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.assay.datasets.testing.TestWarehouse;
import org.junit.jupiter.api.Test;

/**
 * What introspection indexes: a column of text lists by its distinct elements, like a text column's
 * values; long lists of short names as well as short lists of codes.
 */
class ListColumnValuesTest {

  @Test
  void theElementsOfATextArrayColumnAreItsIndexedValues() {
    TestWarehouse w = TestWarehouse.get();
    assumeTrue(w.ensureDataset("pagila"), "../shared/datasets/pagila is not on this machine");
    SchemaSnapshot s = new SchemaIntrospector(w.readerDataSource()).snapshot("pagila");
    assertThat(s.textValues().get("film.special_features"))
        .containsExactly("Behind the Scenes", "Commentaries", "Deleted Scenes", "Trailers");
  }

  @Test
  void longListsOfShortNamesAreIndexedButNotDescriptions() {
    TestWarehouse w = TestWarehouse.get();
    assumeTrue(w.ensureDataset("pagila"), "../shared/datasets/pagila is not on this machine");
    SchemaSnapshot s = new SchemaIntrospector(w.readerDataSource()).snapshot("pagila");
    // a thousand titles and six hundred cities are names people write in a question
    assertThat(s.textValues().get("film.title")).hasSize(1000).contains("ALASKA PHANTOM");
    assertThat(s.textValues().get("city.city")).contains("Akron");
    // a thousand sentences are not names, and a draft's code lists stay short
    assertThat(s.textValues()).doesNotContainKey("film.description");
    SchemaSnapshot codes = new SchemaIntrospector(w.readerDataSource(), 30).snapshot("pagila");
    assertThat(codes.textValues()).doesNotContainKeys("film.title", "city.city");
  }

  @Test
  void onlyArraysOfTextAreLists() {
    assertThat(SchemaIntrospector.textArray("_text")).isTrue();
    assertThat(SchemaIntrospector.textArray("_varchar")).isTrue();
    assertThat(SchemaIntrospector.textArray("_int4")).isFalse();
    assertThat(SchemaIntrospector.textArray("text")).isFalse();
  }
}
