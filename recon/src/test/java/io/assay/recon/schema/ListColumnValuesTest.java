package io.assay.recon.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.assay.datasets.testing.TestWarehouse;
import org.junit.jupiter.api.Test;

/** A column of text lists is indexed by its distinct elements, like a text column's values. */
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
  void onlyArraysOfTextAreLists() {
    assertThat(SchemaIntrospector.textArray("_text")).isTrue();
    assertThat(SchemaIntrospector.textArray("_varchar")).isTrue();
    assertThat(SchemaIntrospector.textArray("_int4")).isFalse();
    assertThat(SchemaIntrospector.textArray("text")).isFalse();
  }
}
