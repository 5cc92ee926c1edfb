package io.assay.understand.rules;

import static io.assay.understand.ReaderFixture.pagilaOrSkip;
import static io.assay.understand.ReaderFixture.understood;
import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.ColumnRef;
import io.assay.pick.TimeGrain;
import io.assay.understand.ReaderFixture;
import io.assay.understand.Reading;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link SharedReference}: a word that names columns of several tables, all referencing one table's
 * key, splits by that table; the dataset's declared path decides the relationship. Phrasings
 * written for this test.
 */
class SharedReferenceTest {

  private static final ColumnRef STORE = ColumnRef.of("store.store_id");

  @Test
  void aWordForSeveralReferencesToOneTableSplitsByThatTable() {
    assertThat(understood(pagilaOrSkip(), "Revenue for each store in May 2022").groupBy())
        .containsExactly(STORE);
    var monthly = understood(pagilaOrSkip(), "rental count per store per month during 2022");
    assertThat(monthly.groupBy()).containsExactly(STORE);
    assertThat(monthly.grain()).isEqualTo(TimeGrain.MONTH);
  }

  @Test
  void aTableTheQuestionCountsStillDecidesFirst() {
    // the customers' own column: the home store, not the table reached by another path
    assertThat(understood(pagilaOrSkip(), "How many customers does each store have?").groupBy())
        .containsExactly(ColumnRef.of("customer.store_id"));
  }

  @Test
  void columnsThatReferenceDifferentTablesStillAsk() {
    // "amount" is a column of loans, payments, orders and transactions, none a reference
    assertThat(ReaderFixture.reader().read("Total amount per district in 1997", "", List.of()))
        .isInstanceOf(Reading.Ambiguous.class);
  }
}
