package io.assay.understand;

import static io.assay.understand.ReaderFixture.understood;
import static org.assertj.core.api.Assertions.assertThat;

import io.assay.contract.plan.ClarificationAnswer;
import io.assay.pick.Pick;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * How analysts type: what is counted before "how many", the top N after the groups, and rows
 * grouped with no word for the measure ("loans by status").
 */
class TersePhrasingsTest {

  @Test
  void howManyAskedLastCountsWhatCameBefore() {
    QuestionReader r = ReaderFixture.reader();
    Pick p = understood(r, "owners of gold cards - how many?");
    assertThat(p.measures().toString()).contains("COUNT", "disp.disp_id");
    assertThat(p.filters().toString()).contains("OWNER", "gold");
    Pick loans = understood(r, "loans with a duration of 60 months: how many");
    assertThat(loans.measures().toString()).contains("loan_count");
    assertThat(loans.filters().toString()).contains("loan.duration");
    // nothing before it is still nothing to count
    assertThat(r.read("how many?", "", List.of())).isInstanceOf(Reading.Abstained.class);
  }

  @Test
  void aTopNAfterTheGroupsKeepsTheGroupsWithTheLargestMeasure() {
    QuestionReader r = ReaderFixture.reader();
    Pick top = understood(r, "number of accounts by district, top 4");
    assertThat(top.groupBy()).hasSize(1);
    assertThat(top.limit()).isEqualTo(4);
    assertThat(top.orderBy().toString()).contains("DESC");
    Pick bottom = understood(r, "total loan amount per region - bottom 2");
    assertThat(bottom.limit()).isEqualTo(2);
    assertThat(bottom.orderBy().toString()).contains("ASC");
  }

  @Test
  void rowsWithoutAnAmountGroupedAreCounted() {
    QuestionReader r = ReaderFixture.reader();
    Pick p = understood(r, "cards by type");
    assertThat(p.measures().toString()).contains("card_count");
    assertThat(p.groupBy().toString()).contains("card.type");
    Pick clients = understood(r, "clients per district");
    assertThat(clients.measures().toString()).contains("client_count");
  }

  @Test
  void rowsWithAnAmountGroupedAskHowManyOrHowMuch() {
    QuestionReader r = ReaderFixture.reader();
    Reading asked = r.read("orders per bank", "", List.of());
    assertThat(asked).isInstanceOf(Reading.Ambiguous.class);
    Reading.Ambiguous a = (Reading.Ambiguous) asked;
    assertThat(a.clarification().options().get(0).value()).isEqualTo("order_count");
    Reading answered =
        r.read(
            "orders per bank",
            "",
            List.of(
                new ClarificationAnswer(
                    a.clarification().id(),
                    a.clarification().options().get(1).value(),
                    "analyst")));
    assertThat(answered).isInstanceOf(Reading.Understood.class);
    assertThat(((Reading.Understood) answered).pick().measures().toString())
        .contains(a.clarification().options().get(1).value());
  }
}
