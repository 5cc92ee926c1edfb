package io.assay.datasets.registry;

import java.util.List;

/** A dataset.yaml that is missing or wrong, or a dataset that is not configured; one line each. */
public final class DatasetConfigException extends RuntimeException {
  private final List<String> problems;

  public DatasetConfigException(List<String> problems) {
    super(String.join("\n", problems));
    this.problems = List.copyOf(problems);
  }

  public List<String> problems() {
    return problems;
  }
}
