package io.assay.understand;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.ColumnRef;
import io.assay.pick.Comparison;
import io.assay.pick.Filter;
import io.assay.pick.Measure;
import io.assay.pick.Pick;
import io.assay.pick.Projection;
import io.assay.pick.TimeGrain;
import io.assay.pick.Value;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The general reading rules of issue 16, each on phrasings written for this test (none is an
 * evaluation question): words that carry no data meaning are set aside and reported, words that may
 * change the meaning make the reader ask or abstain, and a noun phrase is read by its head.
 */
class GeneralReadingTest {

  private static Reading read(String question) {
    return ReaderFixture.reader().read(question, "", List.of());
  }

  private static Reading.Understood understood(String question) {
    Reading r = read(question);
    assertThat(r).as("reading of '%s': %s", question, r).isInstanceOf(Reading.Understood.class);
    return (Reading.Understood) r;
  }

  private static Pick pick(String question) {
    return understood(question).pick();
  }

  private static Filter eq(String column, String value) {
    return new Filter.Compare(ColumnRef.of(column), Comparison.EQ, Value.text(value));
  }

  private static void notAnswered(String question) {
    assertThat(read(question))
        .as("reading of '%s'", question)
        .isNotInstanceOf(Reading.Understood.class);
  }

  /** Either the reader understood the negation (a NOT EXISTS) or it did not answer. */
  private static void negatedOrNotAnswered(String question) {
    Reading r = read(question);
    if (r instanceof Reading.Understood u) {
      assertThat(u.pick().filters())
          .as("reading of '%s': %s", question, r)
          .anyMatch(f -> f instanceof Filter.Exists e && e.negated());
    }
  }

  // ------------------------------------------------------------ words without data meaning

  @Test
  void verbsOfAskingAreReportedAsNotUsedAndDoNotBlock() {
    Reading.Understood a = understood("Could you pull the number of loans approved in 1996?");
    assertThat(a.pick().measures()).containsExactly(Measure.metric("loan_count"));
    assertThat(a.notUsed()).contains("pull");
    assertThat(a.notes()).anyMatch(n -> n.startsWith("not used:") && n.contains("'pull'"));

    Reading.Understood b = understood("Please fetch how many clients reside in Sokolov");
    assertThat(b.pick().filters()).contains(eq("district.a2", "Sokolov"));
    assertThat(b.notUsed()).contains("fetch");
  }

  @Test
  void contractionsAreNotWords() {
    assertThat(pick("I'd like to know how many loans were approved in 1996, please").measures())
        .containsExactly(Measure.metric("loan_count"));
    assertThat(pick("We'd like the number of clients in Sokolov").measures())
        .containsExactly(Measure.metric("client_count"));
  }

  @Test
  void aPossessiveAfterAYearLeavesNoWordBehind() {
    for (String q :
        List.of(
            "Check 1997's monthly cash withdrawal amount; if something is off, drill down",
            "Look at 1996’s monthly card withdrawal amount and drill down if anything is odd")) {
      Reading r = read(q);
      assertThat(r.toString()).as(q).doesNotContain("'s'");
      assertThat(r).as(q).isNotInstanceOf(Reading.Abstained.class);
    }
    assertThat(Tokenizer.tokenize("1997’s loans").stream().map(Token::norm))
        .containsExactly("1997", "loans");
  }

  @Test
  void aWordNextToARecognisedPhraseMayNarrowItSoTheReaderAsks() {
    notAnswered("How many expired cards are there?");
    notAnswered("How many closed accounts are there?");
    notAnswered("How many dormant accounts are there?");
  }

  @Test
  void wordsNamingAnOperationAreNeverDropped() {
    notAnswered("What is the ratio of gold to classic cards?");
    notAnswered("What is the gap between the largest and smallest loan?");
  }

  @Test
  void meaningChangingWordsAreNeverDropped() {
    notAnswered("How many clients but not owners are there?");
    negatedOrNotAnswered("How many clients never had a loan?");
  }

