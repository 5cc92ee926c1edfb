package io.assay.understand;

import io.assay.analyses.Analysis;
import io.assay.analyses.AnalysisRegistry;
import io.assay.analyses.CueWords;
import java.util.ArrayList;
import java.util.List;

/**
 * What a question asks beyond one number: a cue for the analysis it calls for ("unusual", "drill
 * down", "forecast"). The cues are those the installed analyses declare ({@link Analysis#cues()}),
 * in the order the registry lists the analyses, so the reader holds no list of analyses; the
 * constants below are the cues its rules read a question by.
 */
public final class AnalysisCue implements Comparable<AnalysisCue> {

  private static final List<AnalysisCue> ALL = declared(AnalysisRegistry.discover());

  /** "trend", "over time", "monthly X". */
  public static final AnalysisCue TREND = named("TREND");

  /** "unusual", "anomaly", "spike", "drop". */
  public static final AnalysisCue ANOMALY = named("ANOMALY");

  /** "drill down", "break down", "why", "root cause". */
  public static final AnalysisCue DRILL_DOWN = named("DRILL_DOWN");

  /** "compare", "versus", "vs". */
  public static final AnalysisCue COMPARE = named("COMPARE");

  /** "forecast", "predict", "next N months". */
  public static final AnalysisCue FORECAST = named("FORECAST");

  /** "outliers", "stand out". */
  public static final AnalysisCue OUTLIERS = named("OUTLIERS");

  /** "correlation", "relationship between". */
  public static final AnalysisCue CORRELATE = named("CORRELATE");

  private final String name;
  private final String analysis;
  private final String means;
  private final List<String> phrases;
  private final int ordinal;

  private AnalysisCue(
      String name, String analysis, String means, List<String> phrases, int ordinal) {
    this.name = name;
    this.analysis = analysis;
    this.means = means;
    this.phrases = phrases;
    this.ordinal = ordinal;
  }

  private static List<AnalysisCue> declared(AnalysisRegistry registry) {
    List<AnalysisCue> out = new ArrayList<>();
    for (Analysis a : registry.declared()) {
      for (CueWords.Cue c : a.cues().cues()) {
        if (out.stream().anyMatch(o -> o.name.equals(c.name()))) {
          throw new IllegalStateException(
              "two analyses declare the cue " + c.name() + "; the second is " + a.name());
        }
        out.add(new AnalysisCue(c.name(), a.name(), c.means(), c.phrases(), out.size()));
      }
    }
    return List.copyOf(out);
  }

  /** Every cue, in the order the analyses declare them. */
  public static List<AnalysisCue> values() {
    return ALL;
  }

  /** The cue called {@code name} ("ANOMALY"); throws when no installed analysis declares it. */
  public static AnalysisCue named(String name) {
    for (AnalysisCue c : ALL) {
      if (c.name.equals(name)) {
        return c;
      }
    }
    throw new IllegalStateException(
        "no installed analysis declares the cue " + name + " (the reader's rules read it)");
  }

  /** Upper-case, e.g. {@code DRILL_DOWN}. */
  public String name() {
    return name;
  }

  /** The analysis the cue calls for, e.g. {@code drill_down}. */
  public String analysis() {
    return analysis;
  }

  /** When to choose it, in general words (the model reader's prompt). */
  public String means() {
    return means;
  }

  /** The phrases that carry it, one or more words each. */
  public List<String> phrases() {
    return phrases;
  }

  @Override
  public int compareTo(AnalysisCue other) {
    return Integer.compare(ordinal, other.ordinal);
  }

  @Override
  public String toString() {
    return name;
  }
}
