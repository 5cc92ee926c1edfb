package io.assay.algorithms.eval.nab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.assay.algorithms.testing.SharedFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The scorer oracle from the NAB README: scoring the published detectors' per-row outputs in {@code
 * fixtures/} at the published per-file threshold reproduces that file's Score (to 1e-6) and
 * TP/TN/FP/FN counts, for all fixture x profile combinations.
 */
class NabScorerFixtureTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path NAB = SharedFiles.shared("benchmarks/nab");

  static Stream<Arguments> cases() throws IOException {
    List<Arguments> out = new ArrayList<>();
    List<NabProfile> profiles = NabCorpus.readProfiles(NAB.resolve("config/profiles.json"));
    try (Stream<Path> files = Files.walk(NAB.resolve("fixtures"))) {
      for (Path fixture : files.filter(p -> p.toString().endsWith(".csv")).sorted().toList()) {
        for (NabProfile profile : profiles) {
          out.add(Arguments.of(NAB.resolve("fixtures").relativize(fixture).toString(), profile));
        }
      }
    }
    return out.stream();
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("cases")
  void reproducesPublishedPerFileScore(String fixture, NabProfile profile) throws IOException {
    String detector = fixture.substring(0, fixture.indexOf('/'));
    String category = fixture.split("/")[1];
    String fileName =
        fixture.substring(fixture.lastIndexOf('/') + 1).substring(detector.length() + 1);
    String name = category + "/" + fileName;

    List<LocalDateTime> timestamps = new ArrayList<>();
    List<Double> scores = new ArrayList<>();
    NabCorpus.readColumns(
        NAB.resolve("fixtures").resolve(fixture), "anomaly_score", timestamps, scores);
    JsonNode limits = JSON.readTree(NAB.resolve("labels/combined_windows.json").toFile()).get(name);
    double[] values = new double[scores.size()];
    double[] anomaly = scores.stream().mapToDouble(Double::doubleValue).toArray();
    NabFile file = new NabFile(name, timestamps, values, NabCorpus.windows(timestamps, limits));

    String[] published = publishedRow(detector, profile.name(), name);
    double threshold = Double.parseDouble(published[3]);
    NabScorer.ThresholdScore result = NabScorer.scoreFile(file, anomaly, profile, threshold);

    assertThat(result.score()).isCloseTo(Double.parseDouble(published[4]), within(1e-6));
    assertThat(result.tp()).isEqualTo(Integer.parseInt(published[5]));
    assertThat(result.tn()).isEqualTo(Integer.parseInt(published[6]));
    assertThat(result.fp()).isEqualTo(Integer.parseInt(published[7]));
    assertThat(result.fn()).isEqualTo(Integer.parseInt(published[8]));
  }

  private static String[] publishedRow(String detector, String profile, String file)
      throws IOException {
    Path csv =
        NAB.resolve(
            "results/published_per_file_scores/" + detector + "_" + profile + "_scores.csv");
    for (String line : Files.readAllLines(csv)) {
      String[] cells = line.split(",");
      if (cells.length > 2 && cells[2].equals(file)) {
        return cells;
      }
    }
    throw new AssertionError("no published row for " + file + " in " + csv);
  }
}
