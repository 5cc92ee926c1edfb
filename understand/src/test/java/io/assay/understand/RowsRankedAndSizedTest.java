package io.assay.understand;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.Aggregation;
import io.assay.pick.ColumnRef;
import io.assay.pick.Comparison;
import io.assay.pick.Direction;
import io.assay.pick.Filter;
import io.assay.pick.Measure;
import io.assay.pick.Order;
import io.assay.pick.Pick;
import io.assay.pick.Unit;
import io.assay.pick.Value;
import java.math.BigDecimal;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * One row's extreme, the N rows with the largest amount, and rows sized by a quantity after "of",
 * on phrasings written for this test.
 */
class RowsRankedAndSizedTest {

  private static Pick financial(String q) {
    return ReaderFixture.understood(ReaderFixture.reader(), q);
  }

  @Test
  void singleSaysTheExtremeIsOneRowsValue() {
    Pick p = financial("what was the largest single loan granted in 1995");
    assertThat(p.measures().get(0))
        .isEqualTo(
            new Measure.Aggregate(
                Aggregation.MAX, ColumnRef.parse("loan.amount"), List.of(), "max_amount"));
    Pick which = financial("which account had the smallest single loan");
    assertThat(which.orderBy())
        .containsExactly(new Order.ByColumn(ColumnRef.parse("loan.amount"), Direction.ASC));
    // not an extreme: "a single loan" is how many, which is not read here
    assertThat(ReaderFixture.reader().read("clients with a single loan", "", List.of()))
        .isNotInstanceOf(Reading.Understood.class);
  }

  @Test
  void aNumberBeforeASuperlativeListsThatManyRows() {
    Pick p = financial("the 4 biggest loans of 1996");
    assertThat(p.limit()).isEqualTo(4);
    assertThat(p.select().toString()).contains("loan.loan_id");
    assertThat(p.orderBy())
        .containsExactly(new Order.ByColumn(ColumnRef.parse("loan.amount"), Direction.DESC));
    Pick smallest = financial("show the 2 smallest transactions in 1993");
    assertThat(smallest.limit()).isEqualTo(2);
    assertThat(smallest.orderBy().toString()).contains("trans.amount").contains("ASC");
    // without a number, the superlative stays one row's value
    assertThat(financial("the biggest loan of 1996").measures().get(0).toString()).contains("MAX");
  }

  @Test
  void ofAQuantityAfterTheRowsNounIsTheirOwn() {
    Filter.Compare months =
        new Filter.Compare(
            ColumnRef.parse("loan.duration"),
            Comparison.EQ,
            new Value.Quantity(new BigDecimal(36), Unit.MONTHS));
    assertThat(financial("how many loans of 36 months are there").filters()).contains(months);
    assertThat(financial("average amount of loans of 36 months").filters()).contains(months);
    // "of" after anything but the rows' noun is not their quantity
    assertThat(ReaderFixture.reader().read("the average of 36 months", "", List.of()))
        .isNotInstanceOf(Reading.Understood.class);
  }

  @Test
  void totalBeforeASumMetricSaysWhatTheMetricIs() {
    Pick months = financial("which month of 1995 had the highest total credit amount");
    assertThat(months.grain()).isEqualTo(io.assay.pick.TimeGrain.MONTH);
    assertThat(months.limit()).isEqualTo(1);
    assertThat(months.orderBy().toString()).contains("DESC");
    Pick stores =
        ReaderFixture.understood(
            ReaderFixture.pagilaOrSkip(), "which store took the lowest total revenue in 2005");
    assertThat(stores.orderBy().toString()).contains("ASC");
    assertThat(stores.groupBy().toString()).contains("store_id");
  }

  @Test
  void aNounThatMayAlsoNameAColumnIsRankedByWhatFollowsBy() {
    // "accounts" also names the partner's account number of a transfer
    Pick p = financial("top 4 accounts by number of orders");
    assertThat(p.groupBy()).containsExactly(ColumnRef.parse("account.account_id"));
    assertThat(p.limit()).isEqualTo(4);
    Pick sums = financial("the top 2 accounts by total loan amount");
    assertThat(sums.measures().toString()).contains("loan_amount");
  }

  @Test
  void rowsNamedAfterAParticipleAreRankedByItsEvent() {
    Pick p = ReaderFixture.understood(ReaderFixture.pagilaOrSkip(), "the least rented category");
    assertThat(p.groupBy()).containsExactly(ColumnRef.parse("category.name"));
    assertThat(p.orderBy().toString()).contains("rental_count").contains("ASC");
  }

  @Test
  void anAdjectiveBeforeRowsRankedByAMeasureSaysWhatTheMeasureMeasures() {
    Pick p =
        ReaderFixture.understood(
            ReaderFixture.pagilaOrSkip(), "the 4 most successful stores by revenue");
    assertThat(p.limit()).isEqualTo(4);
    assertThat(p.groupBy().toString()).contains("store_id");
    assertThat(p.measures().toString()).contains("revenue");
    Pick none =
        ReaderFixture.understood(
            ReaderFixture.reader(), "most popular districts by number of clients");
    assertThat(none.limit()).isEqualTo(1);
    // without "by", nothing says what the adjective measures
    assertThat(ReaderFixture.reader().read("the most popular districts", "", List.of()))
        .isNotInstanceOf(Reading.Understood.class);
  }
}
