package io.assay.understand;

import io.assay.pick.ColumnRef;
import io.assay.pick.Direction;

/** What a lexicon phrase names in the dataset. */
public sealed interface Target {

  /** The table the target belongs to (for join context and column disambiguation). */
  String table();

  /** A metric from recon's metrics.yaml. */
  record Metric(String name, String table) implements Target {}

  /** A table (its rows are the entities: clients, loans, districts). */
  record Table(String table) implements Target {}

  /** A column. */
  record Column(ColumnRef column) implements Target {
    @Override
    public String table() {
      return column.table();
    }
  }

  /** A stored value of a column ("north Bohemia", or 'M' through the word "male"). */
  record Value(ColumnRef column, String value, boolean byWord) implements Target {
    @Override
    public String table() {
      return column.table();
    }
  }

  /** A per-row quantity computed from a column, e.g. a client's age from the birth date. */
  record YearsSince(String name, ColumnRef column) implements Target {
    @Override
    public String table() {
      return column.table();
    }
  }

  /** An adjective that ranks by a column, e.g. "oldest" = birth date ascending. */
  record Superlative(ColumnRef column, Direction direction) implements Target {
    @Override
    public String table() {
      return column.table();
    }
  }

  /** The identifier of whatever entity the question is about ("IDs", "identifier"). */
  record Identifier() implements Target {
    @Override
    public String table() {
      return null;
    }
  }
}
