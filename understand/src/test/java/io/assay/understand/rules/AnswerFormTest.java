package io.assay.understand.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.Pick;
import io.assay.understand.ReaderFixture;
import java.util.List;
import org.junit.jupiter.api.Test;

class AnswerFormTest {

  private static Form form(String q) {
    return Drafts.after(AnswerForm.class, q).form;
  }

  @Test
  void aVerbAfterTheListedRowsSaysWhatTheyDidAndIsNotListed() {
    Draft d = Drafts.pagilaAfter(Leftovers.class, "which customers rented the film AFRICAN EGG");
    assertThat(d.problems).isEmpty();
    assertThat(d.select.toString()).contains("customer.first_name").doesNotContain("rental");
  }

  @Test
  void theStrongestCueDecidesTheForm() {
    assertThat(form("how many junior cards were issued?")).isEqualTo(Form.COUNT);
    assertThat(form("what percent of loans are from Pisek?")).isEqualTo(Form.PERCENT);
    assertThat(form("growth of loan amount from 1995 to 1997")).isEqualTo(Form.GROWTH);
    assertThat(form("what is the total balance of transactions?")).isEqualTo(Form.AGGREGATE);
  }

  @Test
  void aListWordBeforeWhatCanBeShownIsAListing() {
    assertThat(form("list the clients born in 1970")).isEqualTo(Form.LISTING);
    assertThat(form("show me the accounts in Pisek")).isEqualTo(Form.LISTING);
  }

  @Test
  void aValueBeforeTheListedNounIsItsAdjective() {
    for (String q :
        List.of("which male clients were born in 1975?", "Which female clients have a loan?")) {
      Pick p = ReaderFixture.understood(ReaderFixture.reader(), q);
      assertThat(p.select())
          .as(q)
          .extracting(Object::toString)
          .anyMatch(s -> s.contains("client_id"));
      assertThat(p.filters().toString()).as(q).contains("client.gender");
    }
  }

  @Test
  void anAnalysisRunsOverAMetric() {
    assertThat(form("list anything unusual in the monthly loan amount")).isEqualTo(Form.METRIC);
  }
}
