package io.assay.understand.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.ColumnRef;
import io.assay.pick.Comparison;
import io.assay.pick.Filter;
import io.assay.pick.Value;
import java.util.List;
import org.junit.jupiter.api.Test;

class ValuesTest {

  @Test
  void aStoredValueIsAFilterOnItsColumn() {
    Draft d = Drafts.after(Values.class, "clients living in Pisek");
    assertThat(d.filters)
        .containsExactly(
            new Filter.Compare(ColumnRef.of("district.a2"), Comparison.EQ, Value.text("Pisek")));
  }

  @Test
  void twoValuesOfOneColumnAreEitherOfThem() {
    Draft d = Drafts.after(Values.class, "accounts opened in Pisek or Sokolov");
    assertThat(d.filters).hasSize(1);
    Filter.In in = (Filter.In) d.filters.get(0);
    assertThat(in.negated()).isFalse();
    assertThat(in.values()).containsExactly(Value.text("Pisek"), Value.text("Sokolov"));
  }

  @Test
  void aNegationBeforeAValueExcludesIt() {
    for (String q : List.of("clients not in Sokolov", "loans of clients not from Pisek")) {
      Draft d = Drafts.after(Values.class, q);
      assertThat(d.filters).as(q).hasSize(1);
      assertThat(((Filter.Compare) d.filters.get(0)).op()).as(q).isEqualTo(Comparison.NE);
    }
  }

  @Test
  void aNegatedHavingBeforeAnotherTablesValueKeepsRowsWithoutSuchRows() {
    for (String q :
        List.of(
            "how many accounts without a junior card are in Pisek?",
            "clients who never had a gold card")) {
      Draft d = Drafts.after(Values.class, q);
      assertThat(d.related).as(q).hasSize(1);
      assertThat(d.related.get(0).table()).as(q).isEqualTo("card");
      assertThat(d.related.get(0).negated()).as(q).isTrue();
      assertThat(d.filters).as(q).noneMatch(f -> f.toString().contains("card.type"));
    }
  }

  @Test
  void notHavingAValueOfRelatedRowsKeepsTheRowsWithNone() {
    // "have no card withdrawal" counted accounts with some other transaction: a silent wrong
    for (String q :
        java.util.List.of(
            "How many accounts have no card withdrawal?",
            "How many accounts do not have a card withdrawal?",
            "how many clients do not have a gold card")) {
      io.assay.pick.Pick p =
          io.assay.understand.ReaderFixture.understood(
              io.assay.understand.ReaderFixture.reader(), q);
      org.assertj.core.api.Assertions.assertThat(p.filters())
          .as(q)
          .singleElement()
          .isInstanceOfSatisfying(
              io.assay.pick.Filter.Exists.class,
              e -> org.assertj.core.api.Assertions.assertThat(e.negated()).isTrue());
    }
    // the rows' own value is still excluded
    io.assay.pick.Pick own =
        io.assay.understand.ReaderFixture.understood(
            io.assay.understand.ReaderFixture.reader(),
            "how many transactions are not card withdrawals");
    org.assertj.core.api.Assertions.assertThat(own.filters().toString()).contains("op=NE");
  }
}
