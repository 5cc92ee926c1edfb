package io.assay.recon.joins;

/**
 * One hop of a join path: from {@code fromTable} to {@code toTable} on {@code fromTable.fromColumn
 * = toTable.toColumn}. {@code fansOut} is true when the hop goes from the one side of a
 * relationship to its many side (account → trans), i.e. one row may become several.
 */
public record JoinStep(
    String fromTable, String fromColumn, String toTable, String toColumn, boolean fansOut) {

  public JoinStep reversed() {
    return new JoinStep(toTable, toColumn, fromTable, fromColumn, !fansOut);
  }

  @Override
  public String toString() {
    return fromTable + "." + fromColumn + (fansOut ? " -< " : " >- ") + toTable + "." + toColumn;
  }
}
