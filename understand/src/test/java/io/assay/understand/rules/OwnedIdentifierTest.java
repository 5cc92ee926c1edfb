package io.assay.understand.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.ColumnRef;
import io.assay.pick.Projection;
import org.junit.jupiter.api.Test;

/** {@link ListingSelection}: "the loan id of the client" lists the loan's key, one column. */
class OwnedIdentifierTest {

  @Test
  void aTableNounBeforeAnIdentifierListsThatTablesKey() {
    Draft d =
        Drafts.after(MeasureOrSelection.class, "what is the loan id of the clients in Pisek?");
    assertThat(d.select).containsExactly(new Projection.Column(ColumnRef.of("loan.loan_id"), null));
    Draft e =
        Drafts.after(MeasureOrSelection.class, "show the card id of gold cards issued in 1997");
    assertThat(e.select).containsExactly(new Projection.Column(ColumnRef.of("card.card_id"), null));
  }
}
