package io.assay.understand;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.contract.plan.ClarificationAnswer;
import io.assay.pick.Aggregation;
import io.assay.pick.ColumnRef;
import io.assay.pick.Comparison;
import io.assay.pick.Direction;
import io.assay.pick.Filter;
import io.assay.pick.Measure;
import io.assay.pick.Order;
import io.assay.pick.Pick;
import io.assay.pick.Projection;
import io.assay.pick.TimeFilter;
import io.assay.pick.TimeGrain;
import io.assay.pick.Value;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The reader on the financial recon: questions → Picks, clarifications or abstentions. */
class QuestionReaderTest {

  private static Reading read(String question) {
    return read(question, "");
  }

  private static Reading read(String question, String hint) {
    return ReaderFixture.reader().read(question, hint, List.of());
  }

  private static Pick pick(String question) {
    Reading r = read(question);
    assertThat(r).as("reading of '%s': %s", question, r).isInstanceOf(Reading.Understood.class);
    return ((Reading.Understood) r).pick();
  }

  private static Filter eq(String column, String value) {
    return new Filter.Compare(ColumnRef.of(column), Comparison.EQ, Value.text(value));
  }

  @Test
  void valuesMatchWhateverTheCaseAccentsAndSpacing() {
    assertThat(pick("How many clients live in EAST   bohemia?").filters())
        .containsExactly(eq("district.a3", "east Bohemia"));
    assertThat(pick("How many clients live in sokolov?").filters())
        .containsExactly(eq("district.a2", "Sokolov"));
    // "Plzeň" with its accent meets the declared word "Plzen" of 'Plzen - mesto'
    assertThat(pick("How many clients live in Plzeň?").filters())
        .containsExactly(eq("district.a2", "Plzen - mesto"));
  }

  @Test
  void codeWordsBecomeStoredCodes() {
    Pick p = pick("How many female clients have a gold card?");
    assertThat(p.measures()).containsExactly(Measure.metric("client_count"));
    assertThat(p.filters()).contains(eq("client.gender", "F"), eq("card.type", "gold"));
  }

  @Test
  void howManyCountsTheEntity() {
    Pick p = pick("How many loans were approved in 1997?");
    assertThat(p.measures()).containsExactly(Measure.metric("loan_count"));
    assertThat(p.timeColumn()).isEqualTo(ColumnRef.of("loan.date"));
    assertThat(p.time()).isEqualTo(new TimeFilter.Year(1997));
    assertThat(p.filters()).isEmpty();
    Pick born = pick("How many clients were born before 1950?");
    assertThat(born.filters())
        .containsExactly(
            new Filter.Compare(
                ColumnRef.of("client.birth_date"),
                Comparison.LE,
                Value.date(LocalDate.of(1949, 12, 31))));
  }

  @Test
  void averageOfAColumnAndANamedMetric() {
    Pick p = pick("What is the average loan amount in 1996?");
    assertThat(p.measures()).containsExactly(Measure.metric("average_loan_amount"));
    assertThat(p.time()).isEqualTo(new TimeFilter.Year(1996));
    Pick q = pick("What is the average monthly payment of loans in debt?");
    assertThat(q.measures()).containsExactly(Measure.metric("average_monthly_payment"));
    assertThat(q.filters()).containsExactly(eq("loan.status", "D"));
  }

  @Test
  void comparisonsTieANumberToTheColumnBeforeIt() {
    Pick p = pick("How many loans with an amount of at least 250,000 are there?");
    assertThat(p.filters())
        .containsExactly(
            new Filter.Compare(ColumnRef.of("loan.amount"), Comparison.GE, Value.number(250000)));
  }

  @Test
  void topNineAndSecondHighestAreRankings() {
    Pick top = pick("List the top nine districts by number of crimes committed in 1996.");
    assertThat(top.select()).containsExactly(Projection.column("district.a2"));
    assertThat(top.orderBy()).containsExactly(Order.column("district.a16", Direction.DESC));
    assertThat(top.limit()).isEqualTo(9);
    Pick second = pick("Which district has the second-highest number of crimes in 1995?");
    assertThat(second.orderBy()).containsExactly(Order.column("district.a15", Direction.DESC));
    assertThat(second.limit()).isEqualTo(1);
    assertThat(second.offset()).isEqualTo(1);
    Pick lowest = pick("Which district has the lowest average salary?");
    assertThat(lowest.orderBy()).containsExactly(Order.column("district.a11", Direction.ASC));
  }

