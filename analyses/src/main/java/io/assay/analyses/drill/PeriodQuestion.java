package io.assay.analyses.drill;

import io.assay.analyses.AnalysisContext;
import io.assay.analyses.Args;
import io.assay.analyses.MetricTraits;
import io.assay.analyses.support.Metrics;
import io.assay.contract.finding.Finding;
import io.assay.contract.finding.FindingStatus;
import io.assay.contract.plan.Clarification;
import io.assay.contract.plan.ClarificationAnswer;
import io.assay.contract.plan.StepArgs;
import io.assay.pick.ColumnRef;
import io.assay.recon.MetricDefinition;
import io.assay.recon.schema.SchemaSnapshot.DateRange;
import java.time.LocalDate;
import java.time.YearMonth;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * When a drill-down is given neither the period to explain nor a window to find it in, it asks a
 * person rather than guess: the last complete months of the data, or the most unusual month of the
 * last complete year. The answer comes back with the step's next run and becomes its {@code actual}
 * or {@code time} arg.
 */
public final class PeriodQuestion {
  static final int MONTHS_OFFERED = 6;

  private PeriodQuestion() {}

  public static String id(String stepId) {
    return stepId + ":period";
  }

  /** Args with the answered period filled in, or empty when the question is not answered yet. */
  public static Optional<StepArgs> answered(StepArgs args, String stepId, AnalysisContext context) {
    for (ClarificationAnswer a : context.answers()) {
      if (!a.clarificationId().equals(id(stepId)) || a.value() == null) {
        continue;
      }
      Map<String, Object> out = new LinkedHashMap<>(args.json());
      String v = a.value().strip();
      if (v.startsWith("month:")) {
        YearMonth m = YearMonth.parse(v.substring("month:".length()));
        out.put("actual", Map.of("kind", "month", "year", m.getYear(), "month", m.getMonthValue()));
      } else if (v.startsWith("scan:")) {
        out.put(
            "time",
            Map.of("kind", "year", "year", Integer.parseInt(v.substring("scan:".length()))));
      } else {
        throw new IllegalArgumentException(
            "the answer '" + v + "' to " + id(stepId) + " is not one of the offered options");
      }
      return Optional.of(StepArgs.of(out));
    }
    return Optional.empty();
  }

  /** The question, with options from the data's date range (null span: none can be offered). */
  public static Clarification ask(String stepId, String metricWords, DateRange span) {
    List<Clarification.Option> options = new ArrayList<>();
    if (span != null) {
      YearMonth last = YearMonth.from(span.max());
      if (!span.max().equals(last.atEndOfMonth())) {
        last = last.minusMonths(1);
      }
      for (int i = 0; i < MONTHS_OFFERED; i++) {
        YearMonth m = last.minusMonths(i);
        if (m.atDay(1).isBefore(span.min())) {
          break;
        }
        options.add(new Clarification.Option("month:" + m, "Explain " + m));
      }
      LocalDate lastYearEnd = LocalDate.of(span.max().getYear(), 12, 31);
      int year = span.max().equals(lastYearEnd) ? span.max().getYear() : span.max().getYear() - 1;
      if (!LocalDate.of(year, 1, 1).isBefore(span.min())) {
        options.add(
            new Clarification.Option(
                "scan:" + year, "Find the most unusual month of " + year + " and explain it"));
      }
    }
    return new Clarification(
        id(stepId),
        "time_range",
        "Which period's change in " + metricWords + " should the drill-down explain?",
        options);
  }

  /**
   * The args to run with: as given when they name a period ({@code actual} or {@code time}), else
   * with the period a person chose; empty when nobody has chosen yet and {@link #asking} applies.
   */
  public static Optional<StepArgs> resolve(
      Args args, StepArgs rawArgs, String stepId, AnalysisContext context) {
    if (args.has("actual") || args.has("time") || args.has(Locator.LOCATED_BY)) {
      return Optional.of(rawArgs);
    }
    return answered(rawArgs, stepId, context);
  }

  /** The Finding that asks which period of the metric to explain; the step runs again after. */
  public static Finding asking(String analysis, Args args, String stepId, AnalysisContext context) {
    MetricDefinition m = Metrics.require(args, "metric", context);
    ColumnRef column = Metrics.timeColumn(args, m);
    return Finding.builder(stepId, analysis)
        .goal(
            "Explain a change of "
                + MetricTraits.words(m)
                + "; the period to explain is not known yet.")
        .clarification(ask(stepId, MetricTraits.words(m), Metrics.span(context, column)))
        .nextStep("Answer which period to explain; the step then runs again.")
        .build(FindingStatus.EMPTY);
  }
}
