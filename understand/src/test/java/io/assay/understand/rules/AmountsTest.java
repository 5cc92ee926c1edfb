package io.assay.understand.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.ColumnRef;
import io.assay.pick.Comparison;
import io.assay.pick.Filter;
import io.assay.pick.Value;
import org.junit.jupiter.api.Test;

class AmountsTest {

  private static Filter amount(String column, long n) {
    return new Filter.Compare(ColumnRef.of(column), Comparison.EQ, Value.number(n));
  }

  @Test
  void moneyNextToATableNounIsTheAmountOfThoseRows() {
    assertThat(Drafts.after(Amounts.class, "which district had a 41000 USD loan?").filters)
        .contains(amount("loan.amount", 41000));
    assertThat(Drafts.after(Amounts.class, "who received a loan of 12000 dollars?").filters)
        .contains(amount("loan.amount", 12000));
    assertThat(Drafts.after(Amounts.class, "accounts with a transaction of $700").filters)
        .contains(amount("trans.amount", 700));
    assertThat(
            Drafts.pagilaAfter(Amounts.class, "which customers made a 10 dollar payment?").filters)
        .contains(amount("payment.amount", 10));
  }

  @Test
  void aNumberWithoutAUnitOrANounStaysUnexplained() {
    assertThat(Drafts.after(Amounts.class, "a 41000 USD in Prague").filters).isEmpty();
  }
}
