package io.assay.analyses.interpret;

import static org.assertj.core.api.Assertions.assertThat;

import dev.langchain4j.data.message.UserMessage;
import io.assay.analyses.AnalysisContext;
import io.assay.analyses.AnalysisFixture;
import io.assay.contract.finding.Figure;
import io.assay.contract.finding.Finding;
import io.assay.contract.plan.StepArgs;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class InterpretationTest {
  private static Finding finding;
  private static Narrative narrative;

  @BeforeAll
  static void run() {
    AnalysisFixture fx = AnalysisFixture.get();
    AnalysisContext ctx = fx.context("interpret");
    finding =
        fx.runner()
            .run(
                "compare_periods",
                StepArgs.of(
                    Map.of(
                        "metric",
                        "cash_withdrawal_amount",
                        "baseline",
                        Map.of("kind", "year", "year", 1996),
                        "current",
                        Map.of("kind", "year", "year", 1997),
                        "group_by",
                        "district.a3")),
                "How did cash withdrawals change from 1996 to 1997?",
                ctx);
    narrative = Narrator.narrate(finding);
    System.out.println(narrative.text());
  }

  private static Figure fig(String id) {
    return AnalysisFixture.figures(finding).get(id);
  }

  @Test
  void everyNumberInTheNarrativeIsAFigureAsDisplayed() {
    List<String> displays = new ArrayList<>();
    for (Figure f : finding.figures()) {
      displays.add(f.display());
    }
    String rest = narrative.text();
    for (String verbatim : Narrator.verbatim(finding)) {
      rest = rest.replace(verbatim, " ");
    }
    Matcher m = Pattern.compile("-?[\\d,]*\\d(?:\\.\\d+)?%?").matcher(rest);
    List<String> numbers = new ArrayList<>();
    while (m.find()) {
      numbers.add(m.group());
    }
    assertThat(numbers).isNotEmpty().allMatch(displays::contains);
    for (String statementFigure :
        List.of("current_value", "baseline_value", "change", "change_pct")) {
      assertThat(narrative.text()).contains(fig(statementFigure).display());
    }
    assertThat(NumberCheck.strayNumbers(narrative.text(), finding)).isEmpty();
    assertThat(narrative.source()).isEqualTo(Narrative.Source.DETERMINISTIC);
  }

  @Test
  void aFaithfulRewordingIsAccepted() {
    String reply =
        "Cash withdrawals reached "
            + fig("current_value").display()
            + " CZK in 1997, up from "
            + fig("baseline_value").display()
            + " CZK in 1996: growth of "
            + fig("change_pct").display()
            + ".";
    ScriptedChatModel model = new ScriptedChatModel(reply);
    Narrative n = new LlmRewording(model).reword(finding, narrative);
    assertThat(n.source()).isEqualTo(Narrative.Source.LLM);
    assertThat(n.text()).isEqualTo(reply);
    String asked = ((UserMessage) model.requests.get(0).messages().get(1)).singleText();
    assertThat(asked).contains(narrative.text()).contains(fig("change_pct").display());
  }

  @Test
  void aRewordingWithAChangedNumberIsRejected() {
    String changed = bump(fig("change_pct").display());
    String reply =
        "Cash withdrawals reached "
            + fig("current_value").display()
            + " CZK in 1997, a rise of "
            + changed
            + ".";
    ScriptedChatModel model = new ScriptedChatModel(reply, reply);
    Narrative n = new LlmRewording(model).reword(finding, narrative);
    assertThat(n.source()).isEqualTo(Narrative.Source.DETERMINISTIC);
    assertThat(n.text()).isEqualTo(narrative.text());
    assertThat(n.rejections()).hasSize(2).allMatch(r -> r.contains(changed));
    String retry = ((UserMessage) model.requests.get(1).messages().get(1)).singleText();
    assertThat(retry).contains("rejected").contains(changed);
  }

  @Test
  void aNumberTheFiguresDoNotHoldIsRejectedThenACorrectRetryIsAccepted() {
    String invented =
        "Withdrawals grew in all 8 regions, to " + fig("current_value").display() + " CZK.";
    String fixed = "Withdrawals grew to " + fig("current_value").display() + " CZK.";
    Narrative n =
        new LlmRewording(new ScriptedChatModel(invented, fixed)).reword(finding, narrative);
    assertThat(n.source()).isEqualTo(Narrative.Source.LLM);
    assertThat(n.text()).isEqualTo(fixed);
    assertThat(n.rejections())
        .singleElement()
        .asString()
        .contains("numbers not among the figures: 8");
  }

  @Test
  void aPercentCannotPassForAPlainNumberNorTheReverse() {
    String pct = fig("change_pct").display();
    String plain = pct.substring(0, pct.length() - 1);
    assertThat(NumberCheck.strayNumbers("growth of " + plain + " overall", finding))
        .containsExactly(plain);
  }

  @Test
  void aFailingModelLeavesTheDeterministicNarrative() {
    Narrative n = new LlmRewording(new ScriptedChatModel()).reword(finding, narrative);
    assertThat(n.source()).isEqualTo(Narrative.Source.DETERMINISTIC);
    assertThat(n.rejections()).singleElement().asString().startsWith("the model failed");
  }

  /** The same display with its last digit changed. */
  private static String bump(String display) {
    char[] c = display.toCharArray();
    for (int i = c.length - 1; i >= 0; i--) {
      if (Character.isDigit(c[i])) {
        c[i] = c[i] == '9' ? '1' : (char) (c[i] + 1);
        c[Math.max(0, i - 1)] =
            Character.isDigit(c[Math.max(0, i - 1)])
                ? (char) ('0' + (c[Math.max(0, i - 1)] - '0' + 3) % 10)
                : c[Math.max(0, i - 1)];
        break;
      }
    }
    return new String(c);
  }
}
