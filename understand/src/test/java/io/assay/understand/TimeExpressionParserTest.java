package io.assay.understand;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.assay.pick.TimeGrain;
import io.assay.understand.TimeExpression.Relation;
import java.time.LocalDate;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TimeExpressionParserTest {

  private static final LocalDate LATEST = LocalDate.of(1998, 12, 31);

  private static TimeExpression only(String text, LocalDate latest) {
    List<TimeExpression> found = TimeExpressionParser.parse(text, latest);
    assertThat(found).as("time expressions in '%s'", text).hasSize(1);
    return found.get(0);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "How many loans in 1997?                     | WITHIN  | 1997-01-01 | 1997-12-31 | YEAR",
        "Card withdrawals in January 1996            | WITHIN  | 1996-01-01 | 1996-01-31 | MONTH",
        "withdrawals in Jan. 1996                    | WITHIN  | 1996-01-01 | 1996-01-31 | MONTH",
        "accounts opened in 1996-03                  | WITHIN  | 1996-03-01 | 1996-03-31 | MONTH",
        "the female client born in 1976/1/29         | WITHIN  | 1976-01-29 | 1976-01-29 | DAY",
        "loans approved on 1995-01-01                | WITHIN  | 1995-01-01 | 1995-01-01 | DAY",
        "loans approved on January 29, 1976          | WITHIN  | 1976-01-29 | 1976-01-29 | DAY",
        "loans approved on 29 January 1976           | WITHIN  | 1976-01-29 | 1976-01-29 | DAY",
        "US order: 12/31/1997                        | WITHIN  | 1997-12-31 | 1997-12-31 | DAY",
        "day first when it cannot be a month 31/12/1997 | WITHIN | 1997-12-31 | 1997-12-31 | DAY",
        "credits in Q3 1997                          | WITHIN  | 1997-07-01 | 1997-09-30 | QUARTER",
        "loans in the second week of March 1997      | WITHIN  | 1997-03-08 | 1997-03-14 | DAY",
        "payments during the last week of May 2022   | WITHIN  | 2022-05-25 | 2022-05-31 | DAY",
        "credits in the second half of 1996          | WITHIN  | 1996-07-01 | 1996-12-31 | MONTH",
        "the 1st half of the year 1997 in credits    | WITHIN  | 1997-01-01 | 1997-06-30 | MONTH",
        "credits in the third quarter of 1997        | WITHIN  | 1997-07-01 | 1997-09-30 | QUARTER",
        "clients born before 1950                    | BEFORE  | 1950-01-01 | 1950-12-31 | YEAR",
        "accounts opened after March 1997            | AFTER   | 1997-03-01 | 1997-03-31 | MONTH",
        "loans since 1996                            | SINCE   | 1996-01-01 | 1996-12-31 | YEAR",
        "loans until 1995                            | UNTIL   | 1995-01-01 | 1995-12-31 | YEAR",
        "clients born in the 1960s                   | WITHIN  | 1960-01-01 | 1969-12-31 | YEAR",
        "accounts opened before the 1990's           | BEFORE  | 1990-01-01 | 1999-12-31 | YEAR",
      })
  void readsOnePeriod(String text, Relation relation, LocalDate from, LocalDate to, TimeGrain g) {
    TimeExpression t = only(text, LATEST);
    assertThat(t.relation()).isEqualTo(relation);
    assertThat(t.first()).isEqualTo(new Period(from, to, g));
    assertThat(text.substring(t.start(), t.end())).isEqualTo(t.text());
  }

  @Test
  void betweenTwoDatesKeepsBothEnds() {
    TimeExpression t =
        only("Between 1/1/1995 and 12/31/1997, how many loans were approved?", LATEST);
    assertThat(t.relation()).isEqualTo(Relation.BETWEEN);
    assertThat(t.first()).isEqualTo(Period.day(LocalDate.of(1995, 1, 1)));
    assertThat(t.second()).isEqualTo(Period.day(LocalDate.of(1997, 12, 31)));
    assertThat(t.span().from()).isEqualTo(LocalDate.of(1995, 1, 1));
    assertThat(t.span().to()).isEqualTo(LocalDate.of(1997, 12, 31));
    assertThat(t.text()).isEqualTo("Between 1/1/1995 and 12/31/1997");
  }

  @Test
  void aYearEndingARangeOfNumbersIsANumber() {
    assertThat(TimeExpressionParser.parse("orders with an amount between 500 and 2010", null))
        .isEmpty();
    assertThat(TimeExpressionParser.parse("payments from 3 to 1999 dollars", null)).isEmpty();
    assertThat(TimeExpressionParser.parse("loans between 1994 and 1996", null)).hasSize(1);
  }

  @Test
  void fromToAndBetweenYearsAreRanges() {
    TimeExpression growth = only("growth of loans between 1996 and 1997", LATEST);
    assertThat(growth.first()).isEqualTo(Period.year(1996));
    assertThat(growth.second()).isEqualTo(Period.year(1997));
    TimeExpression fromTo = only("balance from 1993/3/22 to 1998/12/27", LATEST);
    assertThat(fromTo.relation()).isEqualTo(Relation.BETWEEN);
    assertThat(fromTo.second()).isEqualTo(Period.day(LocalDate.of(1998, 12, 27)));
    TimeExpression years = only("unemployment from year 1995 to 1996", LATEST);
    assertThat(years.first()).isEqualTo(Period.year(1995));
  }

  @Test
  void lastQuarterIsTheLatestCompleteQuarterOfTheData() {
    // the data ends on the last day of Q4 1998: that quarter is complete
    assertThat(only("credits last quarter", LATEST).first()).isEqualTo(Period.quarter(1998, 4));
    // the data ends mid-December: the last complete quarter is Q3
    assertThat(only("credits last quarter", LocalDate.of(1998, 12, 8)).first())
        .isEqualTo(Period.quarter(1998, 3));
    assertThat(only("loans in the previous month", LocalDate.of(1998, 12, 8)).first())
        .isEqualTo(Period.month(1998, 11));
    assertThat(only("loans this year", LocalDate.of(1998, 12, 8)).first())
        .isEqualTo(Period.year(1998));
  }

  @Test
  void theLastNMonthsEndWithTheLatestMonth() {
    TimeExpression t = only("withdrawals over the last 3 months", LATEST);
    assertThat(t.first().from()).isEqualTo(LocalDate.of(1998, 10, 1));
    assertThat(t.first().to()).isEqualTo(LocalDate.of(1998, 12, 31));
    assertThat(only("the past two years", LATEST).first().from())
        .isEqualTo(LocalDate.of(1997, 1, 1));
  }

  @Test
  void relativeExpressionsNeedTheDataLatestDate() {
    assertThat(TimeExpressionParser.parse("credits last quarter", null)).isEmpty();
  }

  @Test
  void numbersThatAreNotYearsAreLeftAlone() {
    assertThat(TimeExpressionParser.parse("loans of at least 250,000 and salary over 8000", LATEST))
        .isEmpty();
    assertThat(TimeExpressionParser.parse("amount less than USD100,000", LATEST)).isEmpty();
    assertThat(TimeExpressionParser.parse("a balance of 1995.50", LATEST)).isEmpty();
  }

  @Test
  void anImpossibleDateIsAnErrorThatNamesIt() {
    assertThatThrownBy(() -> TimeExpressionParser.parse("loans on 2/30/1997", LATEST))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("2/30/1997");
  }

  @Test
  void aRangeThatEndsBeforeItStartsIsRejected() {
    assertThatThrownBy(() -> TimeExpressionParser.parse("between 1998 and 1996", LATEST))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("before it starts");
  }

  @Test
  void twoExpressionsInOneQuestion() {
    List<TimeExpression> found =
        TimeExpressionParser.parse(
            "loan approved first in 1993/7/5, balance from 1993/3/22 to 1998/12/27", LATEST);
    assertThat(found).hasSize(2);
    assertThat(found.get(0).relation()).isEqualTo(Relation.WITHIN);
    assertThat(found.get(1).relation()).isEqualTo(Relation.BETWEEN);
  }

  @Test
  void aBareMonthOpeningAPairTakesTheYearOfItsOtherEnd() {
    List<TimeExpression> a = TimeExpressionParser.parse("from March to May 1997", null);
    assertThat(a).hasSize(1);
    assertThat(a.get(0).first()).isEqualTo(Period.month(1997, 3));
    assertThat(a.get(0).second()).isEqualTo(Period.month(1997, 5));
    List<TimeExpression> b = TimeExpressionParser.parse("between November and February 2022", null);
    assertThat(b).hasSize(1);
    assertThat(b.get(0).first()).isEqualTo(Period.month(2021, 11));
  }

  @Test
  void partsOfAMonthOrYearAreRangesOfDays() {
    assertThat(only("payments in the first week of June 2022", LATEST).first().toTimeFilter())
        .isEqualTo(
            new io.assay.pick.TimeFilter.Range(LocalDate.of(2022, 6, 1), LocalDate.of(2022, 6, 7)));
    assertThat(only("loans in the first half of 1995", LATEST).first().toTimeFilter())
        .isEqualTo(
            new io.assay.pick.TimeFilter.Range(
                LocalDate.of(1995, 1, 1), LocalDate.of(1995, 6, 30)));
  }

  @Test
  void aBareMonthComparedWithAMonthOfAYearTakesItsYear() {
    List<TimeExpression> vs = TimeExpressionParser.parse("payments april vs may 2021", LATEST);
    assertThat(vs).hasSize(2);
    assertThat(vs.get(0).first()).isEqualTo(Period.month(2021, 4));
    List<TimeExpression> across =
        TimeExpressionParser.parse("credits in November versus February 1997", LATEST);
    assertThat(across.get(0).first()).isEqualTo(Period.month(1996, 11));
    // a word that is no month takes nothing
    assertThat(TimeExpressionParser.parse("revenue vs March 2021", LATEST)).hasSize(1);
  }
}