  @Test
  void aMisspeltDatasetWordIsReadAsThatWord() {
    assertThat(pick("how many clints live in Sokolov?").measures())
        .containsExactly(Measure.metric("client_count"));
    assertThat(pick("how many distrcts are in east Bohemia?").filters())
        .contains(eq("district.a3", "east Bohemia"));
  }

  // ------------------------------------------------------------ noun phrases

  @Test
  void aCountingPhraseGivesWayToTheNounPhraseItsLastWordBegins() {
    Pick monthly = pick("how many card withdrawals happened per month in 1997?");
    assertThat(monthly.filters()).contains(eq("trans.operation", "VYBER KARTOU"));
    assertThat(monthly.grain()).isEqualTo(TimeGrain.MONTH);
    assertThat(monthly.measures()).doesNotContain(Measure.metric("card_count"));

    Pick yearly = pick("How many card withdrawals were made in 1995?");
    assertThat(yearly.filters()).contains(eq("trans.operation", "VYBER KARTOU"));
    assertThat(yearly.measures()).doesNotContain(Measure.metric("card_count"));
  }

  @Test
  void aCountOfAStoredValueCountsTheRowsHoldingIt() {
    Pick classic = pick("How many classic cards exist?");
    assertThat(classic.measures()).containsExactly(Measure.metric("card_count"));
    assertThat(classic.filters()).contains(eq("card.type", "classic"));

    Pick cash = pick("How many cash withdrawals happened in 1995?");
    assertThat(cash.filters()).contains(eq("trans.operation", "VYBER"));
    assertThat(cash.measures()).doesNotContain(Measure.metric("card_count"));
  }

  @Test
  void aTableNounWithoutACountingWordIsNotItsCount() {
    for (String q : List.of("Tell me about the account", "Which loan belongs to the account?")) {
      Reading r = read(q);
      if (r instanceof Reading.Understood u) {
        assertThat(u.pick().measures())
            .as(q)
            .doesNotContain(Measure.metric("account_count"), Measure.metric("loan_count"));
      }
    }
  }

  @Test
  void aHowManyPhraseAsksForACountEvenAfterTellMe() {
    assertThat(pick("Could you tell me how many clients are in the Sokolov district?").measures())
        .containsExactly(Measure.metric("client_count"));
    assertThat(pick("Tell me how many loans there are").measures())
        .containsExactly(Measure.metric("loan_count"));
  }

  @Test
  void noPhraseReachesAcrossARelativeWord() {
    Pick clients = pick("List the clients whose district is Sokolov");
    assertThat(clients.select())
        .containsExactly(new Projection.Column(ColumnRef.of("client.client_id"), null));
    assertThat(clients.filters()).contains(eq("district.a2", "Sokolov"));

    Pick accounts = pick("Show the accounts whose district is Pisek");
    assertThat(accounts.select())
        .containsExactly(new Projection.Column(ColumnRef.of("account.account_id"), null));
  }

  @Test
  void storedNamesMayHoldPunctuation() {
    assertThat(pick("How many clients live in Hl.m. Praha?").filters())
        .contains(eq("district.a2", "Hl.m. Praha"));
    assertThat(pick("List the accounts in 'Hl.m. Praha' opened in 1995").filters())
        .contains(eq("district.a2", "Hl.m. Praha"));
  }

  // ------------------------------------------------------------ operators

  @Test
  void forAllNamesTheWholeOfAPercentage() {
    for (String q :
        List.of(
            "What percentage of loans were from Sokolov for all loans granted in 1996?",
            "Calculate the share of accounts from Pisek for all accounts opened in 1994")) {
      Measure m = pick(q).measures().get(0);
      assertThat(m).as(q).isInstanceOf(Measure.Ratio.class);
      Measure.Aggregate part = (Measure.Aggregate) ((Measure.Ratio) m).numerator();
      assertThat(part.filters()).as(q).hasSize(1);
      assertThat(part.filters().get(0).toString()).as(q).contains("district.a2");
    }
  }

  @Test
  void howMuchAsksForAnAmountNotACount() {
    for (String q :
        List.of(
            "How much interest did the bank pay out each year?",
            "How much money did accounts in Sokolov withdraw?")) {
      if (read(q) instanceof Reading.Understood u) {
        assertThat(u.pick().measures().toString()).as(q).doesNotContain("count");
      }
    }
  }

