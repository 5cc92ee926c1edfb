package io.assay.report.render;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.contract.finding.DisplayFormat;
import io.assay.contract.finding.TableData;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class TablePeriodsTest {

  private static TableData table(String... periods) {
    return new TableData(
        "t",
        "scores",
        List.of("period", "district"),
        List.of(new TableData.ValueColumn("value", "", DisplayFormat.grouped(0))),
        Arrays.stream(periods)
            .map(p -> new TableData.Row(List.of(p, "Praha 2"), List.of(1.0)))
            .toList(),
        null);
  }

  @Test
  void aColumnOfPeriodsReadsAsPeopleWritePeriodsAtItsGrain() {
    TablePeriods months = TablePeriods.of(table("1997-01", "1997-02"));
    assertThat(months.any()).isTrue();
    assertThat(months.cell(0, "1997-01").text()).isEqualTo("January 1997");
    assertThat(months.cell(0, "1997-01").attr()).isEqualTo("1997-01");
    // A column of names (with digits) stays as written.
    assertThat(months.cell(1, "Praha 2").text()).isEqualTo("Praha 2");
    assertThat(months.cell(1, "Praha 2").kind()).isEqualTo("quote");

    TablePeriods quarters = TablePeriods.of(table("1997-01-01", "1997-04-01", "1997-07-01"));
    assertThat(quarters.cell(0, "1997-04-01").text()).isEqualTo("Q2 1997");
    TablePeriods weeks = TablePeriods.of(table("2022-06-06", "2022-06-13"));
    assertThat(weeks.cell(0, "2022-06-13").text()).isEqualTo("week of 13 June 2022");
  }
}
