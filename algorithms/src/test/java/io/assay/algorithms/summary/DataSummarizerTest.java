package io.assay.algorithms.summary;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class DataSummarizerTest {
  private static final List<ColumnSpec> SPECS =
      List.of(
          ColumnSpec.of("amount", ColumnType.NUMBER),
          new ColumnSpec("id", ColumnType.TEXT, ColumnRole.IDENTIFIER),
          ColumnSpec.of("region", ColumnType.TEXT),
          ColumnSpec.of("note", ColumnType.TEXT),
          ColumnSpec.of("vip", ColumnType.BOOLEAN),
          ColumnSpec.of("day", ColumnType.TEMPORAL));

  /** 1,000 rows: region "north" 90%, "south" 8%, "east" 1.5%, "west" 0.5%; note missing 10%. */
  static ColumnarTable table(long seed) {
    Random random = new Random(seed);
    ColumnarTable.Builder b = ColumnarTable.builder(SPECS);
    for (int r = 0; r < 1000; r++) {
      String region =
          r % 200 == 7 ? "west" : r % 200 < 3 ? "east" : r % 100 < 8 ? "south" : "north";
      b.add(
          r == 500 ? 99_999.5 : r == 600 ? -42.0 : 100 + random.nextInt(1000),
          "T" + r,
          region,
          r % 10 == 3 ? null : "n" + (r % 3),
          r % 50 == 0,
          "2024-01-" + String.format("%02d", 1 + r % 28));
    }
    return b.build();
  }

  @Test
  void profilesEveryColumnOverTheFullData() {
    DataSummary s = DataSummarizer.summarise(table(1));
    ColumnProfile amount = s.columns().get(0);
    assertThat(amount.count()).isEqualTo(1000);
    assertThat(amount.min()).isEqualTo(-42.0);
    assertThat(amount.max()).isEqualTo(99_999.5);
    assertThat(amount.quantiles()).containsKeys("p05", "p25", "p50", "p75", "p95");
    assertThat(amount.std()).isPositive();
    ColumnProfile note = s.columns().get(3);
    assertThat(note.missing()).isEqualTo(100);
    assertThat(note.missingRate()).isEqualTo(0.1);
    assertThat(note.distinct()).isEqualTo(3);
    assertThat(s.columns().get(2).topValues().get(0).value()).isEqualTo("north");
    assertThat(s.columns().get(1).identifierLike()).isTrue();
    assertThat(s.columns().get(5).minText()).isEqualTo("2024-01-01");
    assertThat(s.columns().get(5).maxText()).isEqualTo("2024-01-28");
  }

  @Test
  void keepsExtremesANullRowAndRareCategories() {
    DataSummary s = DataSummarizer.summarise(table(1));
    assertThat(s.rows()).hasSize(20);
    assertThat(s.complete()).isFalse();
    assertThat(s.header()).contains("1,000 rows x 6 columns").contains("NOT the full data");
    assertThat(s.reasons()).anyMatch(r -> r.contains("min of amount"));
    assertThat(s.reasons()).anyMatch(r -> r.contains("max of amount"));
    assertThat(s.rows()).anyMatch(row -> row.get(3) == null);
    List<Object> regions = s.rows().stream().map(row -> row.get(2)).toList();
    assertThat(regions).contains("west", "east", "south");
    assertThat(s.reasons()).noneMatch(r -> r.contains("rare id="));
    assertThat(s.fidelity().extremesRetained()).isEqualTo(1.0);
    assertThat(s.fidelity().rareCategoryRecall()).isEqualTo(1.0);
    assertThat(s.fidelity().score()).isEqualTo(1.0);
    assertThat(s.fidelity().passed()).isTrue();
  }

  @Test
  void sameSeedSameRowsOtherSeedOtherFill() {
    ColumnarTable t = table(1);
    DataSummary a = DataSummarizer.summarise(t, SummaryOptions.defaults().withSeed(5));
    DataSummary b = DataSummarizer.summarise(t, SummaryOptions.defaults().withSeed(5));
    DataSummary c = DataSummarizer.summarise(t, SummaryOptions.defaults().withSeed(6));
    assertThat(a.rows()).isEqualTo(b.rows());
    assertThat(a.rows()).isNotEqualTo(c.rows());
  }

  @Test
  void smallTablesAreShownWhole() {
    ColumnarTable.Builder b = ColumnarTable.builder(SPECS);
    for (int r = 0; r < 5; r++) {
      b.add(r, "T" + r, "x", null, true, "2024-02-0" + (r + 1));
    }
    DataSummary s = DataSummarizer.summarise(b.build());
    assertThat(s.complete()).isTrue();
    assertThat(s.rows()).hasSize(5);
    assertThat(s.header()).isEqualTo("Complete result: 5 rows x 6 columns, all rows shown.");
    assertThat(s.rows().get(0)).containsExactly(0L, "T0", "x", null, true, "2024-02-01");
  }

  @Test
  void fidelityFallsWhenTheBudgetCannotHoldTheRareCategories() {
    List<ColumnSpec> specs =
        List.of(ColumnSpec.of("v", ColumnType.NUMBER), ColumnSpec.of("cat", ColumnType.TEXT));
    ColumnarTable.Builder b = ColumnarTable.builder(specs);
    for (int r = 0; r < 2000; r++) {
      b.add(r, r < 1000 ? "big" : "c" + (r % 40)); // 40 rare categories of 25 rows
    }
    DataSummary s = DataSummarizer.summarise(b.build(), SummaryOptions.defaults().withBudget(10));
    assertThat(s.fidelity().extremesRetained()).isEqualTo(1.0);
    // The max row (v = 1999) already shows one rare category; 8 more rows show 8 others.
    assertThat(s.fidelity().rareCategoryRecall()).isEqualTo(9.0 / 40);
    assertThat(s.fidelity().score())
        .isCloseTo(0.6 + 0.4 * 9.0 / 40, org.assertj.core.data.Offset.offset(1e-12));
    assertThat(s.fidelity().passed()).isFalse(); // 0.69 < 0.7
    DataSummary tiny = DataSummarizer.summarise(b.build(), SummaryOptions.defaults().withBudget(1));
    assertThat(tiny.fidelity().passed()).isFalse();
  }

  @Test
  void degenerateTablesGiveDefinedSummariesWithoutNaN() {
    List<ColumnSpec> specs =
        List.of(ColumnSpec.of("x", ColumnType.NUMBER), ColumnSpec.of("t", ColumnType.TEXT));
    // empty
    DataSummary empty = DataSummarizer.summarise(ColumnarTable.builder(specs).build());
    assertThat(empty.rowCount()).isZero();
    assertThat(empty.rows()).isEmpty();
    assertThat(empty.columns().get(0).mean()).isNull();
    assertThat(empty.fidelity().score()).isEqualTo(1.0);
    // constant, one row, all-null, NaN and infinite numbers
    ColumnarTable.Builder b = ColumnarTable.builder(specs);
    for (int r = 0; r < 100; r++) {
      double x = r == 3 ? Double.NaN : r == 4 ? Double.POSITIVE_INFINITY : 7.0;
      b.add(x, null);
    }
    DataSummary s = DataSummarizer.summarise(b.build());
    ColumnProfile x = s.columns().get(0);
    assertThat(x.count()).isEqualTo(98);
    assertThat(x.missing()).isEqualTo(2);
    assertThat(x.std()).isEqualTo(0.0);
    assertThat(x.distinct()).isEqualTo(1);
    assertThat(s.columns().get(1).missingRate()).isEqualTo(1.0);
    String json = toJson(s);
    assertThat(json).doesNotContain("NaN").doesNotContain("Infinity");
    DataSummary one = DataSummarizer.summarise(ColumnarTable.builder(specs).add(1.5, "a").build());
    assertThat(one.columns().get(0).std()).isNull();
    assertThat(one.rows()).containsExactly(List.of(1.5, "a"));
  }

  @Test
  void badInputIsRejectedClearly() {
    assertThatThrownBy(() -> ColumnarTable.builder(SPECS).add(1, "a"))
        .hasMessageContaining("2 values for 6 columns");
    assertThatThrownBy(() -> ColumnarTable.builder(SPECS).add("abc", "a", "r", "n", true, "d"))
        .hasMessageContaining("not a number: 'abc'");
    assertThatThrownBy(() -> ColumnarTable.builder(SPECS).add(1, "a", "r", "n", "maybe", "d"))
        .hasMessageContaining("BOOLEAN");
    assertThatThrownBy(() -> SummaryOptions.defaults().withBudget(0))
        .hasMessageContaining("budget");
    assertThatThrownBy(() -> new ColumnSpec("c", ColumnType.TEXT, ColumnRole.METRIC))
        .hasMessageContaining("NUMBER");
    assertThatThrownBy(
            () ->
                ColumnarTable.ofColumns(
                    List.of(
                        ColumnSpec.of("a", ColumnType.NUMBER), ColumnSpec.of("b", ColumnType.TEXT)),
                    List.of(new double[2], new String[3])))
        .hasMessageContaining("has 3 rows, expected 2");
  }

  @Test
  void columnarArraysAndStreamingRowsGiveTheSameSummary() {
    ColumnarTable streamed = table(3);
    List<Object> arrays = new ArrayList<>();
    int n = streamed.rowCount();
    double[] amount = new double[n];
    String[] id = new String[n];
    String[] region = new String[n];
    String[] note = new String[n];
    Boolean[] vip = new Boolean[n];
    String[] day = new String[n];
    for (int r = 0; r < n; r++) {
      amount[r] = streamed.number(0, r);
      id[r] = (String) streamed.cell(1, r);
      region[r] = (String) streamed.cell(2, r);
      note[r] = (String) streamed.cell(3, r);
      vip[r] = (Boolean) streamed.cell(4, r);
      day[r] = (String) streamed.cell(5, r);
    }
    arrays.addAll(List.of(amount, id, region, note, vip, day));
    ColumnarTable columnar = ColumnarTable.ofColumns(SPECS, arrays);
    assertThat(toJson(DataSummarizer.summarise(columnar)))
        .isEqualTo(toJson(DataSummarizer.summarise(streamed)));
  }

  private static String toJson(DataSummary s) {
    try {
      return new ObjectMapper().writeValueAsString(s);
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }
}
