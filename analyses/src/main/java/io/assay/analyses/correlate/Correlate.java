package io.assay.analyses.correlate;

import io.assay.analyses.Analysis;
import io.assay.analyses.AnalysisContext;
import io.assay.analyses.ArgsSchema;
import io.assay.analyses.CueWords;
import io.assay.analyses.PlannerEntry;
import io.assay.analyses.StepQueries;
import io.assay.analyses.support.Periods;
import io.assay.analyses.support.Series;
import io.assay.contract.finding.ArtifactRef;
import io.assay.contract.finding.DataDescription;
import io.assay.contract.finding.Finding;
import io.assay.contract.finding.FindingStatus;
import io.assay.contract.plan.StepArgs;
import io.assay.pick.TimeGrain;
import io.assay.recon.MetricDefinition;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code correlate}: metrics by time bucket, aligned on the buckets every series has; Pearson and
 * Spearman correlation of each pair with two-sided p-values.
 */
public final class Correlate implements Analysis {
  public static final String NAME = "correlate";
  static final int MIN_POINTS = 6;
  static final double ALPHA = 0.05;

  @Override
  public String name() {
    return NAME;
  }

  /** What reports and pages call it. */
  @Override
  public String title() {
    return "Correlation";
  }

  @Override
  public CueWords cues() {
    return CueWords.of(
        CueWords.Cue.of(
            "CORRELATE",
            "how two metrics move together",
            "correlate",
            "correlates",
            "correlated",
            "correlation",
            "correlation between",
            "correlations between",
            "correlation of",
            "correlated with",
            "relationship between",
            "related to",
            "associated with",
            "association between"));
  }

  @Override
  public Optional<PlannerEntry> planner() {
    return Optional.of(CorrelatePlanning.ENTRY);
  }

  @Override
  public String description() {
    return "Measures how strongly metrics move together over time (Pearson and Spearman, with"
        + " significance).";
  }

  @Override
  public ArgsSchema argsSchema() {
    return CorrelateArgs.SCHEMA;
  }

  @Override
  public Finding run(StepArgs rawArgs, String question, AnalysisContext context) {
    CorrelateArgs args = CorrelateArgs.bind(rawArgs, context);
    List<String> names = args.names();
    TimeGrain grain = args.grain();
    StepQueries q = context.queries(NAME);
    Finding.Builder f = Finding.builder(q.stepId(), NAME);
    f.goal(
        "Measure how "
            + String.join(", ", names)
            + " move together by "
            + Periods.word(grain)
            + ".");
    List<Series> series = new ArrayList<>();
    for (int k = 0; k < names.size(); k++) {
      MetricDefinition m = args.metrics().get(k);
      series.add(
          Series.load(q, m.name() + " series", m, grain, args.ranges().get(k), args.filters()));
    }
    Aligned aligned = Aligned.of(series);
    List<LocalDate> periods = aligned.periods();
    long rows = series.stream().mapToLong(s -> s.query().rows().size()).sum();
    f.data(
        new DataDescription(
            names.size()
                + " "
                + grain.adjective()
                + " series aligned on "
                + periods.size()
                + " common buckets"
                + (periods.isEmpty()
                    ? ""
                    : " from "
                        + Periods.iso(grain, periods.get(0))
                        + " to "
                        + Periods.iso(grain, periods.get(periods.size() - 1))),
            rows,
            names));
    if (periods.size() < MIN_POINTS) {
      q.stored().forEach(f::artifact);
      return f.keyPath("series per metric → " + periods.size() + " common buckets")
          .error(
              "Only "
                  + periods.size()
                  + " "
                  + Periods.word(grain)
                  + "s have every metric; a"
                  + " correlation needs at least "
                  + MIN_POINTS
                  + ".")
          .nextStep("Use a finer grain or a longer period.")
          .build(periods.isEmpty() ? FindingStatus.EMPTY : FindingStatus.FAILED);
    }
    List<PairResult> pairs = pairs(names, aligned);
    ArtifactRef ref = q.computation("correlations", content(names, grain, aligned, pairs));
    f.keyPath(
        "series per metric → aligned on "
            + periods.size()
            + " common "
            + Periods.word(grain)
            + "s → Pearson and Spearman per pair ("
            + pairs.size()
            + ")");
    boolean any = new CorrelateDescription(pairs, ref).describe(f, periods.size(), q);
    q.stored().forEach(f::artifact);
    return f.build(any ? FindingStatus.OK : FindingStatus.FAILED);
  }

  private static List<PairResult> pairs(List<String> names, Aligned aligned) {
    List<PairResult> pairs = new ArrayList<>();
    for (int a = 0; a < names.size(); a++) {
      for (int b = a + 1; b < names.size(); b++) {
        pairs.add(
            new PairResult(
                names.get(a),
                names.get(b),
                Correlation.of(aligned.values()[a], aligned.values()[b])));
      }
    }
    return pairs;
  }

  /** The correlations artifact's content: the aligned series and every pair's coefficients. */
  private static Map<String, Object> content(
      List<String> names, TimeGrain grain, Aligned aligned, List<PairResult> pairs) {
    Map<String, Object> content = new LinkedHashMap<>();
    content.put("grain", Periods.word(grain));
    content.put("n", aligned.size());
    content.put("periods", aligned.periods().stream().map(p -> Periods.iso(grain, p)).toList());
    Map<String, Object> series = new LinkedHashMap<>();
    for (int k = 0; k < names.size(); k++) {
      List<Double> v = new ArrayList<>();
      for (double x : aligned.values()[k]) {
        v.add(x);
      }
      series.put(names.get(k), v);
    }
    content.put("series", series);
    List<Map<String, Object>> shown = new ArrayList<>();
    for (PairResult pair : pairs) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("a", pair.a());
      m.put("b", pair.b());
      Correlation c = pair.correlation();
      if (c == null) {
        m.put("undefined", "one of the series is constant");
      } else {
        m.put("pearson", c.pearson());
        m.put("pearson_p", c.pearsonP());
        m.put("spearman", c.spearman());
        m.put("spearman_p", c.spearmanP());
      }
      shown.add(m);
    }
    content.put("pairs", shown);
    return content;
  }
}
