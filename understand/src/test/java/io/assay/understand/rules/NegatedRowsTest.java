package io.assay.understand.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.Filter;
import java.util.List;
import org.junit.jupiter.api.Test;

class NegatedRowsTest {

  @Test
  void aNegatedTablePhraseKeepsRowsWithoutRelatedRows() {
    for (String q :
        List.of(
            "clients who never had a loan",
            "accounts that don't have any standing orders",
            "how many accounts have no loan",
            "list the accounts with no standing orders")) {
      Draft d = Drafts.after(NegatedRows.class, q);
      assertThat(d.related).as(q).hasSize(1);
      assertThat(d.related.get(0).negated()).as(q).isTrue();
    }
  }

  @Test
  void valuesAfterTheNegatedRowsAreReadInsideThem() {
    Draft d =
        Drafts.after(
            NegatedRows.class, "how many accounts have never had a card of the gold type?");
    assertThat(d.related).hasSize(1);
    assertThat(d.related.get(0).table()).isEqualTo("card");
    assertThat(d.related.get(0).filters()).hasSize(1);
    assertThat(d.filters).isEmpty();
  }

  @Test
  void aVerbNamingTheSubjectAndOtherRowsNegatesTheOtherRows() {
    Draft d =
        Drafts.pagilaAfter(
            NegatedRows.class, "how many customers have never rented an action film?");
    assertThat(d.related).hasSize(1);
    assertThat(d.related.get(0).table()).isEqualTo("rental");
    assertThat(d.related.get(0).filters().toString()).contains("category.name");
  }

  @Test
  void aDateAfterTheNegatedRowsDatesThemNotTheSubject() {
    Draft d =
        Drafts.pagilaAfter(
            TimeScope.class, "how many customers never rented a comedy film in 2022?");
    assertThat(d.time).isNull();
    List<Filter> inside = d.related.get(0).filters();
    assertThat(inside.toString()).contains("rental.rental_date");
    Draft f = Drafts.after(TimeScope.class, "how many clients never took a loan in 1997?");
    assertThat(f.time).isNull();
    assertThat(f.related.get(0).filters().toString()).contains("loan.date");
  }

  @Test
  void aNegatedEventNamingSeveralTablesDeniesTheRowsItCounts() {
    Draft p = Drafts.pagilaAfter(TimeScope.class, "how many films were never rented in 2022?");
    assertThat(p.related).hasSize(1);
    assertThat(p.related.get(0).table()).isEqualTo("rental");
    assertThat(p.time).isNull();
    Draft f = Drafts.after(NegatedRows.class, "how many accounts never made a transaction?");
    assertThat(f.related).hasSize(1);
    assertThat(f.related.get(0).table()).isEqualTo("trans");
  }

  @Test
  void aNegatedColumnOfTheRowsThemselvesKeepsTheRowsWhereItIsEmpty() {
    // phrasings written for this test
    for (String q :
        List.of(
            "how many rentals were never returned", "list the rentals that were never returned")) {
      Draft d = Drafts.pagilaAfter(NegatedRows.class, q);
      assertThat(d.related).as(q).isEmpty();
      assertThat(d.filters)
          .as(q)
          .containsExactly(
              new Filter.IsNull(io.assay.pick.ColumnRef.of("rental.return_date"), false));
    }
  }
}
