package io.assay.algorithms.adtributor;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.assay.algorithms.testing.JsonMatch;
import io.assay.algorithms.testing.SharedFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every case in shared/vectors/adtributor, core model and tool layer. */
class AdtributorVectorTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  static Stream<Arguments> modelVectors() throws IOException {
    return vectors().filter(a -> !((JsonNode) a.get()[1]).at("/expected/model").isNull());
  }

  static Stream<Arguments> toolVectors() throws IOException {
    return vectors().filter(a -> !((JsonNode) a.get()[1]).at("/expected/tool").isNull());
  }

  static Stream<Arguments> vectors() throws IOException {
    Path dir = SharedFiles.shared("vectors/adtributor");
    List<Path> files;
    try (Stream<Path> s = Files.list(dir)) {
      files = s.filter(p -> p.toString().endsWith(".json")).sorted().toList();
    }
    List<Arguments> out = new ArrayList<>();
    for (Path f : files) {
      out.add(Arguments.of(f.getFileName().toString(), JSON.readTree(f.toFile())));
    }
    return out.stream();
  }

  @Test
  void allTwentyOneVectorsArePresent() throws IOException {
    assertThat(vectors().count()).isEqualTo(21);
    // 19 algorithm cases have a model; all but the weights case (09) have a tool result.
    assertThat(modelVectors().count()).isEqualTo(19);
    assertThat(toolVectors().count()).isEqualTo(20);
  }

  @ParameterizedTest(name = "{0} model")
  @MethodSource("modelVectors")
  void coreModelMatchesReference(String file, JsonNode vector) {
    JsonNode expected = vector.at("/expected/model");
    AdtributorOutput out = Adtributor.analyse(tables(vector.at("/input/tables")), params(vector));
    assertThat(JsonMatch.differences(expected, JSON.valueToTree(out))).isEmpty();
  }

  @ParameterizedTest(name = "{0} tool")
  @MethodSource("toolVectors")
  void toolLayerMatchesReference(String file, JsonNode vector) throws IOException {
    JsonNode expected = vector.at("/expected/tool");
    JsonNode passed = vector.get("tool_params_passed");
    List<MeltedRow> rows =
        Arrays.asList(JSON.treeToValue(vector.at("/input/melted"), MeltedRow[].class));
    DrilldownRequest request =
        new DrilldownRequest(
            "vector " + file,
            rows,
            passed.get("derived").asBoolean(),
            passed.has("issue_type") ? passed.get("issue_type").asText() : null,
            passed.has("tep") ? passed.get("tep").asDouble() : null,
            passed.has("teep") ? passed.get("teep").asDouble() : null,
            passed.has("k") ? passed.get("k").asInt() : null);
    DrilldownResult result = AdtributorDrilldown.run(request);
    assertThat(JsonMatch.differences(expected, JSON.valueToTree(result))).isEmpty();
  }

  static AdtributorParams params(JsonNode vector) {
    JsonNode p = vector.get("params");
    Map<String, Double> weights = new LinkedHashMap<>();
    JsonNode w = p.get("dimension_weights");
    if (w != null && !w.isNull()) {
      w.fields().forEachRemaining(e -> weights.put(e.getKey(), e.getValue().asDouble()));
    }
    return new AdtributorParams(
        p.get("derived").asBoolean(),
        weights,
        p.get("tep").asDouble(),
        p.get("teep").asDouble(),
        p.get("k").asInt(),
        p.get("issue_type").asText());
  }

  /** The per-dimension tables exactly as the core algorithm received them. */
  static Map<String, DimensionTable> tables(JsonNode node) {
    Map<String, DimensionTable> out = new LinkedHashMap<>();
    for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
      Map.Entry<String, JsonNode> e = it.next();
      String dim = e.getKey();
      JsonNode rows = e.getValue();
      List<Object> elements = new ArrayList<>();
      for (JsonNode r : rows) {
        JsonNode v = r.get(dim);
        if (v.isTextual()) {
          elements.add(v.asText());
        } else if (v.isIntegralNumber()) {
          elements.add(v.asLong()); // a ternary here would widen the long to double
        } else {
          elements.add(v.asDouble());
        }
      }
      DimensionTable.Builder b = DimensionTable.builder(elements);
      for (MetricColumn c : MetricColumn.values()) {
        if (rows.size() > 0 && rows.get(0).has(c.wireName())) {
          double[] values = new double[rows.size()];
          for (int i = 0; i < rows.size(); i++) {
            JsonNode v = rows.get(i).get(c.wireName());
            values[i] = v == null || v.isNull() ? Double.NaN : v.asDouble();
          }
          b.column(c, values);
        }
      }
      out.put(dim, b.build());
    }
    return out;
  }
}
