package io.assay.understand.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.ColumnRef;
import io.assay.pick.Comparison;
import io.assay.pick.Filter;
import io.assay.pick.Value;
import org.junit.jupiter.api.Test;

class WrittenCodesTest {

  @Test
  void aShortCodeWrittenAsStoredAfterItsColumnIsAFilter() {
    Draft d =
        Drafts.after(
            WrittenCodes.class, "list the transactions whose partner's bank is ST in 1996");
    assertThat(d.filters)
        .contains(new Filter.Compare(ColumnRef.of("trans.bank"), Comparison.EQ, Value.text("ST")));
    assertThat(d.explainedWords).hasSize(1);
    Draft e =
        Drafts.after(WrittenCodes.class, "how many transactions have the partner bank being QR?");
    assertThat(e.filters)
        .contains(new Filter.Compare(ColumnRef.of("trans.bank"), Comparison.EQ, Value.text("QR")));
  }

  @Test
  void aWordThatIsNoStoredCodeIsLeftAlone() {
    Draft d =
        Drafts.after(WrittenCodes.class, "how many transactions have the partner bank being ZZ?");
    assertThat(d.filters).isEmpty();
  }
}
