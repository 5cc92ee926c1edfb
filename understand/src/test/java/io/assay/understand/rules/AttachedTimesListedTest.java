package io.assay.understand.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.ColumnRef;
import io.assay.pick.Filter;
import io.assay.pick.Measure;
import io.assay.pick.Projection;
import org.junit.jupiter.api.Test;

/**
 * {@link AttachedTimes}: a table's rows right after the listing word stay what is listed when a
 * date right after them filters them ("list the accounts opened in 1994").
 */
class AttachedTimesListedTest {

  @Test
  void listedRowsKeepTheirDateAsAFilter() {
    Draft a = Drafts.after(Leftovers.class, "list the accounts opened in 1994");
    assertThat(a.problems).isEmpty();
    assertThat(a.select)
        .containsExactly(new Projection.Column(ColumnRef.of("account.account_id"), null));
    assertThat(a.filters)
        .anyMatch(
            f -> f instanceof Filter.Between b && b.column().equals(ColumnRef.of("account.date")));
    Draft b = Drafts.after(Leftovers.class, "show the loans granted in 1996");
    assertThat(b.problems).isEmpty();
    assertThat(b.select).containsExactly(new Projection.Column(ColumnRef.of("loan.loan_id"), null));
    Draft p = Drafts.pagilaAfter(Leftovers.class, "show the payments made in May 2022");
    assertThat(p.problems).isEmpty();
    assertThat(p.select)
        .containsExactly(new Projection.Column(ColumnRef.of("payment.payment_id"), null));
  }

  @Test
  void aCountOfDatedRowsIsStillACount() {
    Draft a = Drafts.after(Leftovers.class, "how many accounts opened in 1994?");
    assertThat(a.problems).isEmpty();
    assertThat(a.measure).isEqualTo(Measure.metric("account_count"));
    assertThat(a.select).isEmpty();
  }
}
