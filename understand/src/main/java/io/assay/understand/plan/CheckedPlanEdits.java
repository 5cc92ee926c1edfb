package io.assay.understand.plan;

import com.fasterxml.jackson.core.type.TypeReference;
import io.assay.analyses.Analysis;
import io.assay.analyses.AnalysisRegistry;
import io.assay.analyses.ArgCatalog;
import io.assay.analyses.ArgJson;
import io.assay.analyses.ArgSpec;
import io.assay.analyses.ArgType;
import io.assay.contract.plan.Plan;
import io.assay.contract.plan.PlanEdit;
import io.assay.contract.plan.PlanStep;
import io.assay.contract.plan.StepArgs;
import io.assay.pick.ColumnRef;
import io.assay.pick.Comparison;
import io.assay.pick.Filter;
import io.assay.pick.Pick;
import io.assay.pick.PickJson;
import io.assay.pick.PickValidationError;
import io.assay.pick.Value;
import io.assay.recon.Recon;
import io.assay.recon.compose.Composer;
import io.assay.recon.text.DidYouMean;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Applies a person's edit to a plan after checking it against the analysis catalog, each analysis's
 * args schema and recon: unknown analyses, metrics, columns and values are rejected with a "did you
 * mean", filter values of coded and named columns must exist in the value index, and a whole Pick
 * must compose. An invalid edit changes nothing.
 *
 * <p>Unlike the structural {@link PlanEditor}, an excluded value becomes a real {@code column ≠
 * value} filter in the step's {@code filters} arg (or its Pick's filters), which is what the
 * analyses read; a fallback step gets the same exclusion and follows new values of args it shares,
 * so falling back never silently undoes an edit.
 */
final class CheckedPlanEdits {

  /** Why an edit was refused, in words a person can act on. */
  static final class InvalidEdit extends RuntimeException {
    InvalidEdit(String message) {
      super(message);
    }
  }

  private final AnalysisRegistry registry;
  private final Recon recon;
  private final ArgCatalog catalog;

  CheckedPlanEdits(AnalysisRegistry registry, Recon recon) {
    this.registry = registry;
    this.recon = recon;
    this.catalog = ArgCatalog.of(recon);
  }

  Plan apply(Plan plan, PlanEdit edit) {
    if (plan == null) {
      throw new InvalidEdit("there is no plan to edit");
    }
    if (edit == null) {
      throw new InvalidEdit("the edit is empty");
    }
    List<PlanStep> steps = new ArrayList<>(plan.steps());
    String what;
    if (edit instanceof PlanEdit.AddStep a) {
      if (a.index() < 0 || a.index() > steps.size()) {
        // People number steps from 1 (the page, the workflow's own check); so do these messages.
        throw new InvalidEdit(
            "add_step position " + ((long) a.index() + 1) + " is outside 1.." + (steps.size() + 1));
      }
      PlanStep step = new PlanStep(a.analysis(), a.args(), a.why(), null);
      check(step, "the new step");
      steps.add(a.index(), step);
      what = "added " + a.analysis() + " as step " + (a.index() + 1);
    } else if (edit instanceof PlanEdit.RemoveStep r) {
      index(r.index(), steps, "remove_step");
      if (steps.size() == 1) {
        throw new InvalidEdit("a plan needs at least one step; add another before removing this");
      }
      PlanStep removed = steps.remove(r.index());
      what = "removed " + removed.analysis();
    } else if (edit instanceof PlanEdit.MoveStep m) {
      index(m.from(), steps, "move_step from");
      index(m.to(), steps, "move_step to");
      steps.add(m.to(), steps.remove(m.from()));
      what = "moved step " + (m.from() + 1) + " to " + (m.to() + 1);
    } else if (edit instanceof PlanEdit.SetArgs s) {
      index(s.index(), steps, "set_args");
      if (s.args() == null || s.args().isEmpty()) {
        throw new InvalidEdit("set_args names no argument to set");
      }
      PlanStep old = steps.get(s.index());
      PlanStep updated = old.withArgs(merge(old.args(), s.args()));
      check(updated, "step " + (s.index() + 1) + " (" + old.analysis() + ")");
      steps.set(s.index(), withFallback(updated, followArgs(old.fallback(), s.args())));
      what = "set " + String.join(", ", s.args().keySet()) + " of step " + (s.index() + 1);
    } else if (edit instanceof PlanEdit.ExcludeValue x) {
      index(x.index(), steps, "exclude_value");
      PlanStep old = steps.get(x.index());
      Filter exclusion = exclusion(x.column(), x.value());
      PlanStep updated = exclude(old, exclusion, true);
      check(updated, "step " + (x.index() + 1) + " (" + old.analysis() + ")");
      PlanStep fallback = old.fallback() == null ? null : exclude(old.fallback(), exclusion, false);
      steps.set(x.index(), withFallback(updated, fallback));
      what =
          "excluded " + exclusion.column() + " = '" + x.value() + "' from step " + (x.index() + 1);
    } else {
      throw new InvalidEdit("unknown edit " + edit.getClass().getSimpleName());
    }
    String reason =
        plan.reason().isEmpty() ? "edited: " + what : plan.reason() + "; edited: " + what;
    steps.replaceAll(this::typed);
    return new Plan(steps, reason);
  }

