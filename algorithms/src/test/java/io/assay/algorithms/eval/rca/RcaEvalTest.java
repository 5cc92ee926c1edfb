package io.assay.algorithms.eval.rca;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The eval command on a small folder of the benchmark's layout, written here. */
class RcaEvalTest {

  static void writeCase(Path dir, String id, String cause, long seed) throws IOException {
    Random random = new Random(seed);
    StringBuilder csv = new StringBuilder("real,predict,a,b,c\n");
    for (int a = 1; a <= 5; a++) {
      for (int b = 1; b <= 6; b++) {
        for (int c = 1; c <= 4; c++) {
          double p = 100 + random.nextInt(900);
          boolean hit = cause.equals("a=a" + a + "&b=b" + b) || cause.equals("c=c" + c);
          double r = hit ? p * 0.3 : p * (1 + random.nextGaussian() * 0.01);
          csv.append(r)
              .append(',')
              .append(p)
              .append(",a")
              .append(a)
              .append(",b")
              .append(b)
              .append(",c")
              .append(c)
              .append('\n');
        }
      }
    }
    try (OutputStream out =
        new GZIPOutputStream(Files.newOutputStream(dir.resolve(id + ".csv.gz")))) {
      out.write(csv.toString().getBytes(StandardCharsets.UTF_8));
    }
  }

  static Path folder(Path root) throws IOException {
    Path setting = Files.createDirectories(root.resolve("X/setting_1"));
    writeCase(setting, "100", "a=a2&b=b3", 1);
    writeCase(setting, "200", "c=c4", 2);
    Files.writeString(
        setting.resolve("injection_info.csv"), "timestamp,set\n100,b=b3&a=a2\n200,c=c4\n");
    Files.writeString(
        root.resolve("reference_results_dev_summary.json"),
        "{\"per_dataset\": {\"X\": {\"riskloc\": {\"F1\": 0.5, \"mean_time_s\": 0.1, \"cases\": 2}}}}");
    return root;
  }

  @Test
  void printsATableWithOurFiguresAndTheReferenceFigures(@TempDir Path tmp) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    int rc =
        RcaEval.run(
            new String[] {folder(tmp).toString()},
            new PrintStream(bytes, true, StandardCharsets.UTF_8));
    String text = bytes.toString(StandardCharsets.UTF_8);
    assertThat(rc).isEqualTo(0);
    assertThat(text).contains("riskloc").contains("X/setting_1");
    assertThat(text).containsPattern("\\nX\\s+2 \\| 1\\.000");
  }

  @Test
  void jsonHoldsTheSameFigures(@TempDir Path tmp) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    int rc =
        RcaEval.run(
            new String[] {folder(tmp).toString(), "--json"},
            new PrintStream(bytes, true, StandardCharsets.UTF_8));
    assertThat(rc).isEqualTo(0);
    JsonNode json = new ObjectMapper().readTree(bytes.toString(StandardCharsets.UTF_8));
    assertThat(json.at("/datasets/X/search/f1").asDouble()).isEqualTo(1.0);
    assertThat(json.at("/datasets/X/search/tp").asInt()).isEqualTo(2);
    assertThat(json.at("/datasets/X/our_adtributor/cases").asInt()).isEqualTo(2);
    assertThat(json.at("/datasets/X/reference/riskloc/f1").asDouble()).isEqualTo(0.5);
  }

  @Test
  void usageAndMissingFolderErrors(@TempDir Path tmp) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
    assertThat(RcaEval.run(new String[] {}, out)).isEqualTo(2);
    assertThat(RcaEval.run(new String[] {"--bogus"}, out)).isEqualTo(2);
    assertThat(RcaEval.run(new String[] {tmp.resolve("nope").toString()}, out)).isEqualTo(1);
    assertThat(RcaEval.run(new String[] {tmp.toString()}, out)).isEqualTo(1);
    assertThat(bytes.toString(StandardCharsets.UTF_8))
        .contains("usage: eval rca DIR [--json]")
        .contains("no injection_info.csv");
  }
}
