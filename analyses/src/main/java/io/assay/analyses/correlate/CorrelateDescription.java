package io.assay.analyses.correlate;

import io.assay.analyses.StepQueries;
import io.assay.analyses.support.Figures;
import io.assay.contract.finding.ArtifactRef;
import io.assay.contract.finding.Derivation;
import io.assay.contract.finding.DisplayFormat;
import io.assay.contract.finding.Figure;
import io.assay.contract.finding.Finding;
import io.assay.contract.finding.TableData;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes computed correlations into their Finding: the number of periods, up to three pairs in
 * words with their figures, and every pair in the table.
 */
final class CorrelateDescription {
  /** Pairs beyond this many are in the table only, not in words. */
  private static final int PAIRS_IN_WORDS = 3;

  private final List<PairResult> pairs;
  private final ArtifactRef ref;

  CorrelateDescription(List<PairResult> pairs, ArtifactRef ref) {
    this.pairs = pairs;
    this.ref = ref;
  }

  /** Adds figures, statements and the table; false when no pair has a defined correlation. */
  boolean describe(Finding.Builder f, int periods, StepQueries queries) {
    f.figure(
        Figures.of(
            "n",
            "Periods compared",
            "",
            DisplayFormat.number(0),
            Derivation.value("n", periods, ref, "/n")));
    List<TableData.Row> table = new ArrayList<>();
    for (int k = 0; k < pairs.size(); k++) {
      PairResult pair = pairs.get(k);
      Correlation c = pair.correlation();
      if (!pair.defined()) {
        f.error(
            "The correlation of "
                + pair.a()
                + " and "
                + pair.b()
                + " is undefined: one of them is constant.");
        continue;
      }
      table.add(
          new TableData.Row(
              List.of(pair.a(), pair.b()),
              List.of(c.pearson(), c.pearsonP(), c.spearman(), c.spearmanP())));
      if (k < PAIRS_IN_WORDS) {
        inWords(f, k, pair);
      }
    }
    if (table.isEmpty()) {
      return false;
    }
    f.chart(
        queries.chart(
            new TableData(
                "correlations",
                "Correlation by pair",
                List.of("metric a", "metric b"),
                List.of(
                    new TableData.ValueColumn("Pearson r", "", DisplayFormat.number(3)),
                    new TableData.ValueColumn("Pearson p", "", DisplayFormat.number(4)),
                    new TableData.ValueColumn("Spearman rho", "", DisplayFormat.number(3)),
                    new TableData.ValueColumn("Spearman p", "", DisplayFormat.number(4))),
                table,
                null)));
    f.nextStep("Correlation is not causation: compare the series around their turning points.");
    return true;
  }

  private void inWords(Finding.Builder f, int k, PairResult pair) {
    Correlation c = pair.correlation();
    String p = "p" + (k + 1) + "_";
    String both = pair.a() + " and " + pair.b();
    f.figure(fig(p + "pearson", "Pearson correlation of " + both, 3, k, "pearson", c.pearson()));
    f.figure(
        fig(
            p + "pearson_p",
            "p-value of the Pearson correlation",
            4,
            k,
            "pearson_p",
            c.pearsonP()));
    f.figure(
        fig(p + "spearman", "Spearman correlation of " + both, 3, k, "spearman", c.spearman()));
    f.figure(
        fig(
            p + "spearman_p",
            "p-value of the Spearman correlation",
            4,
            k,
            "spearman_p",
            c.spearmanP()));
    boolean significant = c.pearsonP() < Correlate.ALPHA;
    f.statement(
        "Over {fig:n} periods, {label:"
            + pair.a()
            + "} and {label:"
            + pair.b()
            + "} have a Pearson"
            + " correlation of {fig:"
            + p
            + "pearson} (p-value {fig:"
            + p
            + "pearson_p}) and a Spearman"
            + " correlation of {fig:"
            + p
            + "spearman} (p-value {fig:"
            + p
            + "spearman_p}); the"
            + " Pearson correlation is "
            + (significant ? "" : "not ")
            + "significant at the five percent level.");
  }

  private Figure fig(String id, String label, int decimals, int pair, String field, double value) {
    return Figures.of(
        id,
        label,
        "",
        DisplayFormat.number(decimals),
        Derivation.value(field, value, ref, "/pairs/" + pair + "/" + field));
  }
}
