package io.assay.understand.rules;

import io.assay.recon.Recon;
import io.assay.understand.LexiconFile;
import io.assay.understand.Reading;
import io.assay.understand.Scan;
import java.util.List;
import java.util.Map;

/**
 * Turns a {@link Scan} into a Pick by running the reading rules over one {@link Draft}, in the
 * order below, each rule consuming the parts of the question it explains. The stages are gated: the
 * answer's measure is read only when nothing blocks the reading so far, and the rest only when the
 * measure was read cleanly. Whatever is left unexplained makes the reader abstain, because a wrong
 * answer is worse than none; ambiguous words produce a clarification with options from recon.
 */
public final class PickAssembler {

  /** A group of rules run in order, when nothing blocks the reading on entry (unless first). */
  record Stage(boolean gated, List<Rule> rules) {}

  private static final Rule LEFTOVERS = new Leftovers();

  static final List<Stage> PIPELINE =
      List.of(
          // what the question's words say on their own, before the answer's shape is known
          new Stage(
              false,
              List.of(
                  new AnalysisCues(),
                  new Horizon(),
                  new Grains(),
                  new GrowthPeriods(),
                  new PeriodDifference(),
                  new Occasions(),
                  new Comparisons(),
                  new ColumnOfANumber(),
                  new ForAQuantity(),
                  new ColumnBetweenNumbers(),
                  new ColumnStartsWith(),
                  new YearNumberColumn(),
                  new MoneyAmounts(),
                  new NumberedRows(),
                  new AttachedTimes(),
                  new HeldRows(),
                  new CodeAfterItsColumn(),
                  new Values(),
                  new ColumnBeforeItsValue(),
                  new NegatedRows(),
                  new MostTimes(),
                  new MeasuredSuperlative(),
                  new Rankings(),
                  new Recency(),
                  new SideBySideCue(),
                  new WhoAsksForAPerson(),
                  new AnswerForm(),
                  new ListAfterRelative())),
          // what the answer measures or lists
          new Stage(true, List.of(new MeasureOrSelection(), new NarrowerCount())),
          // how it is ranked, grouped, scoped in time and completed
          new Stage(
              true,
              List.of(
                  new DistinctRows(),
                  new TotalOfACount(),
                  new ApplyRankings(),
                  new Groupings(),
                  new TopGroupsAfterward(),
                  new SortOrder(),
                  new ValueOfTheNamedRows(),
                  new JoinedValues(),
                  new MoreMeasures(),
                  new EachOfThem(),
                  new AveragePerGroup(),
                  new OutlierEntity(),
                  new PlaceAfterADatedPhrase(),
                  new TimeScope(),
                  new AverageComparisonScope(),
                  new TwoSides(),
                  new NegationInAnalysis(),
                  new CountCondition(),
                  new Attribution(),
                  new WhenAsksForADate(),
                  new RunningTotals(),
                  LEFTOVERS)));

  private PickAssembler() {}

  /**
   * @param answers answers to earlier clarifications, by clarification id
   */
  public static Reading assemble(
      Scan scan, Recon recon, LexiconFile lexicon, Map<String, String> answers) {
    Draft d = new Draft(scan, recon, lexicon, answers);
    boolean completed = run(d, PIPELINE.size());
    if (d.clarification == null && d.problems.isEmpty() && d.askIfUnderstood != null) {
      d.clarification = d.askIfUnderstood;
    }
    if (d.clarification != null) {
      return Outcome.ambiguous(d);
    }
    if (!completed) {
      LEFTOVERS.apply(d);
    }
    return d.problems.isEmpty() ? Outcome.understood(d) : Outcome.abstained(d);
  }

  /** Runs the first {@code stages} stages; false when a gate stopped the reading early. */
  static boolean run(Draft d, int stages) {
    for (Stage s : PIPELINE.subList(0, stages)) {
      if (s.gated() && !d.clear()) {
        return false;
      }
      s.rules().forEach(r -> r.apply(d));
    }
    return true;
  }
}
