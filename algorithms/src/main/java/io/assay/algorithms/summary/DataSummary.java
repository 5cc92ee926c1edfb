package io.assay.algorithms.summary;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/**
 * What a workflow payload or a prompt carries instead of a large query result: a profile of every
 * column over the full data, a handful of representative rows, and how faithful those rows are.
 * Plain records, JSON-serialisable with Jackson; no NaN or infinity anywhere.
 *
 * @param header one sentence giving the original size and saying this is not the full data
 * @param rowCount rows in the original result
 * @param sampleColumns column names, the order of each representative row's values
 * @param rows representative rows, in original row order
 * @param reasons why each representative row was kept (parallel to {@code rows})
 */
@JsonPropertyOrder({
  "header",
  "row_count",
  "column_count",
  "complete",
  "columns",
  "sample_columns",
  "rows",
  "reasons",
  "fidelity",
  "budget",
  "seed"
})
public record DataSummary(
    @JsonProperty("header") String header,
    @JsonProperty("row_count") long rowCount,
    @JsonProperty("column_count") int columnCount,
    @JsonProperty("complete") boolean complete,
    @JsonProperty("columns") List<ColumnProfile> columns,
    @JsonProperty("sample_columns") List<String> sampleColumns,
    @JsonProperty("rows") List<List<Object>> rows,
    @JsonProperty("reasons") List<String> reasons,
    @JsonProperty("fidelity") Fidelity fidelity,
    @JsonProperty("budget") int budget,
    @JsonProperty("seed") long seed) {

  /**
   * How well the representative rows keep what matters: {@code score = 0.6 * extremesRetained + 0.4
   * * rareCategoryRecall}, passing at 0.7.
   *
   * @param extremesRetained share of the metric columns' minima and maxima present in the rows (1
   *     when there is no metric)
   * @param rareCategoryRecall share of the ordinary dimensions' categories with at most 5% of the
   *     rows that appear in the rows (1 when there is none)
   */
  @JsonPropertyOrder({"score", "passed", "extremes_retained", "rare_category_recall"})
  public record Fidelity(
      @JsonProperty("score") double score,
      @JsonProperty("passed") boolean passed,
      @JsonProperty("extremes_retained") double extremesRetained,
      @JsonProperty("rare_category_recall") double rareCategoryRecall) {

    public static final double PASS = 0.7;
  }
}
