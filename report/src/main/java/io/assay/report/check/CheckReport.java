package io.assay.report.check;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/** The result of one round of checks. */
public record CheckReport(int round, List<Issue> issues) {
  public CheckReport {
    issues = List.copyOf(issues);
  }

  public boolean passed() {
    return issues.isEmpty();
  }

  /** Sections to regenerate, in the order their first issue was found. */
  public Set<String> sectionsToRepair() {
    Set<String> out = new LinkedHashSet<>();
    issues.forEach(i -> out.add(i.sectionId()));
    return out;
  }

  public List<Issue> of(CheckKind kind) {
    return issues.stream().filter(i -> i.check() == kind).toList();
  }

  public String summary() {
    if (passed()) {
      return "round " + round + ": all checks passed";
    }
    return "round "
        + round
        + ": "
        + issues.size()
        + " issue(s)\n"
        + issues.stream().map(i -> "  - " + i).collect(Collectors.joining("\n"));
  }
}
