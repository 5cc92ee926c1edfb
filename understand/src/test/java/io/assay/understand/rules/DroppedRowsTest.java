package io.assay.understand.rules;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * A phrase naming rows that belong to the rows measured ("accounts … for loans") restricts them;
 * when no rule read how, the reader says so instead of counting every row. Phrasings written for
 * this test.
 */
class DroppedRowsTest {

  @Test
  void rowsOfTheCountedRowsThatNoRuleReadAreReported() {
    Draft d = Drafts.after(Leftovers.class, "How many accounts in Pisek qualify for loans?");
    assertThat(d.problems).anyMatch(p -> p.contains("'loans' reads as a condition on the account"));
    Draft p = Drafts.pagilaAfter(Leftovers.class, "How many customers are eligible for payments?");
    assertThat(p.problems).anyMatch(x -> x.contains("reads as a condition on the customer"));
  }

  @Test
  void rowsTwoStepsBelowTheCountedRowsAreReportedToo() {
    // a card belongs to a disposition, which belongs to an account
    Draft d = Drafts.after(Leftovers.class, "How many accounts in Pisek got cards?");
    assertThat(d.problems).anyMatch(p -> p.contains("'cards' reads as a condition on the account"));
  }

  @Test
  void aLinkingTableBetweenTheMeasureAndItsGroupsIsTheJoin() {
    Draft d = Drafts.pagilaAfter(Leftovers.class, "Which actor has appeared in the most movies?");
    assertThat(d.problems).isEmpty();
  }

  @Test
  void rowsReadAsAConditionOrAsTheMeasureAreNotReported() {
    // the existence test of a percentage names the table
    Draft pct = Drafts.pagilaAfter(Leftovers.class, "percentage of films stocked in an inventory");
    assertThat(pct.problems).isEmpty();
    // the rows measured themselves
    Draft own = Drafts.after(Leftovers.class, "How many loans were granted in 1997?");
    assertThat(own.problems).isEmpty();
  }
}