  @Test
  void rankingInsideACountIsARankedReference() {
    Pick p =
        pick("How many clients live in the district with the highest unemployment rate in 1996?");
    assertThat(p.filters())
        .singleElement()
        .isInstanceOfSatisfying(
            Filter.Ranked.class,
            r -> {
              assertThat(r.column()).isEqualTo(ColumnRef.of("district.district_id"));
              assertThat(r.direction()).isEqualTo(Direction.DESC);
              assertThat(r.rank()).isEqualTo(1);
            });
  }

  @Test
  void percentageOfAPopulationThatMeetsACondition() {
    Pick p = pick("What percentage of clients in Prague region are women?");
    assertThat(p.measures())
        .singleElement()
        .isInstanceOfSatisfying(
            Measure.Ratio.class,
            r -> {
              assertThat(r.percent()).isTrue();
              assertThat(((Measure.Aggregate) r.numerator()).filters())
                  .containsExactly(eq("client.gender", "F"));
              assertThat(((Measure.Aggregate) r.denominator()).fn()).isEqualTo(Aggregation.COUNT);
            });
    assertThat(p.filters()).containsExactly(eq("district.a3", "Prague"));
  }

  @Test
  void theScenarioQuestionIsAMetricGrainAndWindowWithAnalysisCues() {
    Reading r =
        read(
            "Check the monthly cash withdrawal amount in 1997 and drill down if anything is unusual");
    assertThat(r).isInstanceOf(Reading.Understood.class);
    Reading.Understood u = (Reading.Understood) r;
    assertThat(u.frame().metric()).isEqualTo("cash_withdrawal_amount");
    assertThat(u.frame().grain()).isEqualTo(TimeGrain.MONTH);
    assertThat(u.frame().time()).isEqualTo(new TimeFilter.Year(1997));
    assertThat(u.frame().timeColumn()).isEqualTo(ColumnRef.of("trans.date"));
    assertThat(u.analyses()).containsExactlyInAnyOrder(AnalysisCue.ANOMALY, AnalysisCue.DRILL_DOWN);
  }

  @Test
  void lastQuarterIsRelativeToTheDataLatestDate() {
    Pick p = pick("What was the total amount of credits last quarter?");
    assertThat(p.measures()).containsExactly(Measure.metric("credit_amount"));
    // the warehouse's transactions end on 1998-12-31, which closes Q4 1998
    assertThat(p.time()).isEqualTo(new TimeFilter.Quarter(1998, 4));
  }

  @Test
  void anAmbiguousWordAsksWithOptionsAndTheAnswerDecides() {
    Reading r = read("What was the transaction volume in 1997?");
    assertThat(r).isInstanceOf(Reading.Ambiguous.class);
    var c = ((Reading.Ambiguous) r).clarification();
    assertThat(c.topic()).isEqualTo("metric");
    assertThat(c.options())
        .extracting(o -> o.value())
        .containsExactlyInAnyOrder("transaction_count", "transaction_amount");
    Reading answered =
        ReaderFixture.reader()
            .read(
                "What was the transaction volume in 1997?",
                "",
                List.of(new ClarificationAnswer(c.id(), "transaction_count", "tester")));
    assertThat(answered).isInstanceOf(Reading.Understood.class);
    assertThat(((Reading.Understood) answered).pick().measures())
        .containsExactly(Measure.metric("transaction_count"));
  }

  @Test
  void theHintTeachesAWordForThisQuestionOnly() {
    String q = "How many loans are in category D?";
    assertThat(read(q)).isInstanceOf(Reading.Abstained.class);
    Pick p = ((Reading.Understood) read(q, "category D refers to status = 'D'")).pick();
    assertThat(p.filters()).containsExactly(eq("loan.status", "D"));
    // a hint naming a value the column does not hold is ignored, not trusted
    assertThat(read(q, "category D refers to status = 'Z'")).isInstanceOf(Reading.Abstained.class);
  }

  @Test
  void unknownWordsMakeTheReaderAbstainAndSaySo() {
    Reading r = read("What is the revenue of our stores?");
    assertThat(r).isInstanceOf(Reading.Abstained.class);
    assertThat(((Reading.Abstained) r).problems())
        .anyMatch(p -> p.contains("'revenue'"))
        .anyMatch(p -> p.contains("'stores'"));
  }

  @Test
  void embeddingsSuggestTheClosestMetricForAnUnknownPhrase() {
    SemanticIndex index = SemanticIndex.build(ReaderFixture.recon(), SemanticIndex.miniLm());
    assertThat(index.nearest("money taken out in cash", 3))
        .extracting(SemanticIndex.Scored::name)
        .contains("cash_withdrawal_amount");
    assertThat(index.nearest("how much people borrowed", 3))
        .extracting(SemanticIndex.Scored::name)
        .containsAnyOf("loan_amount", "average_loan_amount", "loan.amount");
  }
}
