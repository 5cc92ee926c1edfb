package io.assay.algorithms.adtributor;

import io.assay.algorithms.text.PyFormat;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The {@code adtributor_drilldown} tool (spec B5): validates a melted table, splits it into
 * per-dimension tables, runs {@link Adtributor} and words the outcome. Never throws for bad input;
 * every problem comes back as a {@link DrilldownResult.Failure} with a readable message.
 */
public final class AdtributorDrilldown {
  private static final List<MetricColumn> ABSOLUTE =
      List.of(MetricColumn.PREDICT, MetricColumn.REAL);
  private static final List<MetricColumn> DERIVED =
      List.of(
          MetricColumn.PREDICT_NUMERATOR,
          MetricColumn.PREDICT_DENOMINATOR,
          MetricColumn.REAL_NUMERATOR,
          MetricColumn.REAL_DENOMINATOR);

  private AdtributorDrilldown() {}

  public static DrilldownResult run(DrilldownRequest request) {
    List<MeltedRow> data = request.data();
    if (data == null || data.isEmpty()) {
      return new DrilldownResult.Failure("Input data is empty.");
    }
    for (int i = 0; i < data.size(); i++) {
      String problem = rowProblem(data.get(i));
      if (problem != null) {
        return new DrilldownResult.Failure("Invalid row " + i + ": " + problem);
      }
    }

    Set<MetricColumn> present = EnumSet.noneOf(MetricColumn.class);
    for (MeltedRow row : data) {
      for (MetricColumn c : MetricColumn.values()) {
        if (row.value(c) != null) {
          present.add(c);
        }
      }
    }
    List<MetricColumn> required = request.derived() ? DERIVED : ABSOLUTE;
    List<String> missing =
        required.stream().filter(c -> !present.contains(c)).map(MetricColumn::wireName).toList();
    if (!missing.isEmpty()) {
      return new DrilldownResult.Failure(
          "Missing required columns in data based on derived="
              + PyFormat.str(request.derived())
              + ": "
              + PyFormat.repr(missing));
    }
    List<MetricColumn> kept = new ArrayList<>(required);
    for (MetricColumn optional : List.of(MetricColumn.PROPORTION, MetricColumn.BASE_PROPORTION)) {
      if (present.contains(optional)) {
        kept.add(optional);
      }
    }

    AdtributorOutput output;
    try {
      Map<String, DimensionTable> tables = splitByDimension(data, kept);
      AdtributorParams params =
          new AdtributorParams(
              request.derived(),
              Map.of(),
              request.tep(),
              request.teep(),
              request.k(),
              request.issueType());
      output = Adtributor.analyse(tables, params);
    } catch (IllegalArgumentException e) {
      return new DrilldownResult.Failure("Algorithm execution failed: " + e.getMessage());
    }
    return report(output, request.issueType());
  }

  private static String rowProblem(MeltedRow row) {
    if (row == null) {
      return "row is null";
    }
    if (row.dimensionName() == null) {
      return "dimension_name is required";
    }
    if (row.elementValue() == null) {
      return "element_value is required";
    }
    try {
      ElementValue.normalise(row.elementValue(), "element_value");
    } catch (IllegalArgumentException e) {
      return e.getMessage();
    }
    return null;
  }

  private static Map<String, DimensionTable> splitByDimension(
      List<MeltedRow> data, List<MetricColumn> columns) {
    Map<String, List<MeltedRow>> byDimension = new LinkedHashMap<>();
    for (MeltedRow row : data) {
      byDimension.computeIfAbsent(row.dimensionName(), d -> new ArrayList<>()).add(row);
    }
    Map<String, DimensionTable> tables = new LinkedHashMap<>();
    byDimension.forEach(
        (dimension, rows) -> {
          DimensionTable.Builder b =
              DimensionTable.builder(rows.stream().map(MeltedRow::elementValue).toList());
          for (MetricColumn c : columns) {
            double[] values = new double[rows.size()];
            Arrays.fill(values, Double.NaN);
            for (int i = 0; i < rows.size(); i++) {
              Double v = rows.get(i).value(c);
              if (v != null) {
                values[i] = v;
              }
            }
            b.column(c, values);
          }
          tables.put(dimension, b.build());
        });
    return tables;
  }

  private static DrilldownResult.Report report(AdtributorOutput output, String issueType) {
    String summary =
        switch (output.status()) {
          case NO_ANOMALY_DIRECTION ->
              "The algorithm did not detect any valid attributes matching the '"
                  + issueType
                  + "' direction.";
          case NO_ROOT_CAUSE ->
              "The anomaly is systemic and evenly distributed. No specific root"
                  + " cause elements exceeded the required threshold.";
          case SUCCESS -> "Root cause analysis successfully identified contributing elements.";
        };
    Map<String, DrilldownResult.DimensionNarrative> details = new LinkedHashMap<>();
    output
        .dimensionDetails()
        .forEach(
            (dimension, d) -> {
              String narrative;
              if (d.elements() != null && !d.elements().isEmpty()) {
                double ep = d.explanatoryPower() == null ? 0.0 : d.explanatoryPower();
                // Python prints 0 for a falsy EP, so -0.0 must not show as "-0.00%".
                String percent = PyFormat.percent(ep == 0.0 ? 0.0 : ep, 2);
                narrative =
                    "The elements ["
                        + d.elements().stream().map(PyFormat::str).collect(Collectors.joining(", "))
                        + "] in this dimension contributed to "
                        + percent
                        + " of the overall anomaly.";
              } else {
                narrative =
                    "This dimension was skipped or did not have specific elements causing the"
                        + " anomaly. Reason: "
                        + d.reason();
              }
              details.put(
                  dimension,
                  new DrilldownResult.DimensionNarrative(
                      d.explanatoryPower(),
                      d.elements(),
                      narrative,
                      new DrilldownResult.RawMetrics(d.totalSurprise(), d.surprise(), d.reason())));
            });
    return new DrilldownResult.Report(output.status(), output.rootCauses(), details, summary);
  }
}
