package io.assay.contract.report;

import io.assay.contract.finding.IsoPeriod;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What the report was written against, frozen at report start so that the report says exactly which
 * definitions, filters, periods and people's edits its numbers depend on.
 *
 * @param question the job's question as asked
 * @param edits plan edits people made while the job ran (who, when, what)
 * @param limitations known limits of this analysis, stated in the report
 */
public record FrozenContext(
    String question,
    List<MetricDefinition> metrics,
    List<String> filters,
    List<TimeRange> timeRanges,
    List<String> baselines,
    List<String> dimensions,
    List<PlanEdit> edits,
    List<String> limitations) {

  public record MetricDefinition(String name, String definition, String unit) {
    public MetricDefinition {
      if (name == null || name.isBlank() || definition == null || definition.isBlank()) {
        throw new IllegalArgumentException("a metric definition needs a name and a definition");
      }
      unit = unit == null ? "" : unit.strip();
    }
  }

  /** A period the analysis covers; start and end are ISO years, months or days. */
  public record TimeRange(String label, String start, String end) {
    public TimeRange {
      if (label == null || label.isBlank()) {
        throw new IllegalArgumentException("a time range needs a label");
      }
      IsoPeriod.require(start, "time range start");
      IsoPeriod.require(end, "time range end");
      if (start.compareTo(end) > 0) {
        throw new IllegalArgumentException("time range " + label + " starts after it ends");
      }
    }
  }

  /** A person's change to the plan: who, when (ISO instant), what. */
  public record PlanEdit(String who, String at, String what) {
    public PlanEdit {
      if (who == null || who.isBlank() || what == null || what.isBlank()) {
        throw new IllegalArgumentException("a plan edit needs who made it and what it changed");
      }
      IsoPeriod.require(at, "plan edit time");
    }
  }

  public FrozenContext {
    if (question == null || question.isBlank()) {
      throw new IllegalArgumentException("the frozen context needs the job's question");
    }
    metrics = metrics == null ? List.of() : List.copyOf(metrics);
    filters = filters == null ? List.of() : List.copyOf(filters);
    timeRanges = timeRanges == null ? List.of() : List.copyOf(timeRanges);
    baselines = baselines == null ? List.of() : List.copyOf(baselines);
    dimensions = dimensions == null ? List.of() : List.copyOf(dimensions);
    edits = edits == null ? List.of() : List.copyOf(edits);
    limitations = limitations == null ? List.of() : List.copyOf(limitations);
  }

  /** Text the report reproduces verbatim from this context. */
  public Set<String> verbatim() {
    Set<String> out = new LinkedHashSet<>();
    out.add(question);
    for (MetricDefinition m : metrics) {
      out.add(m.name());
      out.add(m.definition());
      out.add(m.unit());
    }
    out.addAll(filters);
    timeRanges.forEach(t -> out.add(t.label()));
    out.addAll(baselines);
    out.addAll(dimensions);
    for (PlanEdit e : edits) {
      out.add(e.who());
      out.add(e.what());
    }
    out.addAll(limitations);
    out.remove("");
    return out;
  }
}
