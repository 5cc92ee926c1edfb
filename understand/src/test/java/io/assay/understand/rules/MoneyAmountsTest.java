package io.assay.understand.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.ColumnRef;
import io.assay.pick.Comparison;
import io.assay.pick.Filter;
import io.assay.pick.Value;
import java.math.BigDecimal;
import org.junit.jupiter.api.Test;

/**
 * {@link MoneyAmounts}: a sum with its currency tied to the rows named right after "of" or right
 * after the sum. Phrasings written for this test, with look-alikes read otherwise.
 */
class MoneyAmountsTest {

  private static Filter amount(String column, Comparison op, String v) {
    return new Filter.Compare(ColumnRef.of(column), op, Value.number(new BigDecimal(v)));
  }

  @Test
  void aSumBeforeTheNounIsThatRowsAmount() {
    Draft d = Drafts.after(MoneyAmounts.class, "Which client took out a 120000 USD loan in 1997?");
    assertThat(d.filters).contains(amount("loan.amount", Comparison.EQ, "120000"));
    Draft p = Drafts.pagilaAfter(MoneyAmounts.class, "which customer made a $11.99 payment?");
    assertThat(p.filters).contains(amount("payment.amount", Comparison.EQ, "11.99"));
  }

  @Test
  void aSumAfterOfStillReadsTheSame() {
    Draft d = Drafts.after(MoneyAmounts.class, "which account got a loan of 40000 USD in 1995?");
    assertThat(d.filters).contains(amount("loan.amount", Comparison.EQ, "40000"));
  }

  @Test
  void aComparedSumOrANumberWithoutCurrencyIsNotAnEquality() {
    Draft more = Drafts.after(MoneyAmounts.class, "list more than 90000 USD loans from 1996");
    assertThat(more.filters).doesNotContain(amount("loan.amount", Comparison.EQ, "90000"));
    // "3 loans" is a count of loans, not an amount
    Draft three = Drafts.after(MoneyAmounts.class, "which accounts have 3 loans?");
    assertThat(three.filters).doesNotContain(amount("loan.amount", Comparison.EQ, "3"));
  }
}
