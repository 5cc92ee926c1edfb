package io.assay.recon;

import java.util.List;

/**
 * The dataset YAML is invalid or disagrees with the database. Each problem names the file and the
 * key, e.g. {@code metrics.yaml: metrics.loan_amount.column: unknown column 'loan.amout' — did you
 * mean 'loan.amount'?}.
 */
public class ReconConfigException extends RuntimeException {

  private final List<String> problems;

  public ReconConfigException(List<String> problems) {
    super(
        problems.size() == 1
            ? problems.get(0)
            : problems.size()
                + " problems in the dataset knowledge:\n  "
                + String.join("\n  ", problems));
    this.problems = List.copyOf(problems);
  }

  public List<String> problems() {
    return problems;
  }
}
