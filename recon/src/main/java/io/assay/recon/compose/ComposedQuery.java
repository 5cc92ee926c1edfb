package io.assay.recon.compose;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * The SQL for a Pick: {@code sql} with {@code ?} placeholders and its {@code binds} in order (what
 * is executed and kept as evidence), the result's {@code columns}, the {@code joins} taken (one
 * line per hop, "join account on account.account_id = trans.account_id", semi-joins marked
 * "exists"), and {@code warnings} (e.g. a filter value not found in the value index). {@link
 * #inlinedSql()} writes the values in, for people to read and copy; it is never executed.
 */
public record ComposedQuery(
    String sql,
    List<BindValue> binds,
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

  /**
   * The SQL with each placeholder replaced by its value as a literal. Display only: the composer's
   * SQL has no string literals of its own except a LIKE escape, and identifiers are quoted, so
   * placeholders are found by skipping quoted text.
   */
  @JsonProperty("inlinedSql")
  public String inlinedSql() {
    StringBuilder out = new StringBuilder(sql.length() + 16 * binds.size());
    int next = 0;
    char quote = 0;
    for (int i = 0; i < sql.length(); i++) {
      char c = sql.charAt(i);
      if (quote != 0) {
        if (c == quote) {
          quote = 0;
        }
        out.append(c);
      } else if (c == '\'' || c == '"') {
        quote = c;
        out.append(c);
      } else if (c == '?' && next < binds.size()) {
        out.append(Rendering.literal(binds.get(next++)));
      } else {
        out.append(c);
      }
    }
    return out.toString();
  }
}
