package io.assay.analyses;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.ServiceLoader;

/**
 * Every analysis by name. {@link #discover()} finds them with {@link ServiceLoader} over {@code
 * META-INF/services/io.assay.analyses.Analysis}: adding an analysis is a new class and one line in
 * that file, with no change to the planner, the activity or the workflow.
 */
public final class AnalysisRegistry {
  private final Map<String, Analysis> byName;
  private final List<Analysis> declared;

  public AnalysisRegistry(List<? extends Analysis> analyses) {
    Map<String, Analysis> map = new LinkedHashMap<>();
    List<Analysis> sorted = new ArrayList<>(analyses);
    sorted.sort(Comparator.comparing(Analysis::name));
    for (Analysis a : sorted) {
      if (a.name() == null || !a.name().matches("[a-z][a-z0-9_]*")) {
        throw new IllegalArgumentException(
            "analysis "
                + a.getClass().getName()
                + " has a name that is not snake_case: "
                + a.name());
      }
      Analysis previous = map.putIfAbsent(a.name(), a);
      if (previous != null) {
        throw new IllegalArgumentException(
            "two analyses are named "
                + a.name()
                + ": "
                + previous.getClass().getName()
                + " and "
                + a.getClass().getName());
      }
    }
    this.byName = Collections.unmodifiableMap(map);
    this.declared = List.copyOf(analyses);
  }

  /** The analyses on the class path. */
  public static AnalysisRegistry discover() {
    return discover(AnalysisRegistry.class.getClassLoader());
  }

  public static AnalysisRegistry discover(ClassLoader loader) {
    List<Analysis> found = new ArrayList<>();
    ServiceLoader.load(Analysis.class, loader).forEach(found::add);
    return new AnalysisRegistry(found);
  }

  public Optional<Analysis> find(String name) {
    return Optional.ofNullable(name == null ? null : byName.get(name));
  }

  /** All analyses, sorted by name. */
  public List<Analysis> all() {
    return List.copyOf(byName.values());
  }

  /**
   * All analyses in the order they were given (for {@link #discover()}, the order of the lines of
   * the services files): the reader knows their cue words in this order, so that of two phrases of
   * one length the earlier analysis's wins, as it did when the reader held the list itself.
   */
  public List<Analysis> declared() {
    return declared;
  }

  /**
   * Each analysis's display name ({@link Analysis#title()}) by its name, sorted by name: what
   * reports and pages call a step's analysis.
   */
  public Map<String, String> titles() {
    Map<String, String> out = new LinkedHashMap<>();
    byName.forEach((name, analysis) -> out.put(name, analysis.title()));
    return Collections.unmodifiableMap(out);
  }

  /**
   * Every argument any analysis takes, by name, with its {@link ArgSpec#label()}: how a message
   * about an argument names it to people (an argument's label depends on its name alone).
   */
  public Map<String, String> argumentLabels() {
    Map<String, String> out = new LinkedHashMap<>();
    byName.values().forEach(a -> a.argsSchema().args().forEach(s -> out.put(s.name(), s.label())));
    return Collections.unmodifiableMap(out);
  }

  /** Analysis names, sorted; the LLM planner's enum of analyses. */
  public List<String> names() {
    return List.copyOf(byName.keySet());
  }
}
