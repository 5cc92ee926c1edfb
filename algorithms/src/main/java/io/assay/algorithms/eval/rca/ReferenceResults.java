package io.assay.algorithms.eval.rca;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The published figures of other methods on the same cases, read from {@code
 * reference_results_dev_summary.json} ({@code per_dataset -> dataset -> method -> {F1, mean_time_s,
 * cases}}). Absent file: no reference columns.
 */
public record ReferenceResults(
    Map<String, Map<String, Figure>> perDataset, Map<String, Map<String, Figure>> perSetting) {

  /** One method's micro F1 and mean seconds per case on one dataset. */
  public record Figure(double f1, double meanTimeSeconds, int cases) {}

  public static ReferenceResults read(Path root) throws IOException {
    Path file;
    try (var s = Files.list(root)) {
      file =
          s.filter(
                  p -> {
                    String n = p.getFileName().toString();
                    return n.startsWith("reference_results") && n.endsWith("summary.json");
                  })
              .sorted()
              .findFirst()
              .orElse(null);
    }
    if (file == null) {
      return new ReferenceResults(Map.of(), Map.of());
    }
    JsonNode json = new ObjectMapper().readTree(file.toFile());
    return new ReferenceResults(
        figures(json.path("per_dataset")), figures(json.path("per_setting")));
  }

  private static Map<String, Map<String, Figure>> figures(JsonNode node) {
    Map<String, Map<String, Figure>> out = new LinkedHashMap<>();
    for (Map.Entry<String, JsonNode> ds : node.properties()) {
      Map<String, Figure> methods = new LinkedHashMap<>();
      for (Map.Entry<String, JsonNode> m : ds.getValue().properties()) {
        methods.put(
            m.getKey(),
            new Figure(
                m.getValue().path("F1").asDouble(Double.NaN),
                m.getValue().path("mean_time_s").asDouble(Double.NaN),
                m.getValue().path("cases").asInt(0)));
      }
      out.put(ds.getKey(), methods);
    }
    return out;
  }

  /** Method names in file order across datasets. */
  public java.util.List<String> methods() {
    java.util.LinkedHashSet<String> names = new java.util.LinkedHashSet<>();
    perDataset.values().forEach(m -> names.addAll(m.keySet()));
    return java.util.List.copyOf(names);
  }
}