  @Test
  void aRatioBetweenTwoGroupsIsNotAPercentage() {
    for (String q :
        List.of(
            "What's the ratio of junior cards to gold cards?",
            "Give me the ratio of owners to disponents")) {
      Measure.Ratio r = (Measure.Ratio) pick(q).measures().get(0);
      assertThat(r.percent()).as(q).isFalse();
    }
  }

  @Test
  void aChangeAnAnalysisExplainsIsNotAMissingMeasure() {
    for (String q :
        List.of(
            "Why did the cash withdrawal amount change in March 1997?",
            "Look at the monthly credit amount in 1996 and drill down into what changed")) {
      Reading.Understood u = understood(q);
      assertThat(u.analyses()).as(q).isNotEmpty();
    }
  }

  @Test
  void changeBetweenTwoPeriodsIsGrowth() {
    assertThat(
            pick("What is the percentage change in the loan count between 1994 and 1996?")
                .measures()
                .get(0))
        .isInstanceOf(Measure.Growth.class);
    assertThat(
            pick("Give the percent change of the number of cards issued from 1995 to 1997")
                .measures()
                .get(0))
        .isInstanceOf(Measure.Growth.class);
  }

  // ------------------------------------------------------------ words a phrase may not skip

  @Test
  void aPhraseNeverSkipsANegation() {
    // "clients ... took a loan" must not be read as the clients who did
    negatedOrNotAnswered("How many clients have never taken out a loan?");
    negatedOrNotAnswered("How many accounts have not a single card withdrawal?");
  }

  @Test
  void aPhraseNeverSkipsAGroupingWord() {
    Pick a = pick("How many accounts are there in every district?");
    assertThat(a.measures()).containsExactly(Measure.metric("account_count"));
    assertThat(a.groupBy()).isNotEmpty();
    Pick b = pick("number of accounts per district");
    assertThat(b.measures()).containsExactly(Measure.metric("account_count"));
    assertThat(b.groupBy()).isNotEmpty();
  }

  // ------------------------------------------------------------ degrees and quantities

  @Test
  void aQuantitySuperlativeOnRowsRanksByTheirCount() {
    for (String q :
        List.of(
            "Which district has the most accounts?",
            "Name the 2 districts with the fewest loans")) {
      Pick p = pick(q);
      assertThat(p.orderBy()).as(q).isNotEmpty();
      assertThat(p.orderBy().get(0).toString()).as(q).doesNotContain("date");
    }
  }

  @Test
  void aComparativeOrANumberWordIsNeverDropped() {
    notAnswered("How many loans last longer than two years?");
    notAnswered("How many loans are bigger than a typical one?");
    notAnswered("Which clients hold three accounts?");
  }

  @Test
  void howManyTimesIsNotACountOfTheNounAfterIt() {
    notAnswered("How many times did Sokolov clients withdraw cash in 1996?");
    notAnswered("Which accounts received interest more than 20 times?");
  }

  // ------------------------------------------------------------ entities and amounts

  @Test
  void identifiersBelongToTheNearestEntityNoun() {
    for (String q :
        List.of("List the IDs of the male clients", "Show the clients' IDs who live in Sokolov")) {
      Pick p = pick(q);
      assertThat(p.select()).as(q).containsExactly(Projection.column("client.client_id"));
    }
  }

  @Test
  void aValueSeveralTablesHoldIsTheOneOfTheTableNamedElsewhere() {
    for (String q :
        List.of(
            "What share of permanent orders are leasing payments?",
            "How many standing orders are insurance payments?")) {
      assertThat(pick(q).toString()).as(q).contains("order.k_symbol").doesNotContain("trans.");
    }
  }

  @Test
  void aSizeSuperlativeOnRowsRanksByTheirAmount() {
    for (String q :
        List.of("Which client has the biggest loan?", "Which account has the smallest loan?")) {
      Pick p = pick(q);
      assertThat(p.orderBy().get(0).toString()).as(q).contains("loan.amount");
      assertThat(p.measures()).as(q).isEmpty();
    }
  }

