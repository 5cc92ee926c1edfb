package io.assay.algorithms.eval.nab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.assay.algorithms.testing.SharedFiles;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Cross-validation of NAB detectors: the split, scoring at a given threshold, the CLI report. */
class NabCrossValidationTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static NabCorpus dev;

  @BeforeAll
  static void load() {
    dev = NabCorpus.load(SharedFiles.shared("benchmarks/nab"));
  }

  @Test
  void halvesAreFixedStratifiedByCategoryAndCoverEveryFileOnce() {
    List<List<NabFile>> halves = NabCrossValidation.halves(dev.files(), NabCrossValidation.SEED);
    assertThat(NabCrossValidation.halves(dev.files(), NabCrossValidation.SEED)).isEqualTo(halves);
    List<NabFile> a = halves.get(0);
    List<NabFile> b = halves.get(1);
    assertThat(Math.abs(a.size() - b.size())).isLessThanOrEqualTo(1);
    Set<String> seen = new HashSet<>();
    a.forEach(f -> seen.add(f.name()));
    b.forEach(f -> assertThat(seen.add(f.name())).isTrue());
    assertThat(seen).hasSize(dev.files().size());
    Map<String, int[]> perCategory = new TreeMap<>();
    a.forEach(
        f -> perCategory.computeIfAbsent(NabCrossValidation.category(f), c -> new int[2])[0]++);
    b.forEach(
        f -> perCategory.computeIfAbsent(NabCrossValidation.category(f), c -> new int[2])[1]++);
    assertThat(perCategory).hasSize(7);
    perCategory.values().forEach(n -> assertThat(Math.abs(n[0] - n[1])).isLessThanOrEqualTo(1));
    // Another seed deals differently: the split depends on the seed only.
    assertThat(NabCrossValidation.halves(dev.files(), 7)).isNotEqualTo(halves);
  }

  @Test
  void scoringAtTheOptimisedThresholdGivesTheOptimum() {
    NabProfile standard = dev.profiles().get(0);
    List<NabFile> files = dev.files().subList(0, 9);
    List<double[]> scores = new ArrayList<>();
    RowDetector detector = NabDetectors.named("pattern").orElseThrow().detector();
    files.forEach(f -> scores.add(detector.score(f)));
    NabScorer.CorpusResult best = NabScorer.optimise(files, scores, standard);
    NabScorer.CorpusResult at = NabScorer.atThreshold(files, scores, standard, best.threshold());
    assertThat(at.raw()).isCloseTo(best.raw(), within(1e-9));
    // Any other threshold scores no better, and above every score nothing is detected.
    assertThat(NabScorer.atThreshold(files, scores, standard, best.threshold() * 0.9).raw())
        .isLessThanOrEqualTo(best.raw());
    assertThat(NabScorer.atThreshold(files, scores, standard, 1.05).normalised()).isEqualTo(0.0);
  }

  @Test
  void theTestPartNeverInfluencesTheChoice() {
    NabProfile standard = dev.profiles().get(0);
    List<List<NabFile>> halves = NabCrossValidation.halves(dev.files(), NabCrossValidation.SEED);
    // A detector that is perfect on half B and silent on half A: choosing on A cannot see it.
    Set<String> inB = new HashSet<>();
    halves.get(1).forEach(f -> inB.add(f.name()));
    RowDetector oracleOnB =
        f -> {
          double[] s = new double[f.size()];
          if (inB.contains(f.name())) {
            f.windows().forEach(w -> s[w.start()] = 1.0);
          }
          return s;
        };
    List<NabCrossValidation.Variant> variants =
        List.of(new NabCrossValidation.Variant("oracle on B", oracleOnB));
    NabCrossValidation.Report r = NabCrossValidation.run(dev.files(), variants, standard);
    assertThat(r.twoFold().get(1).trainScore()).isCloseTo(100.0, within(1e-9));
    assertThat(r.twoFold().get(1).testScore()).isEqualTo(0.0);
    assertThat(r.twoFold().get(0).trainScore()).isEqualTo(0.0);
  }

  @Test
  void cvReportsBothFoldsTheirMeanAndLocoForEveryDetector(@TempDir Path dir) throws Exception {
    writeSyntheticCorpus(dir);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    int code =
        NabEval.run(
            new String[] {dir.toString(), "--cv", "--json"},
            new PrintStream(bytes, true, StandardCharsets.UTF_8));
    assertThat(code).isZero();
    JsonNode cv = JSON.readTree(bytes.toString(StandardCharsets.UTF_8)).get("cross_validation");
    assertThat(cv.get("seed").asLong()).isEqualTo(NabCrossValidation.SEED);
    assertThat(cv.at("/halves/A")).hasSize(2);
    assertThat(cv.at("/halves/B")).hasSize(2);
    for (String name : NabDetectors.names()) {
      JsonNode d = cv.at("/detectors/" + name);
      double ab = d.get("fold_a_to_b").asDouble();
      double ba = d.get("fold_b_to_a").asDouble();
      assertThat(d.get("two_fold_mean").asDouble()).isCloseTo((ab + ba) / 2, within(0.011));
      assertThat(d.get("loco_pooled").isNumber()).isTrue();
      assertThat(d.at("/folds/A->B/chosen").asText()).isNotEmpty();
      assertThat(d.at("/folds/catB/test_windows").asInt()).isEqualTo(2);
    }
    bytes.reset();
    NabEval.run(
        new String[] {dir.toString(), "--cv", "--seed", "5", "--seeds", "3", "--json"},
        new PrintStream(bytes, true, StandardCharsets.UTF_8));
    JsonNode three = JSON.readTree(bytes.toString(StandardCharsets.UTF_8)).get("cross_validation");
    assertThat(three.get("seed").asLong()).isEqualTo(5);
    for (String name : NabDetectors.names()) {
      JsonNode d = three.at("/detectors/" + name);
      JsonNode bySeed = d.get("two_fold_mean_by_seed");
      assertThat(bySeed).hasSize(3);
      // The first seed's entry is the detailed report's figure; the summary is their mean.
      assertThat(bySeed.get(0).asDouble())
          .isCloseTo(d.get("two_fold_mean").asDouble(), within(0.011));
      double sum = 0;
      for (JsonNode v : bySeed) {
        sum += v.asDouble();
      }
      assertThat(d.get("two_fold_mean_over_seeds").asDouble()).isCloseTo(sum / 3, within(0.011));
    }
    bytes.reset();
    assertThat(
            NabEval.run(
                new String[] {dir.toString(), "--cv", "--seeds", "0"},
                new PrintStream(bytes, true, StandardCharsets.UTF_8)))
        .isEqualTo(2);
    assertThat(bytes.toString(StandardCharsets.UTF_8)).startsWith("--seeds needs a whole number");
    bytes.reset();
    NabEval.run(
        new String[] {dir.toString(), "--cv", "--seed", "5"},
        new PrintStream(bytes, true, StandardCharsets.UTF_8));
    assertThat(bytes.toString(StandardCharsets.UTF_8))
        .contains("seed 5:", "A->B", "B->A", "LOCO", "holt-winters");
  }

  /** Two categories of two noisy daily-cycle series, each with one labelled spike. */
  private static void writeSyntheticCorpus(Path dir) throws IOException {
    DateTimeFormatter ts = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");
    LocalDateTime t0 = LocalDateTime.of(2020, 1, 1, 0, 0);
    Random random = new Random(3);
    StringBuilder windows = new StringBuilder("{");
    String[] names = {"catA/a1.csv", "catA/a2.csv", "catB/b1.csv", "catB/b2.csv"};
    for (int f = 0; f < names.length; f++) {
      int n = 1200;
      int spike = 800 + 50 * f;
      StringBuilder csv = new StringBuilder("timestamp,value\n");
      for (int i = 0; i < n; i++) {
        double v = 50 + 10 * Math.sin(2 * Math.PI * i / 288) + random.nextGaussian();
        if (i == spike) {
          v += 60;
        }
        csv.append(t0.plusMinutes(5L * i).format(ts)).append(',').append(v).append('\n');
      }
      Path file = dir.resolve("data").resolve(names[f]);
      Files.createDirectories(file.getParent());
      Files.writeString(file, csv);
      windows
          .append(f == 0 ? "" : ",")
          .append('"')
          .append(names[f])
          .append("\": [[\"")
          .append(t0.plusMinutes(5L * (spike - 60)).format(ts))
          .append(".000000\", \"")
          .append(t0.plusMinutes(5L * (spike + 60)).format(ts))
          .append(".000000\"]]");
    }
    Files.createDirectories(dir.resolve("labels"));
    Files.writeString(dir.resolve("labels/combined_windows.json"), windows.append('}'));
    Files.createDirectories(dir.resolve("config"));
    Files.writeString(
        dir.resolve("config/profiles.json"),
        "{\"standard\": {\"CostMatrix\": {\"tpWeight\": 1.0, \"fpWeight\": 0.11,"
            + " \"fnWeight\": 1.0}}}");
  }
}
