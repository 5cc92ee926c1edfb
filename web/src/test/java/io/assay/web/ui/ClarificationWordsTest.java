package io.assay.web.ui;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.contract.plan.Clarification;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

class ClarificationWordsTest {
  private static UnaryOperator<String> words(Map<String, String> labels) {
    return text -> {
      String out = text;
      for (var e : labels.entrySet()) {
        out = out.replace(e.getKey(), e.getValue());
      }
      return out;
    };
  }

  private static final Clarification WHICH_PRICE =
      new Clarification(
          "column:price",
          "column",
          "Which 'price' do you mean?",
          List.of(
              new Clarification.Option("ticket.price", "ticket.price (what a ticket cost)"),
              new Clarification.Option("meal.price", "meal.price (what a meal cost)")));

  @Test
  void labelsReadInPeoplesWordsAndValuesStayRaw() {
    Clarification shown =
        ClarificationWords.of(
            WHICH_PRICE, words(Map.of("ticket.price", "ticket price", "meal.price", "meal price")));

    assertThat(shown.options())
        .extracting(Clarification.Option::label)
        .containsExactly("ticket price (what a ticket cost)", "meal price (what a meal cost)");
    assertThat(shown.options())
        .extracting(Clarification.Option::value)
        .containsExactly("ticket.price", "meal.price");
    assertThat(shown.id()).isEqualTo("column:price");
  }

  @Test
  void optionsThatWouldReadTheSameKeepTheirRawLabels() {
    Clarification same =
        new Clarification(
            "column:price",
            "column",
            "Which 'price'?",
            List.of(
                new Clarification.Option("ticket.price", "ticket.price"),
                new Clarification.Option("meal.price", "meal.price")));

    Clarification shown =
        ClarificationWords.of(same, words(Map.of("ticket.price", "price", "meal.price", "price")));

    assertThat(shown.options())
        .extracting(Clarification.Option::label)
        .containsExactly("ticket.price", "meal.price");
  }

  @Test
  void noQuestionStaysNone() {
    assertThat(ClarificationWords.of(null, t -> t)).isNull();
  }
}