  @Test
  void howMuchOfAStoredValueIsTheAmountOfItsRows() {
    for (String q :
        List.of(
            "How much interest was credited in 1996?",
            "How much interest was paid to accounts in 1995?")) {
      Pick p = pick(q);
      assertThat(p.measures()).as(q).containsExactly(Measure.metric("transaction_amount"));
      assertThat(p.filters()).as(q).contains(eq("trans.k_symbol", "UROK"));
    }
  }

  // ------------------------------------------------------------ conditions on counts, periods

  @Test
  void aCountConditionKeepsTheListedGroups() {
    for (String q :
        List.of(
            "Which districts have more than 150 clients?",
            "List the regions with at least 20 loans")) {
      Pick p = pick(q);
      assertThat(p.having()).as(q).hasSize(1);
      assertThat(p.measures()).as(q).hasSize(1);
      assertThat(p.groupBy()).as(q).hasSize(1);
      assertThat(p.having().get(0).measure()).as(q).isNotNull();
    }
    // how many rows meet it: each counted row is kept by how many related rows it has
    assertThat(pick("How many districts have more than 100 clients?").filters())
        .containsExactly(new Filter.RelatedCount("client", List.of(), Comparison.GT, 100));
  }

  @Test
  void periodsInsideOneYearOrYearsAreLabelledByNumber() {
    assertThat(pick("month by month, how many loans were granted in 1996?").periodAs())
        .isEqualTo(io.assay.pick.PeriodLabel.NUMBER);
    assertThat(pick("number of loans per year").periodAs())
        .isEqualTo(io.assay.pick.PeriodLabel.NUMBER);
    assertThat(pick("number of loans per month").periodAs()).isNull();
  }

  @Test
  void aMultipleOfAnotherQuantityIsNotReadAsACount() {
    notAnswered("Were there three times as many credits as withdrawals in 1995?");
  }

  @Test
  void howManyTimesMoreSetsTwoPeriodsSideBySide() {
    for (String q :
        List.of(
            "How many times more loans were granted in 1997 than in 1996?",
            "how many times as many loans did we approve in 1997 as in 1996")) {
      Pick p = pick(q);
      assertThat(p.time()).as(q).isNull();
      assertThat(p.filters()).as(q).isEmpty();
      assertThat(p.measures()).as(q).hasSize(1);
      Measure.Ratio r = (Measure.Ratio) p.measures().get(0);
      assertThat(r.percent()).isFalse();
      Measure.Metric top = (Measure.Metric) r.numerator();
      Measure.Metric bottom = (Measure.Metric) r.denominator();
      assertThat(top.metric()).as(q).isEqualTo("loan_count");
      assertThat(bottom.metric()).as(q).isEqualTo("loan_count");
      assertThat(top.filters())
          .as(q)
          .containsExactly(
              new Filter.Compare(
                  ColumnRef.of("loan.date"), Comparison.GE, Value.date("1997-01-01")),
              new Filter.Compare(
                  ColumnRef.of("loan.date"), Comparison.LT, Value.date("1998-01-01")));
      assertThat(io.assay.understand.rules.Describe.filter(bottom.filters().get(0)))
          .as(q)
          .contains("1996");
    }
  }

  @Test
  void howManyTimesMoreSetsTwoValuesSideBySide() {
    for (String q :
        List.of(
            "How many times more owners than disponents are there?",
            "how many times as many female clients as male clients do we have")) {
      Pick p = pick(q);
      assertThat(p.filters()).as(q).isEmpty();
      Measure.Ratio r = (Measure.Ratio) p.measures().get(0);
      assertThat(ownFilters(r.numerator())).as(q).hasSize(1);
      assertThat(ownFilters(r.denominator())).as(q).hasSize(1);
    }
    Measure.Ratio r =
        (Measure.Ratio)
            pick("How many times more owners than disponents are there?").measures().get(0);
    assertThat(ownFilters(r.numerator())).containsExactly(eq("disp.type", "OWNER"));
    assertThat(ownFilters(r.denominator())).containsExactly(eq("disp.type", "DISPONENT"));
  }

