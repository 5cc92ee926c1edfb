package io.assay.algorithms.forecast;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Season detection, Holt-Winters, model choice by backtest, and the forecaster contract. */
class StatisticalForecasterTest {
  private final StatisticalForecaster forecaster = new StatisticalForecaster();

  private static double[] seasonal(int n, int period, double trend, double noise, long seed) {
    Random random = new Random(seed);
    double[] y = new double[n];
    for (int t = 0; t < n; t++) {
      y[t] =
          500
              + trend * t
              + 100 * Math.sin(2 * Math.PI * t / period)
              + noise * random.nextGaussian();
    }
    return y;
  }

  @Test
  void detectsTheSeasonOfHourlyMonthlyAndUnlabelledSeries() {
    assertThat(SeasonDetector.detect(seasonal(24 * 20, 24, 0.1, 5, 1), "hourly")).isEqualTo(24);
    assertThat(SeasonDetector.detect(seasonal(12 * 8, 12, 2, 5, 2), "monthly")).isEqualTo(12);
    assertThat(SeasonDetector.detect(seasonal(400, 17, 0, 5, 3), "")).isEqualTo(17);
  }

  @Test
  void whiteNoiseAndShortSeriesHaveNoSeason() {
    Random random = new Random(4);
    double[] noise = new double[500];
    for (int i = 0; i < noise.length; i++) {
      noise[i] = random.nextGaussian();
    }
    assertThat(SeasonDetector.detect(noise, "hourly")).isEqualTo(1);
    assertThat(SeasonDetector.detect(new double[] {1, 2, 3}, "hourly")).isEqualTo(1);
    assertThat(SeasonDetector.detect(new double[100], "hourly")).isEqualTo(1);
  }

  @Test
  void holtWintersTracksASeasonalTrendAndWidensItsBands() {
    double[] y = seasonal(24 * 30, 24, 0.2, 3, 5);
    double[] future = seasonal(24 * 31, 24, 0.2, 0, 5);
    HoltWinters model = HoltWinters.fit(y, 24);
    double[] mean = model.forecast(24);
    double[] std = model.forecastStd(24);
    for (int h = 0; h < 24; h++) {
      assertThat(mean[h]).isCloseTo(future[y.length + h], within(15.0));
    }
    assertThat(model.sigma()).isBetween(2.0, 5.0);
    for (int h = 1; h < 24; h++) {
      assertThat(std[h]).isGreaterThanOrEqualTo(std[h - 1]);
    }
    HoltWinters.Parameters p = model.parameters();
    assertThat(p.beta()).isLessThanOrEqualTo(p.alpha());
    assertThat(p.gamma()).isLessThanOrEqualTo(1 - p.alpha());
    assertThat(p.phi()).isBetween(0.8, 0.98);
  }

  @Test
  void holtWintersRejectsTooShortOrNonFiniteSeries() {
    assertThatThrownBy(() -> HoltWinters.fit(new double[10], 24))
        .hasMessageContaining("needs at least 50 points");
    assertThatThrownBy(() -> HoltWinters.fit(new double[] {1, 2, Double.NaN, 4, 5}, 1))
        .hasMessageContaining("finite");
    assertThatThrownBy(() -> HoltWinters.fit(new double[10], 0)).hasMessageContaining("period");
  }

  @Test
  void backtestPicksTheSeasonalModelForSeasonalData() {
    Forecast f = forecaster.forecast(seasonal(24 * 20, 24, 0.1, 4, 6), 24, "hourly");
    assertThat(f.season()).isEqualTo(24);
    assertThat(f.model())
        .matches(
            "(Holt-Winters with a damped trend|the value a season earlier \\(seasonal naive,)"
                + " \\(?season of 24\\)");
    assertThat(f.mean()).hasSize(24);
    assertThat(f.std()).hasSize(24);
    assertThat(Arrays.stream(f.std()).min().orElseThrow()).isPositive();
  }

  @Test
  void backtestPrefersDampedHoltOnASmoothTrend() {
    double[] y = new double[200];
    for (int t = 0; t < y.length; t++) {
      y[t] = 10 + 0.5 * t + 0.05 * Math.sin(t);
    }
    Forecast f = forecaster.forecast(y, 5, "daily");
    assertThat(f.model()).isEqualTo("Holt's damped trend");
    assertThat(f.mean()[0]).isCloseTo(10 + 0.5 * 200, within(1.0));
  }

  @Test
  void monthlySeriesForecastWithStandardDeviationsThroughTheContract() {
    List<Object> rows = new ArrayList<>();
    double[] y = seasonal(12 * 8, 12, 1.5, 6, 8);
    for (int i = 0; i < y.length; i++) {
      Map<String, Object> row = new LinkedHashMap<>();
      row.put("date", "m" + i);
      row.put("amount", y[i]);
      rows.add(row);
    }
    ForecastResult result =
        forecaster.forecast(new ForecastRequest(rows, 6, "monthly", null, "amount"));
    assertThat(result).isInstanceOf(ForecastResult.Success.class);
    ForecastResult.Success success = (ForecastResult.Success) result;
    assertThat(success.predictions()).hasSize(6).doesNotContainNull();
    assertThat(success.predictionStd()).hasSize(6).allSatisfy(s -> assertThat(s).isPositive());
    assertThat(success.source()).contains("season of 12");
  }