  private static void index(int i, List<PlanStep> steps, String op) {
    if (i < 0 || i >= steps.size()) {
      throw new InvalidEdit(
          op
              + " step "
              + ((long) i + 1)
              + " is outside 1.."
              + steps.size()
              + " (the plan has "
              + steps.size()
              + " step"
              + (steps.size() == 1 ? "" : "s")
              + ")");
    }
  }

  /**
   * The step with its args (and its fallback's) in their analysis's record: edits arrive as JSON
   * and are checked as JSON; the plan they make carries typed args.
   */
  private PlanStep typed(PlanStep step) {
    if (step == null) {
      return null;
    }
    StepArgs args =
        registry
            .find(step.analysis())
            .map(a -> a.argsSchema().typed(step.stepArgs()))
            .orElse(step.stepArgs());
    return new PlanStep(step.analysis(), args, step.why(), typed(step.fallback()));
  }

  private static StepArgs merge(Map<String, Object> args, Map<String, Object> set) {
    Map<String, Object> m = new LinkedHashMap<>(args);
    set.forEach(
        (k, v) -> {
          if (v == null) {
            m.remove(k);
          } else {
            m.put(k, v);
          }
        });
    return StepArgs.of(m);
  }

  /** The fallback takes the new values of the args it also has (a new window, a new grain). */
  private PlanStep followArgs(PlanStep fallback, Map<String, Object> set) {
    if (fallback == null) {
      return null;
    }
    Analysis a = registry.find(fallback.analysis()).orElse(null);
    if (a == null) {
      return fallback;
    }
    Map<String, Object> shared = new java.util.LinkedHashMap<>();
    set.forEach(
        (k, v) -> {
          if (a.argsSchema().spec(k) != null) {
            shared.put(k, v);
          }
        });
    PlanStep f = fallback.withArgs(merge(fallback.args(), shared));
    return a.argsSchema().validate(f.args(), catalog).isEmpty() ? f : fallback;
  }

  private static PlanStep withFallback(PlanStep step, PlanStep fallback) {
    return new PlanStep(step.analysis(), step.stepArgs(), step.why(), fallback);
  }

  /** {@code column ≠ value}, after checking both against recon. */
  private Filter exclusion(String column, String value) {
    if (column == null || column.isBlank()) {
      throw new InvalidEdit("exclude_value needs a column (table.column)");
    }
    if (value == null) {
      throw new InvalidEdit("exclude_value needs a value");
    }
    ColumnRef ref;
    try {
      ref = ColumnRef.parse(column);
    } catch (PickValidationError e) {
      throw new InvalidEdit(e.getMessage());
    }
    if (recon.column(ref).isEmpty()) {
      throw new InvalidEdit(
          "unknown column '" + column + "'" + DidYouMean.phrase(recon.suggestColumns(ref)));
    }
    if (!recon.values().columns().contains(ref)) {
      throw new InvalidEdit(
          "column "
              + ref
              + " has no list of known values to exclude from;"
              + " coded and named columns do: "
              + recon.values().columns().stream()
                  .filter(c -> c.table().equals(ref.table()))
                  .map(ColumnRef::toString)
                  .toList());
    }
    if (!recon.values().values(ref).contains(value)) {
      throw new InvalidEdit(
          "'"
              + value
              + "' is not a value of "
              + ref
              + DidYouMean.phrase(recon.values().closest(ref, value, 3)));
    }
    return new Filter.Compare(ref, Comparison.NE, Value.text(value));
  }