  private static List<Filter> ownFilters(Measure m) {
    return m instanceof Measure.Metric x ? x.filters() : ((Measure.Aggregate) m).filters();
  }

  @Test
  void aNegatedRowPhraseKeepsRowsWithoutSuchRelatedRows() {
    for (String q :
        List.of(
            "How many customers never took a loan?",
            "How many accounts don't have any permanent orders?")) {
      Pick p = pick(q);
      assertThat(p.filters()).as(q).hasSize(1);
      assertThat(p.filters().get(0)).as(q).isInstanceOf(Filter.Exists.class);
      assertThat(((Filter.Exists) p.filters().get(0)).negated()).as(q).isTrue();
    }
  }

  @Test
  void aRatioOfTwoValuesOfOneColumnIsTheFirstCountOverTheSecond() {
    for (String q :
        List.of(
            "what is the ratio of owners to disponents?",
            "How many owners are there for every disponent?")) {
      Pick p = pick(q);
      assertThat(p.filters()).as(q).isEmpty();
      assertThat(p.groupBy()).as(q).isEmpty();
      Measure.Ratio r = (Measure.Ratio) p.measures().get(0);
      assertThat(r.percent()).as(q).isFalse();
      assertThat(ownFilters(r.numerator())).as(q).containsExactly(eq("disp.type", "OWNER"));
      assertThat(ownFilters(r.denominator())).as(q).containsExactly(eq("disp.type", "DISPONENT"));
    }
    Pick women = pick("ratio of women to men among clients in Sokolov");
    assertThat(women.filters()).contains(eq("district.a2", "Sokolov"));
    Measure.Ratio r = (Measure.Ratio) women.measures().get(0);
    assertThat(ownFilters(r.numerator())).containsExactly(eq("client.gender", "F"));
  }

  @Test
  void aRatioWithoutTwoSidesIsNotAnswered() {
    notAnswered("what is the ratio of loans to accounts?");
    assertThat(pick("How many loans are there for every district?").groupBy()).isNotEmpty();
  }

  @Test
  void anAverageCountPerEntityIsAveragedOverTheEntities() {
    for (String[] q :
        List.of(
            new String[] {"What is the average number of loans per client?", "client.client_id"},
            new String[] {
              "what is the mean number of clients per district in north Moravia",
              "district.district_id"
            })) {
      Pick p = pick(q[0]);
      assertThat(p.groupBy()).as(q[0]).isEmpty();
      assertThat(p.measures()).as(q[0]).hasSize(1);
      Measure.OverGroups o = (Measure.OverGroups) p.measures().get(0);
      assertThat(o.fn()).as(q[0]).isEqualTo(io.assay.pick.Aggregation.AVG);
      assertThat(o.per()).as(q[0]).containsExactly(ColumnRef.of(q[1]));
    }
    Pick each = pick("how many cards does each district have on average?");
    assertThat(each.groupBy()).isEmpty();
    assertThat(((Measure.OverGroups) each.measures().get(0)).per())
        .containsExactly(ColumnRef.of("district.district_id"));
    Measure.OverGroups byRegion =
        (Measure.OverGroups) pick("average number of clients per region").measures().get(0);
    assertThat(byRegion.per()).containsExactly(ColumnRef.of("district.a3"));
  }

  @Test
  void anAverageAmountPerEntityStaysAGrouping() {
    Pick p = pick("average loan amount per district");
    assertThat(p.measures().get(0)).isNotInstanceOf(Measure.OverGroups.class);
  }

  @Test
  void anAdjectiveSaidOfNumberedRowsIsNeverDropped() {
    // "inactive" was set aside as a word without data meaning: every customer was listed (the
    // dataset now gives the word a meaning, so an adjective it does not know stands in)
    assertThat(
            ReaderFixture.pagilaOrSkip()
                .read("list the customers of store 2 who are loyal", "", List.of()))
        .isNotInstanceOf(Reading.Understood.class);
  }

  @Test
  void aPhraseNeverReachesOverAContrast() {
    // "account … district" read as the accounts' district and dropped the contrast: every client
    // was counted
    notAnswered("How many clients have an account in a different district than where they live?");
    notAnswered("how many clients have accounts in another district");
  }
}
