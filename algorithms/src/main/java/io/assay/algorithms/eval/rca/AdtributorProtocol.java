package io.assay.algorithms.eval.rca;

import io.assay.algorithms.adtributor.Adtributor;
import io.assay.algorithms.adtributor.AdtributorOutput;
import io.assay.algorithms.adtributor.AdtributorParams;
import io.assay.algorithms.adtributor.DimensionTable;
import io.assay.algorithms.adtributor.MetricColumn;
import io.assay.algorithms.rca.LeafTable;
import io.assay.algorithms.rca.Measure;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Runs our Adtributor on a benchmark case the way the reference run drove the RiskLoc repository's
 * Adtributor (benchmark README): leaves summed per attribute into one table per dimension
 * (numerators and denominators separately for a derived measure), no direction filter, k = 3, and
 * every element of every returned dimension scored as its own one-attribute root-cause element.
 *
 * <p>The RiskLoc code computes explanatory power over all dimensions' elements at once, so each EP
 * there is 1/D of ours (ours is per dimension, spec B2.4). Its TEP = TEEP = 0.1 therefore
 * correspond to 0.1 * D here; {@link #ofReference(int)} applies that scaling.
 */
public record AdtributorProtocol(double tepPerDimension, double teepPerDimension, int k) {

  /** The reference run's parameters: TEP 0.1, TEEP 0.1, k 3. */
  public static AdtributorProtocol reference() {
    return new AdtributorProtocol(0.1, 0.1, 3);
  }

  /** Root-cause elements ({@code attr=value}) our Adtributor names for the case. */
  public List<String> localise(LeafTable leaves) {
    int d = leaves.attributes().size();
    AdtributorParams params =
        new AdtributorParams(
            leaves.measure() == Measure.DERIVED,
            Map.of(),
            tepPerDimension * d,
            teepPerDimension * d,
            k,
            "any");
    AdtributorOutput out = Adtributor.analyse(tables(leaves), params);
    List<String> predicted = new ArrayList<>();
    out.rootCauses()
        .forEach((dim, elements) -> elements.forEach(e -> predicted.add(dim + "=" + e)));
    return predicted;
  }

  /** One table per attribute: the leaves summed by that attribute's value. */
  static Map<String, DimensionTable> tables(LeafTable leaves) {
    boolean derived = leaves.measure() == Measure.DERIVED;
    Map<String, DimensionTable> tables = new LinkedHashMap<>();
    for (int a = 0; a < leaves.attributes().size(); a++) {
      Map<String, double[]> sums = new LinkedHashMap<>();
      for (int i = 0; i < leaves.size(); i++) {
        double[] s = sums.computeIfAbsent(leaves.value(a, i), v -> new double[4]);
        s[0] += leaves.predict(i);
        s[1] += leaves.real(i);
        if (derived) {
          s[2] += leaves.predictDenominator(i);
          s[3] += leaves.realDenominator(i);
        }
      }
      List<Object> elements = new ArrayList<>(sums.keySet());
      int n = elements.size();
      double[][] cols = new double[4][n];
      int j = 0;
      for (double[] s : sums.values()) {
        for (int c = 0; c < 4; c++) {
          cols[c][j] = s[c];
        }
        j++;
      }
      DimensionTable.Builder b = DimensionTable.builder(elements);
      if (derived) {
        b.column(MetricColumn.PREDICT_NUMERATOR, cols[0])
            .column(MetricColumn.REAL_NUMERATOR, cols[1])
            .column(MetricColumn.PREDICT_DENOMINATOR, cols[2])
            .column(MetricColumn.REAL_DENOMINATOR, cols[3]);
      } else {
        b.column(MetricColumn.PREDICT, cols[0]).column(MetricColumn.REAL, cols[1]);
      }
      tables.put(leaves.attributes().get(a), b.build());
    }
    return tables;
  }
}