  @Test
  void degenerateHistoriesGiveDefinedForecasts() {
    // one element: naive forecast, spread unknown (absent), never NaN
    ForecastResult.Success one =
        (ForecastResult.Success) forecaster.forecast(ForecastRequest.of(List.of(7.0), 3, "hourly"));
    assertThat(one.predictions()).containsExactly(7.0, 7.0, 7.0);
    assertThat(one.predictionStd()).isNull();
    // constant and zeros: flat forecast with zero spread
    for (double level : new double[] {0.0, 42.0, -13.0}) {
      double[] flat = new double[60];
      Arrays.fill(flat, level);
      Forecast f = forecaster.forecast(flat, 4, "hourly");
      assertThat(f.mean()).containsOnly(level);
      assertThat(Arrays.stream(f.std()).allMatch(s -> Double.isFinite(s) && s >= 0)).isTrue();
    }
    // negatives follow their trend
    double[] falling = new double[50];
    for (int t = 0; t < falling.length; t++) {
      falling[t] = -100 - 2 * t;
    }
    assertThat(forecaster.forecast(falling, 1, "daily").mean()[0]).isLessThan(-195);
  }

  @Test
  void invalidRowsAreSkippedAndEmptyOrNonFiniteHistoryIsAClearFailure() {
    List<Object> rows = new ArrayList<>(Arrays.asList(1.0, null, "x", true, Double.NaN, 2.0, 3.0));
    ForecastResult ok = forecaster.forecast(ForecastRequest.of(rows, 2, "hourly"));
    assertThat(ok).isInstanceOf(ForecastResult.Success.class);
    ForecastResult empty =
        forecaster.forecast(
            ForecastRequest.of(Arrays.asList(null, Double.NaN, "n/a"), 2, "hourly"));
    assertThat(empty)
        .isEqualTo(
            new ForecastResult.Failure(
                ForecastResult.Status.ERROR,
                "No numeric values in the history; nothing to forecast."));
    assertThat(forecaster.forecast(ForecastRequest.of(List.of(1.0, 2.0), 0, "hourly")))
        .isEqualTo(
            new ForecastResult.Failure(
                ForecastResult.Status.ERROR, "Forecast horizon (0) must be at least 1."));
    assertThatThrownBy(() -> forecaster.forecast(new double[0], 3, "hourly"))
        .hasMessageContaining("at least one value");
    assertThatThrownBy(() -> forecaster.forecast(new double[] {1, Double.POSITIVE_INFINITY}, 3, ""))
        .hasMessageContaining("finite");
  }

  @Test
  void inputLengthKeepsOnlyTheLastValues() {
    List<Object> rows = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      rows.add(i < 40 ? 1000.0 : 5.0);
    }
    ForecastResult.Success result =
        (ForecastResult.Success)
            forecaster.forecast(new ForecastRequest(rows, 1, "hourly", 10, null));
    assertThat(result.predictions().get(0)).isCloseTo(5.0, within(1e-9));
  }

  @Test
  void pythonFloatAcceptsWhatTheReferenceAcceptsExceptNonFinite() {
    assertThat(PyFloat.parse("12.5")).isEqualTo(12.5);
    assertThat(PyFloat.parse(" 1e3 ")).isEqualTo(1000.0);
    assertThat(PyFloat.parse("1_000")).isEqualTo(1000.0);
    assertThat(PyFloat.parse(true)).isEqualTo(1.0);
    assertThat(PyFloat.parse(3)).isEqualTo(3.0);
    assertThat(PyFloat.parse("nan")).isNull();
    assertThat(PyFloat.parse("inf")).isNull();
    assertThat(PyFloat.parse("0x10")).isNull();
    assertThat(PyFloat.parse("1d")).isNull();
    assertThat(PyFloat.parse(null)).isNull();
    assertThat(PyFloat.parse(List.of(1))).isNull();
  }

  @Test
  void extractionSkipsBooleansAndReadsTimestampsByKeyOrder() {
    Map<String, Object> row = new LinkedHashMap<>();
    row.put("period", "p");
    row.put("date", "d");
    row.put("value", "3");
    assertThat(SeriesValues.extract(Arrays.asList(1, true, row, null, "4"), null))
        .containsExactly(1.0, 3.0);
    assertThat(SeriesValues.timestampOf(row)).isEqualTo("d");
    assertThat(SeriesValues.timestampOf(5.0)).isNull();
  }
}
