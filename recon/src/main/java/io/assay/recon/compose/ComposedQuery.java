package io.assay.recon.compose;

import java.util.List;

/**
 * The SQL for a Pick: {@code sql} with {@code ?} placeholders and its {@code binds} in order (what
 * is executed and kept as evidence), {@code inlinedSql} with the values written in (for people to
 * read and copy; never executed), the result's {@code columns}, the {@code joins} taken (one line
 * per hop, "trans.account_id = account.account_id", semi-joins marked "exists"), and {@code
 * warnings} (e.g. a filter value not found in the value index).
 */
public record ComposedQuery(
    String sql,
    List<BindValue> binds,
    String inlinedSql,
    List<OutputColumn> columns,
    List<String> joins,
    List<String> warnings) {

  public ComposedQuery {
    binds = List.copyOf(binds);
    columns = List.copyOf(columns);
    joins = List.copyOf(joins);
    warnings = List.copyOf(warnings);
  }

  /** The bind values alone, in order. */
  public List<Object> bindValues() {
    return binds.stream().map(BindValue::value).toList();
  }
}
