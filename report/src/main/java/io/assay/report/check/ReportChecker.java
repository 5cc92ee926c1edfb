package io.assay.report.check;

import java.util.ArrayList;
import java.util.List;

/** Runs every check and collects their issues into one report. */
public final class ReportChecker {
  private final List<BodyCheck> checks;

  public ReportChecker() {
    this(
        List.of(
            new CoverageCheck(),
            new ReferenceCheck(),
            new OmissionCheck(),
            new DriftCheck(),
            new ChartBindingCheck(),
            new DerivationCheck()));
  }

  public ReportChecker(List<BodyCheck> checks) {
    this.checks = List.copyOf(checks);
  }

  public CheckReport check(CheckInput input, int round) {
    List<Issue> issues = new ArrayList<>();
    for (BodyCheck check : checks) {
      issues.addAll(check.check(input));
    }
    return new CheckReport(round, issues);
  }
}