  /** The step with the exclusion added to its filters (or its Pick's); strict: it must take one. */
  private PlanStep exclude(PlanStep step, Filter exclusion, boolean strict) {
    Analysis a = registry.find(step.analysis()).orElse(null);
    if (a == null) {
      if (strict) {
        throw unknownAnalysis(step.analysis());
      }
      return step;
    }
    Map<String, Object> args = new LinkedHashMap<>(step.args());
    ArgSpec filters = a.argsSchema().spec("filters");
    ArgSpec pickArg =
        a.argsSchema().args().stream()
            .filter(s -> s.type() == ArgType.PICK)
            .findFirst()
            .orElse(null);
    if (filters != null && filters.type() == ArgType.FILTERS) {
      List<Filter> fs = new ArrayList<>(filters(args.get("filters")));
      if (fs.contains(exclusion)) {
        if (strict) {
          throw new InvalidEdit(exclusion.column() + " already excludes that value");
        }
        return step;
      }
      fs.add(exclusion);
      args.put("filters", ArgJson.of(ArgType.FILTERS, fs));
    } else if (pickArg != null && args.get(pickArg.name()) != null) {
      Pick p = pick(args.get(pickArg.name()));
      if (p.filters().contains(exclusion)) {
        if (strict) {
          throw new InvalidEdit(exclusion.column() + " already excludes that value");
        }
        return step;
      }
      args.put(pickArg.name(), ArgJson.of(ArgType.PICK, p.toBuilder().filter(exclusion).build()));
    } else {
      if (strict) {
        throw new InvalidEdit(step.analysis() + " takes no filters, so it cannot exclude a value");
      }
      return step;
    }
    return step.withArgs(StepArgs.of(args));
  }

  /** A filters arg as JSON (a person's edit, a step's args), read as filters. */
  private static List<Filter> filters(Object json) {
    return json == null
        ? List.of()
        : PickJson.mapper().convertValue(json, new TypeReference<List<Filter>>() {});
  }

  /** A Pick arg as JSON, read as a Pick. */
  private static Pick pick(Object json) {
    return PickJson.mapper().convertValue(json, Pick.class);
  }

  /** Checks a step against its analysis's schema and recon; throws with every problem. */
  void check(PlanStep step, String where) {
    Analysis a = registry.find(step.analysis()).orElseThrow(() -> unknownAnalysis(step.analysis()));
    List<String> problems = new ArrayList<>(a.argsSchema().validate(step.args(), catalog));
    if (problems.isEmpty()) {
      for (ArgSpec spec : a.argsSchema().args()) {
        Object v = step.args().get(spec.name());
        if (v == null) {
          continue;
        }
        if (spec.type() == ArgType.FILTERS) {
          for (Filter f : filters(v)) {
            String p = checkFilter(f);
            if (p != null) {
              problems.add("arg '" + spec.name() + "': " + p);
            }
          }
        } else if (spec.type() == ArgType.PICK) {
          try {
            Pick pick = pick(v);
            for (Filter f : pick.filters()) {
              String p = checkFilter(f);
              if (p != null) {
                problems.add("arg '" + spec.name() + "': " + p);
              }
            }
            Composer.compose(pick, recon);
          } catch (PickValidationError | IllegalArgumentException e) {
            problems.add("arg '" + spec.name() + "': " + e.getMessage());
          }
        }
      }
    }
    if (!problems.isEmpty()) {
      throw new InvalidEdit(where + ": " + String.join("; ", problems));
    }
  }

  /** An unknown column, or a text value a coded or named column does not hold. */
  private String checkFilter(Filter f) {
    ColumnRef c = f.column();
    if (recon.column(c).isEmpty()) {
      return "unknown column '" + c + "'" + DidYouMean.phrase(recon.suggestColumns(c));
    }
    if (!recon.values().columns().contains(c)) {
      return null;
    }
    List<Value> values = new ArrayList<>();
    if (f instanceof Filter.Compare cmp) {
      values.add(cmp.value());
    } else if (f instanceof Filter.In in) {
      values.addAll(in.values());
    }
    for (Value v : values) {
      if (v instanceof Value.Text t && !recon.values().values(c).contains(t.value())) {
        return "'"
            + t.value()
            + "' is not a value of "
            + c
            + DidYouMean.phrase(recon.values().closest(c, t.value(), 3));
      }
    }
    return null;
  }

  private InvalidEdit unknownAnalysis(String name) {
    return new InvalidEdit(
        "unknown analysis '"
            + name
            + "'"
            + DidYouMean.phrase(DidYouMean.suggest(String.valueOf(name), registry.names(), 3))
            + "; known analyses: "
            + String.join(", ", registry.names()));
  }
}
