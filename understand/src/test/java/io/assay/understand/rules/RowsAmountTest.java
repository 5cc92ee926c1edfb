package io.assay.understand.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.ColumnRef;
import io.assay.pick.Comparison;
import io.assay.pick.Filter;
import io.assay.pick.Value;
import io.assay.understand.ReaderFixture;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@link Comparisons} of a table's rows with a number: their amount, or the unit's column. */
class RowsAmountTest {

  @Test
  void rowsComparedWithANumberCompareTheirAmount() {
    assertThat(
            Drafts.after(Comparisons.class, "how many loans over 400000 were there in 1996?")
                .filters)
        .contains(
            new Filter.Compare(ColumnRef.of("loan.amount"), Comparison.GT, Value.number(400000)));
    assertThat(Drafts.after(Comparisons.class, "count the transactions below 100 in 1995").filters)
        .contains(
            new Filter.Compare(ColumnRef.of("trans.amount"), Comparison.LT, Value.number(100)));
    Draft p =
        Drafts.pagilaAfter(Comparisons.class, "how many payments over 8 dollars in June 2022?");
    assertThat(p.filters)
        .contains(
            new Filter.Compare(ColumnRef.of("payment.amount"), Comparison.GT, Value.number(8)));
    assertThat(p.problems).isEmpty();
  }

  @Test
  void otherRowsThanTheSubjectAskWhetherEachOrTheirTotal() {
    Draft d = Drafts.after(Comparisons.class, "which accounts have transactions above 20000?");
    assertThat(d.clarification).isNotNull();
    assertThat(d.clarification.options())
        .extracting(o -> o.value())
        .containsExactly("each", "total");
    Draft p =
        Drafts.pagilaAfter(Comparisons.class, "which customers have payments over 11 dollars?");
    assertThat(p.clarification).isNotNull();
    String q = "which accounts have transactions above 20000?";
    String id = d.clarification.id();
    Draft each = Drafts.after(ReaderFixture.reader(), Comparisons.class, q, Map.of(id, "each"));
    assertThat(each.filters)
        .contains(
            new Filter.Compare(ColumnRef.of("trans.amount"), Comparison.GT, Value.number(20000)));
    Draft total = Drafts.after(ReaderFixture.reader(), Comparisons.class, q, Map.of(id, "total"));
    assertThat(total.countHaving).isNotNull();
    assertThat(total.filters).isEmpty();
  }

  @Test
  void aCountedNounAfterTheNumberIsACountNotAnAmount() {
    Draft d = Drafts.after(Comparisons.class, "which districts have more than 100 loans?");
    assertThat(d.countHaving).isNotNull();
    assertThat(d.filters).isEmpty();
  }
}
