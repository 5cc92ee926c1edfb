package io.assay.recon.execute;

import io.assay.recon.compose.BindValue;
import java.util.List;

/**
 * The rows of one executed query with what is needed to keep them as evidence: the SQL and its bind
 * values as executed, the result columns, at most {@code rowCap} rows (values are String, Integer,
 * Long, Float, Double, BigDecimal, Boolean, LocalDate or LocalDateTime), whether more rows existed
 * ({@code truncated}), and the execution time.
 */
public record QueryResult(
    String sql,
    List<BindValue> binds,
    List<Column> columns,
    List<List<Object>> rows,
    boolean truncated,
    int rowCap,
    long elapsedMillis) {

  public QueryResult {
    binds = List.copyOf(binds);
    columns = List.copyOf(columns);
    rows = List.copyOf(rows);
  }

  /** A result column: its label and PostgreSQL type name. */
  public record Column(String name, String sqlType) {}
}
