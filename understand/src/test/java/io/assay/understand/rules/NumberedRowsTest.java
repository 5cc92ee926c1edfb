package io.assay.understand.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.ColumnRef;
import io.assay.pick.Comparison;
import io.assay.pick.Filter;
import io.assay.pick.Value;
import java.util.List;
import org.junit.jupiter.api.Test;

class NumberedRowsTest {

  private static Filter key(String column, long n) {
    return new Filter.Compare(ColumnRef.of(column), Comparison.EQ, Value.number(n));
  }

  @Test
  void aTableNounBeforeAWholeNumberNamesOneRowByItsKey() {
    assertThat(Drafts.after(NumberedRows.class, "how many loans has account 2210 taken?").filters)
        .containsExactly(key("account.account_id", 2210));
    assertThat(Drafts.after(NumberedRows.class, "show the gender of client no 17").filters)
        .containsExactly(key("client.client_id", 17));
    assertThat(
            Drafts.pagilaAfter(NumberedRows.class, "how many payments has customer 77 made?")
                .filters)
        .containsExactly(key("customer.customer_id", 77));
    Draft p = Drafts.pagilaAfter(NumberedRows.class, "list the actors of film number 12");
    assertThat(p.filters).containsExactly(key("film.film_id", 12));
    assertThat(p.explainedWords).hasSize(1);
  }

  @Test
  void twoNumbersOnOneKeyAreARangeAfterFromOrBetweenAndEitherOtherwise() {
    Draft range = Drafts.after(NumberedRows.class, "list the loans from account 5 to account 40");
    assertThat(range.filters)
        .containsExactly(
            new Filter.Between(
                ColumnRef.of("account.account_id"), Value.number(5), Value.number(40)));
    Draft either = Drafts.pagilaAfter(NumberedRows.class, "list the rentals of store 1 or store 2");
    assertThat(either.filters.get(0)).isInstanceOf(Filter.In.class);
  }

  @Test
  void aQuantityOrACountAfterTheNumberIsNoRowsNumber() {
    for (String q :
        List.of(
            "which accounts with 3 loans are in Prague?",
            "clients older than 60 years",
            "customers 40 times")) {
      Draft d =
          q.startsWith("customers")
              ? Drafts.pagilaAfter(NumberedRows.class, q)
              : Drafts.after(NumberedRows.class, q);
      assertThat(d.filters).as(q).noneMatch(f -> f.toString().contains("_id"));
    }
  }

  @Test
  void aVerbOrAPauseAfterTheNumberLeavesItTheRowsNumber() {
    assertThat(Drafts.after(NumberedRows.class, "how much did account 31 withdraw?").filters)
        .containsExactly(key("account.account_id", 31));
    assertThat(
            Drafts.after(NumberedRows.class, "for account 42, how many loans were approved?")
                .filters)
        .containsExactly(key("account.account_id", 42));
    // a noun of rows right after it still makes the number a quantity
    assertThat(Drafts.after(NumberedRows.class, "clients with 2 accounts").filters).isEmpty();
  }
}
