package io.assay.datasets.financial;

/** A row of {@code disp}: who may use an account, as OWNER or DISPONENT. */
public record Disp(int dispId, int clientId, int accountId, String type) {

  public static final String OWNER = "OWNER";
  public static final String DISPONENT = "DISPONENT";
}
