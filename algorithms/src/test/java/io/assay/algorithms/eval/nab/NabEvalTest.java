package io.assay.algorithms.eval.nab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.assay.algorithms.testing.SharedFiles;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** {@code assay eval nab}: figures on the DEV split, normalisation, causality, CLI handling. */
class NabEvalTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final Path NAB = SharedFiles.shared("benchmarks/nab");
  private static NabCorpus corpus;

  @BeforeAll
  static void load() {
    corpus = NabCorpus.load(NAB);
  }

  private static String run(String... args) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    int code = NabEval.run(args, new PrintStream(bytes, true, StandardCharsets.UTF_8));
    return code + "\n" + bytes.toString(StandardCharsets.UTF_8);
  }

  @Test
  void loadsTheDevSplit() {
    assertThat(corpus.files()).hasSize(29);
    assertThat(corpus.windowCount()).isEqualTo(59);
    assertThat(corpus.profiles())
        .extracting(NabProfile::name)
        .containsExactly("standard", "reward_low_FP_rate", "reward_low_FN_rate");
  }

  @Test
  void jsonReportsOurScoresNextToThePublishedOnesAndMeetsTheStandardTarget() throws Exception {
    String out = run(NAB.toString(), "--json");
    assertThat(out).startsWith("0\n");
    JsonNode json = JSON.readTree(out.substring(2));
    assertThat(json.get("windows").asInt()).isEqualTo(59);
    // The default detector (pattern novelty) on the whole dev split; deterministic.
    assertThat(json.at("/ours/detector").asText()).startsWith("assay pattern novelty");
    assertThat(json.at("/ours/standard/normalised").asDouble()).isCloseTo(81.09, within(0.01));
    assertThat(json.at("/ours/reward_low_FP_rate/normalised").asDouble())
        .isCloseTo(77.71, within(0.01));
    assertThat(json.at("/ours/reward_low_FP_rate/normalised").isNumber()).isTrue();
    assertThat(json.at("/ours/reward_low_FN_rate/null_raw").asDouble()).isEqualTo(-118.0);
    assertThat(json.at("/published/numenta/standard").asDouble()).isEqualTo(78.15);
    assertThat(json.at("/published/windowedGaussian/standard").asDouble()).isEqualTo(47.51);
  }

  @Test
  void theEarlierDetectorStaysSelectableByName() throws Exception {
    String out = run(NAB.toString(), "--detector", "holt-winters", "--json");
    assertThat(out).startsWith("0\n");
    JsonNode json = JSON.readTree(out.substring(2));
    assertThat(json.at("/ours/detector").asText()).startsWith("assay (Holt-Winters");
    assertThat(json.at("/ours/standard/normalised").asDouble()).isCloseTo(70.52, within(0.01));
  }

  @Test
  void tablePrintsEveryDetectorRow() {
    String out = run(NAB.toString());
    assertThat(out).startsWith("0\n");
    assertThat(out).contains("Standard", "Reward low FP", "Reward low FN");
    String label = NabDetectors.named(NabDetectors.DEFAULT).orElseThrow().label();
    assertThat(out).contains("* " + label, "numenta", "windowedGaussian", "null");
  }

  @Test
  void badArgumentsAndFoldersExitWithTwo(@TempDir Path empty) {
    assertThat(run()).startsWith("2\nusage: assay eval nab DIR [--detector pattern|holt-winters]");
    assertThat(run("--xml", NAB.toString())).startsWith("2\nunknown option --xml");
    assertThat(run(NAB.toString(), "--cv", "--seed", "x"))
        .startsWith("2\n--seed needs a whole number");
    assertThat(run(NAB.toString(), "--detector")).startsWith("2\n--detector needs a name");
    assertThat(run(NAB.toString(), "--detector", "htm"))
        .startsWith("2\nunknown detector 'htm'; choose pattern or holt-winters");
    assertThat(run(empty.toString()))
        .startsWith("2\ncannot evaluate on")
        .contains("not a NAB folder");
    assertThat(run(empty.resolve("nope").toString())).contains("NAB folder not found");
  }

  @Test
  void nullDetectorScoresZeroAndPerfectDetectorScoresHundred() {
    List<double[]> none = new ArrayList<>();
    List<double[]> perfect = new ArrayList<>();
    for (NabFile file : corpus.files()) {
      none.add(new double[file.size()]);
      double[] scores = new double[file.size()];
      for (NabFile.Window w : file.windows()) {
        scores[w.start()] = 1.0;
      }
      perfect.add(scores);
    }
    for (NabProfile profile : corpus.profiles()) {
      assertThat(NabScorer.optimise(corpus.files(), none, profile).normalised()).isEqualTo(0.0);
      assertThat(NabScorer.optimise(corpus.files(), perfect, profile).normalised())
          .isCloseTo(100.0, within(1e-9));
    }
  }

  static List<RowDetector> detectors() {
    return NabDetectors.all().stream().map(NabDetectors.Entry::detector).toList();
  }

  @ParameterizedTest
  @MethodSource("detectors")
  void detectorIsCausalScoresOfAPrefixAreThePrefixOfTheScores(RowDetector detector) {
    NabFile file = corpus.files().stream().filter(f -> f.size() > 8000).findFirst().orElseThrow();
    int cut = 6000; // both lengths give the same probation (750 rows)
    NabFile prefix =
        new NabFile(
            file.name(),
            file.timestamps().subList(0, cut),
            Arrays.copyOf(file.values(), cut),
            List.of());
    double[] full = detector.score(file);
    double[] partial = detector.score(prefix);
    assertThat(partial).containsExactly(Arrays.copyOf(full, cut));
    assertThat(Arrays.stream(full).allMatch(s -> s >= 0 && s <= 1)).isTrue();
  }

  @ParameterizedTest
  @MethodSource("detectors")
  void degenerateFilesScoreWithoutNaN(RowDetector detector) {
    List<java.time.LocalDateTime> ts = new ArrayList<>();
    for (int i = 0; i < 300; i++) {
      ts.add(java.time.LocalDateTime.of(2020, 1, 1, 0, 0).plusMinutes(5L * i));
    }
    double[] constant = new double[300];
    Arrays.fill(constant, 3.0);
    for (double[] values : List.of(constant, new double[300])) {
      double[] scores = detector.score(new NabFile("x.csv", ts, values, List.of()));
      assertThat(Arrays.stream(scores).allMatch(s -> s >= 0 && s <= 1)).isTrue();
    }
    NabFile tiny = new NabFile("t.csv", ts.subList(0, 3), new double[] {1, 2, 3}, List.of());
    assertThat(detector.score(tiny)).containsOnly(0.0);
  }
}
