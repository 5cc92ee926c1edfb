package io.assay.report.check;

import io.assay.contract.finding.IsoPeriod;
import io.assay.report.body.Fact;
import io.assay.report.body.Section;
import io.assay.report.body.Segment;
import io.assay.report.body.Sentence;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Numeric drift. In every sentence: a fact's number must equal the fact within the rounding it
 * shows, and the fact must be bound by the sentence; the report's own wording may contain no digit
 * at all (a number there is a number without a fact); a date must be an ISO date; a quote must be
 * text recorded by a Finding, the frozen context or the plan.
 */
public final class DriftCheck implements BodyCheck {
  @Override
  public CheckKind kind() {
    return CheckKind.NUMERIC_DRIFT;
  }

  @Override
  public List<Issue> check(CheckInput in) {
    List<Issue> issues = new ArrayList<>();
    Set<String> verbatim = in.verbatim();
    for (Section s : in.body().sections()) {
      for (Sentence t : s.sentences()) {
        for (Segment seg : t.segments()) {
          if (seg instanceof Segment.Text text) {
            if (text.text().chars().anyMatch(Character::isDigit)) {
              issues.add(
                  issue(
                      s,
                      t,
                      "writes a number that is bound to no fact: \"" + text.text().strip() + "\""));
            }
          } else if (seg instanceof Segment.FactValue fv) {
            Optional<Fact> fact = s.fact(fv.factId());
            if (fact.isEmpty()) {
              issues.add(issue(s, t, "shows " + fv.text() + " for unknown fact " + fv.factId()));
            } else if (!t.factIds().contains(fv.factId())) {
              issues.add(issue(s, t, "shows fact " + fv.factId() + " without binding it"));
            } else if (!fact.get().format().matches(fv.text(), fact.get().value())) {
              issues.add(
                  issue(
                      s,
                      t,
                      "shows "
                          + fv.text()
                          + " but fact "
                          + fv.factId()
                          + " is "
                          + fact.get().display()
                          + " ("
                          + fact.get().value()
                          + ")"));
            }
          } else if (seg instanceof Segment.DateValue date) {
            if (!IsoPeriod.valid(date.iso())) {
              issues.add(issue(s, t, "shows \"" + date.iso() + "\" as a date but it is not ISO"));
            }
          } else if (seg instanceof Segment.Quote quote) {
            if (!verbatim.contains(quote.text())) {
              issues.add(issue(s, t, "quotes \"" + quote.text() + "\" which nothing recorded"));
            }
          }
        }
      }
    }
    return issues;
  }

  private Issue issue(Section s, Sentence t, String message) {
    return new Issue(kind(), s.id(), t.id(), "sentence \"" + t.plain() + "\" " + message);
  }
}
