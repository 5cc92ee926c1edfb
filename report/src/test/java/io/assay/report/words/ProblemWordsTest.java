package io.assay.report.words;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Refusals as the checks write them (each one below was returned by a running Assay for an edit
 * through the API or a form) read as sentences: no argument name, analysis id, column reference,
 * edit kind, state name or ISO date is left for a person to decode.
 */
class ProblemWordsTest {
  private static final Map<String, String> TITLES =
      Map.of(
          "trend_anomaly", "Trend anomaly",
          "drill_down", "Drill-down",
          "compare_periods", "Compare periods");

  private static final Labels LABELS =
      Labels.of(
              Map.of(
                  "district.a2", "District name",
                  "district.a3", "Region",
                  "district.a13", "Unemployment 1996",
                  "district.a10", "Urban share",
                  "cash_withdrawal_amount", "Cash withdrawal amount"))
          .withAnalyses(TITLES);

  private static final ProblemWords WORDS =
      new ProblemWords(
          new RawNames(
              LABELS,
              Set.of(
                  "district.a2",
                  "district.a3",
                  "district.a13",
                  "district.a10",
                  "cash_withdrawal_amount",
                  "trend_anomaly",
                  "drill_down",
                  "compare_periods")),
          LABELS,
          arguments(
              "metric",
              "time",
              "grain",
              "filters",
              "dimensions",
              "history_periods",
              "drop_weight",
              "rise_weight",
              "expected_periods",
              "located_by",
              "actual",
              "baseline",
              "threshold"));

  /** Raw things a person should never read in a refusal, outside what they typed (quoted). */
  private static final Pattern RAW =
      Pattern.compile(
          "\\b[a-z][a-z0-9]*(_[a-z0-9]+)+\\b|\\b[a-z]{2,}\\.[a-z][a-z0-9_]+\\b|\\barg\\b"
              + "|\\b\\d{4}-\\d{2}(-\\d{2})?\\b|\\b[A-Z]+_[A-Z_]+\\b|YYYY|table\\.column|\\{\"");

  private static Map<String, String> arguments(String... names) {
    Map<String, String> out = new LinkedHashMap<>();
    for (String n : names) {
      out.put(n, Labels.humanise(n));
    }
    return out;
  }

  private static String words(String reason) {
    String said = WORDS.of(reason);
    assertThat(RAW.matcher(said.replaceAll("'[^']*'", "''")).find()).as(said).isFalse();
    return said;
  }

  @Test
  void anArgumentsProblemNamesTheArgumentByItsLabelAndTheStepsAnalysisByItsTitle() {
    assertThat(
            words(
                "step 1 (trend_anomaly): arg 'grain': expected one of day, week, month, quarter,"
                    + " year, got bogus"))
        .isEqualTo(
            "Step 1 (trend anomaly): grain should be one of day, week, month, quarter, year,"
                + " not bogus.");
    assertThat(
            words(
                "the new step: missing required arg 'metric' (metric: the metric to scan, by its"
                    + " name in the dataset's metrics); missing required arg 'time' (time_filter:"
                    + " the window to scan for anomalies, e.g. one year)"))
        .isEqualTo(
            "The new step: metric is required (the metric to scan, by its name in the dataset's"
                + " metrics); time is required (the window to scan for anomalies, e.g. one"
                + " year).");
  }

  @Test
  void whatWasTypedStaysQuotedAndTheSuggestionsReadAsTheDatasetsLabels() {
    assertThat(
            words(
                "step 1 (trend_anomaly): arg 'metric': unknown metric 'cash_withdrawl_amount' —"
                    + " did you mean 'cash_withdrawal_amount'?"))
        .isEqualTo(
            "Step 1 (trend anomaly): metric: unknown metric 'cash_withdrawl_amount' — did you"
                + " mean cash withdrawal amount?");
    assertThat(
            words(
                "step 2 (drill_down): arg 'dimensions': unknown column 'district.a33' (write"
                    + " table.column) — did you mean 'district.a13', 'district.a3' or"
                    + " 'district.a10'?"))
        .isEqualTo(
            "Step 2 (drill-down): dimensions: unknown column 'district.a33' — did you mean"
                + " unemployment 1996, region or urban share?");
    assertThat(words("'Sokolow' is not a value of district.a2 — did you mean 'Sokolov'?"))
        .isEqualTo("'Sokolow' is not a value of district name — did you mean 'Sokolov'?");
  }

  @Test
  void unknownArgumentsAnalysesAndEditKindsReadAsWords() {
    assertThat(
            words(
                "step 1 (trend_anomaly): unknown arg 'colour'; accepted args: metric, time,"
                    + " grain, history_periods, expected_periods"))
        .isEqualTo(
            "Step 1 (trend anomaly): there is no setting 'colour'; it takes metric, time,"
                + " grain, history periods and expected periods.");
    assertThat(
            words(
                "unknown analysis 'trend_anomal' — did you mean 'trend_anomaly'?; known analyses:"
                    + " compare_periods, drill_down, trend_anomaly"))
        .isEqualTo(
            "Unknown analysis 'trend_anomal' — did you mean trend anomaly?; known analyses:"
                + " compare periods, drill-down, trend anomaly.");
    assertThat(words("add_step position 5 is outside 1..3"))
        .isEqualTo("The new step's position 5 is outside 1 to 3.");
    assertThat(words("exclude_value needs a column (table.column)"))
        .isEqualTo("The exclusion needs a column.");
  }

  @Test
  void aRunsRefusalNamesItsAnalysisArgumentsBareAndPeriodsAsPeopleWriteThem() {
    assertThat(words("invalid args for trend_anomaly: drop_weight and rise_weight must be 0..3"))
        .isEqualTo("Trend anomaly cannot run: drop weight and rise weight must be 0 to 3.");
    assertThat(
            words(
                "invalid args for trend_anomaly: arg 'expected_periods': 1997-06-15 does not"
                    + " start a month (the step's grain); write 1997-06-01 for the month holding"
                    + " it"))
        .isEqualTo(
            "Trend anomaly cannot run: expected periods: 15 June 1997 does not start a month"
                + " (the step's grain); write 1 June 1997 for the month holding it.");
    assertThat(
            words(
                "invalid args for drill_down: give 'actual' (the period to explain),"
                    + " 'located_by' (the trend step) or 'time' (a window)"))
        .isEqualTo(
            "Drill-down cannot run: give actual (the period to explain), located by (the trend"
                + " step) or time (a window).");
    assertThat(
            words(
                "step 1 (trend_anomaly): arg 'time': year 0 is not a calendar year (write"
                    + " {\"kind\":\"year\",\"year\":1997})"))
        .isEqualTo("Step 1 (trend anomaly): time: year 0 is not a calendar year.");
  }

  @Test
  void aPeriodsHintSaysHowPeopleWriteAPeriod() {
    assertThat(
            words(
                "step 1 (trend_anomaly): arg 'expected_periods': 'soon' is not a date; write the"
                    + " period's first day as YYYY-MM-DD"))
        .isEqualTo(
            "Step 1 (trend anomaly): expected periods: 'soon' is not a date; write a period such"
                + " as June 1997 or 2 June 1997.");
  }

  @Test
  void aJobsStateReadsAsWords() {
    assertThat(words("cannot edit the plan while the job is EXECUTING"))
        .isEqualTo("Cannot edit the plan while the job is running.");
    assertThat(StateWords.of(io.assay.contract.job.JobState.AWAITING_APPROVAL))
        .isEqualTo("waiting for approval");
    assertThat(ProblemWords.NONE.of(null)).isNull();
  }
}
