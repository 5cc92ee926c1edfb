package io.assay.report.check;

import io.assay.contract.finding.ArtifactRef;
import io.assay.contract.finding.Operand;
import io.assay.report.OutlineSection;
import io.assay.report.body.Block;
import io.assay.report.body.Fact;
import io.assay.report.body.Section;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Reference overreach: a section may cite only accepted artifacts of this job (not revoked, not
 * another job's, not with a different hash), and of those only the ones its outline allows.
 */
public final class ReferenceCheck implements BodyCheck {
  @Override
  public CheckKind kind() {
    return CheckKind.REFERENCE_OVERREACH;
  }

  @Override
  public List<Issue> check(CheckInput in) {
    List<Issue> issues = new ArrayList<>();
    for (Section s : in.body().sections()) {
      Optional<OutlineSection> os = in.outline().section(s.id());
      for (Fact f : s.facts()) {
        for (ArtifactRef ref : f.sources()) {
          check(in, s, os, ref, "fact " + f.id(), issues);
        }
        for (Operand op : f.derivation().inputs()) {
          if (!f.sources().contains(op.artifact())) {
            issues.add(
                new Issue(
                    kind(),
                    s.id(),
                    f.id(),
                    "operand "
                        + op.name()
                        + " reads artifact "
                        + op.artifact().label()
                        + " which the fact does not list as a source"));
          }
        }
      }
      for (Block b : s.blocks()) {
        if (b instanceof Block.Chart c) {
          if (c.data().source() == null) {
            issues.add(new Issue(kind(), s.id(), c.data().id(), "chart cites no artifact"));
          } else {
            check(in, s, os, c.data().source(), "chart " + c.data().id(), issues);
          }
        } else if (b instanceof Block.Evidence e) {
          for (ArtifactRef ref : e.refs()) {
            check(in, s, os, ref, "evidence list", issues);
          }
        }
      }
    }
    return issues;
  }

  private void check(
      CheckInput in,
      Section s,
      Optional<OutlineSection> os,
      ArtifactRef ref,
      String who,
      List<Issue> issues) {
    Optional<String> why = in.pool().whyNotCitable(ref);
    if (why.isPresent()) {
      issues.add(new Issue(kind(), s.id(), ref.label(), who + " cites " + why.get()));
    } else if (os.isPresent() && !os.get().mayCite(ref)) {
      issues.add(
          new Issue(
              kind(),
              s.id(),
              ref.label(),
              who
                  + " cites artifact "
                  + ref.label()
                  + " which is outside the evidence planned for this section"));
    }
  }
}
