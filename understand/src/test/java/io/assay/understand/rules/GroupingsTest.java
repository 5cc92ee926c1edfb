package io.assay.understand.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.ColumnRef;
import org.junit.jupiter.api.Test;

class GroupingsTest {

  @Test
  void everyDimensionAfterAGroupingWordSplitsTheAnswer() {
    Draft d = Drafts.after(Groupings.class, "number of accounts by region and statement frequency");
    assertThat(d.groupBy)
        .containsExactly(ColumnRef.of("district.a3"), ColumnRef.of("account.frequency"));
    assertThat(Drafts.after(Groupings.class, "total loan amount per district").groupBy).hasSize(1);
  }

  @Test
  void aWordForKindAfterADimensionNamesThatDimensionOnce() {
    // "operation type": the kind of operation, though the rows also have a column called "type"
    Draft d = Drafts.after(Leftovers.class, "sum of transaction amounts by operation kind in 1996");
    assertThat(d.problems).isEmpty();
    assertThat(d.groupBy).containsExactly(ColumnRef.of("trans.operation"));
    Draft both = Drafts.after(Groupings.class, "total amount by operation and type");
    assertThat(both.groupBy)
        .containsExactly(ColumnRef.of("trans.operation"), ColumnRef.of("trans.type"));
  }

  @Test
  void aLinkRightAfterADimensionIsTheWayTheCountGoes() {
    Draft d = Drafts.pagilaAfter(Leftovers.class, "how many films did each actor appear in");
    assertThat(d.problems).isEmpty();
    assertThat(d.groupBy)
        .containsExactly(ColumnRef.of("actor.first_name"), ColumnRef.of("actor.last_name"));
  }

  @Test
  void theMeasuredRowsOwnReferenceToTheTableNamedSplitsThem() {
    // other tables' store columns are named "store" too; the staff's own reference decides
    Draft d = Drafts.pagilaAfter(Groupings.class, "count of staff members by store");
    assertThat(d.clarification).isNull();
    assertThat(d.groupBy).containsExactly(ColumnRef.of("store.store_id"));
  }

  @Test
  void aNounOfRowsBeforeADimensionOnlySaysWhoseItIs() {
    Draft d = Drafts.after(Groupings.class, "average loan amount by account region");
    assertThat(d.groupBy).containsExactly(ColumnRef.of("district.a3"));
    Draft own = Drafts.after(Groupings.class, "count of clients by client gender");
    assertThat(own.groupBy).containsExactly(ColumnRef.of("client.gender"));
    // "and" between: two dimensions
    assertThat(Drafts.after(Groupings.class, "loan count by account and region").groupBy)
        .hasSize(2);
  }

  @Test
  void aCycleOfPeriodsIsNoGrain() {
    assertThat(Drafts.after(Grains.class, "transactions per day of the week").problems)
        .anyMatch(p -> p.contains("is a cycle"));
  }

  @Test
  void anEntityNamedByTwoColumnsIsSplitByBoth() {
    Draft d = Drafts.pagilaAfter(Groupings.class, "sum of payment amounts per employee");
    assertThat(d.groupBy)
        .containsExactly(ColumnRef.of("staff.first_name"), ColumnRef.of("staff.last_name"));
  }

  @Test
  void acrossOrBetweenTheMembersOfOnePluralSplitsByThem() {
    assertThat(
            Drafts.after(Groupings.class, "how do card withdrawals compare across regions").groupBy)
        .containsExactly(ColumnRef.of("district.a3"));
    assertThat(
            Drafts.after(Groupings.class, "compare the loan amount between our eight regions")
                .groupBy)
        .containsExactly(ColumnRef.of("district.a3"));
  }

  @Test
  void aGroupingWordBeforeARelativeClauseIsACondition() {
    Draft d = Drafts.after(Groupings.class, "number of loans per account that has a gold card");
    assertThat(d.groupBy).isEmpty();
  }

  @Test
  void noDatasetPhraseReachesAcrossBy() {
    Draft f = Drafts.after(Leftovers.class, "count the cards there are by card type");
    assertThat(f.problems).isEmpty();
    assertThat(f.groupBy).containsExactly(ColumnRef.of("card.type"));
    Draft p = Drafts.pagilaAfter(Leftovers.class, "how many films exist by film rating?");
    assertThat(p.problems).isEmpty();
    assertThat(p.groupBy).containsExactly(ColumnRef.of("film.rating"));
  }

  @Test
  void aTotalSplitByTheRowsOwnKeyIsNoGrouping() {
    // every group would be one row: the words mean something else ("paid by standing order")
    Draft d =
        Drafts.after(Groupings.class, "the total amount of household payments by standing order");
    assertThat(d.groupBy).isEmpty();
    assertThat(d.problems).anyMatch(p -> p.contains("its own group"));
    // an average per row of its own rows is the plain average
    Draft avg = Drafts.after(Groupings.class, "average amount per loan");
    assertThat(avg.groupBy).isEmpty();
    assertThat(avg.problems).isEmpty();
  }

  @Test
  void aTablesOwnNounGroupsByItsRowsNotByAnotherTablesColumnOfThatName() {
    // the transactions' partner account is a column named "account": not the account grouped by
    Draft d = Drafts.after(Groupings.class, "average number of transactions per account in 1997");
    assertThat(d.groupBy).containsExactly(ColumnRef.of("account.account_id"));
  }
}
