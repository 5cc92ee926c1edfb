package io.assay.report.check;

import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.databind.JsonNode;
import io.assay.contract.finding.Figure;
import io.assay.contract.finding.Finding;
import io.assay.contract.finding.Operand;
import io.assay.report.body.Fact;
import io.assay.report.body.Section;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Every fact is what its derivation computes from values that really are in its artifacts: the
 * operation is applied again, each operand is read again at its JSON pointer, and a fact presenting
 * a Finding's figure must equal that figure.
 */
public final class DerivationCheck implements BodyCheck {
  @Override
  public CheckKind kind() {
    return CheckKind.DERIVATION;
  }

  @Override
  public List<Issue> check(CheckInput in) {
    List<Issue> issues = new ArrayList<>();
    for (Section s : in.body().sections()) {
      for (Fact f : s.facts()) {
        if (f.sources().isEmpty()) {
          issues.add(issue(s, f, "cites no artifact"));
        }
        double recomputed;
        try {
          recomputed = f.derivation().recompute();
        } catch (IllegalArgumentException e) {
          issues.add(issue(s, f, "derivation cannot be recomputed: " + e.getMessage()));
          continue;
        }
        if (Double.compare(recomputed, f.derivation().output()) != 0) {
          issues.add(
              issue(
                  s,
                  f,
                  f.derivation().operation()
                      + " of its operands is "
                      + recomputed
                      + ", not the recorded "
                      + f.derivation().output()));
        }
        if (Double.compare(f.value(), f.derivation().output()) != 0) {
          issues.add(
              issue(
                  s,
                  f,
                  "value "
                      + f.value()
                      + " is not its derivation's output "
                      + f.derivation().output()));
        }
        for (Operand op : f.derivation().inputs()) {
          if (!in.pool().citable(op.artifact())) {
            continue; // the reference check reports it
          }
          JsonNode node = in.pool().content(op.artifact()).at(JsonPointer.compile(op.pointer()));
          if (!node.isNumber()) {
            issues.add(
                issue(
                    s,
                    f,
                    "operand "
                        + op.name()
                        + " points at "
                        + op.pointer()
                        + " in "
                        + op.artifact().label()
                        + ", which holds no number"));
          } else if (Double.compare(node.asDouble(), op.value()) != 0) {
            issues.add(
                issue(
                    s,
                    f,
                    "operand "
                        + op.name()
                        + " is "
                        + op.value()
                        + " but "
                        + op.artifact().label()
                        + op.pointer()
                        + " holds "
                        + node.asDouble()));
          }
        }
        if (f.figureId() != null) {
          Optional<Figure> fig =
              in.pool().finding(f.stepId()).flatMap(finding -> figure(finding, f.figureId()));
          if (fig.isEmpty()) {
            issues.add(
                issue(
                    s,
                    f,
                    "presents figure "
                        + f.figureId()
                        + " that step "
                        + f.stepId()
                        + " does not have"));
          } else if (Double.compare(fig.get().value(), f.value()) != 0
              || !fig.get().derivation().equals(f.derivation())
              || !fig.get().format().equals(f.format())
              || !fig.get().unit().equals(f.unit())) {
            issues.add(
                issue(
                    s,
                    f,
                    "differs from figure "
                        + f.figureId()
                        + " of step "
                        + f.stepId()
                        + " ("
                        + fig.get().value()
                        + ")"));
          }
        }
      }
    }
    return issues;
  }

  private static Optional<Figure> figure(Finding finding, String id) {
    return finding.figures().stream().filter(x -> x.id().equals(id)).findFirst();
  }

  private Issue issue(Section s, Fact f, String message) {
    return new Issue(kind(), s.id(), f.id(), "fact \"" + f.label() + "\" " + message);
  }
}
