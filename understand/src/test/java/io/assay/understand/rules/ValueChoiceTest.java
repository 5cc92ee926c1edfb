package io.assay.understand.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.ColumnRef;
import io.assay.pick.Filter;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * How {@link Values} and the column choice settle a phrase that may name several things, by the
 * question's other words, without asking.
 */
class ValueChoiceTest {

  private static List<ColumnRef> columns(Draft d) {
    return d.filters.stream()
        .map(f -> f instanceof Filter.Compare c ? c.column() : ((Filter.In) f).column())
        .toList();
  }

  @Test
  void valuesJoinedByAndOrOrShareTheColumnOneOfThemNamesAlone() {
    for (String q :
        List.of("loans of clients from Brno or Prague", "accounts in Prague and Brno")) {
      Draft d = Drafts.after(Values.class, q);
      assertThat(columns(d)).as(q).containsOnly(ColumnRef.of("district.a2"));
    }
  }

  @Test
  void aConjunctionEndsAPhrase() {
    Draft d = Drafts.after(Values.class, "how many classic and gold cards are there?");
    assertThat(d.filters).hasSize(1);
    assertThat(d.filters.get(0)).isInstanceOf(Filter.In.class);
    Draft p = Drafts.pagilaAfter(Values.class, "how many PG and R films are there?");
    assertThat(p.filters.get(0)).isInstanceOf(Filter.In.class);
  }

  @Test
  void withATimeTheValueOfTheTableThatCarriesItsOwnDateIsMeant() {
    for (String q :
        List.of(
            "the total amount of insurance payments in 1997",
            "how many household payments were there in March 1996?")) {
      Draft d = Drafts.after(Values.class, q);
      assertThat(d.clarification).as(q).isNull();
      assertThat(columns(d)).as(q).containsOnly(ColumnRef.of("trans.k_symbol"));
    }
  }

  @Test
  void anAmbiguousColumnIsTheOneOfTheTableTheQuestionFiltersOn() {
    for (String q :
        List.of(
            "what was the total amount of the pension credits in 1997?",
            "the average amount of household payments in 1996")) {
      Draft d = Drafts.after(MeasureOrSelection.class, q);
      assertThat(d.clarification).as(q).isNull();
      assertThat(d.measure.toString()).as(q).contains("trans.amount");
    }
  }
}
