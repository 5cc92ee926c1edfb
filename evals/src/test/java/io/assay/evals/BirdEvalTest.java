package io.assay.evals;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.assay.datasets.testing.TestWarehouse;
import io.assay.understand.ReaderFixture;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code ./assay eval bird}: understanding → Pick → compose → execute, compared with gold SQL. */
class BirdEvalTest {

  static Path devFile() {
    return TestWarehouse.sharedDirectory().resolve("evals/bird_financial_dev.json");
  }

  private static BirdEval eval() {
    return new BirdEval(ReaderFixture.reader(), TestWarehouse.get().readerDataSource());
  }

  @Test
  void devFileMeetsTheTargetsOnTheDeterministicPath() throws Exception {
    BirdEval.Summary s = eval().run(BirdQuestion.read(devFile()), System.out);
    System.out.printf(
        "BIRD dev: correct %d, wrong %d, abstained %d of %d%n",
        s.correct(), s.wrong(), s.abstained(), s.total());
    assertThat(s.total()).isEqualTo(BirdQuestion.read(devFile()).size());
    // The floor guards the figures measured on the 52-question dev file; the ceiling on wrong
    // answers is issue 16's bound (one answer a rule cannot tell apart from another gold's shape).
    assertThat(s.correct()).isGreaterThanOrEqualTo(24);
    assertThat(s.wrong()).isLessThanOrEqualTo(2);
  }

  /**
   * Questions written for this test (not from BIRD), with hand-written gold SQL: the reader must
   * generalise beyond the dev file and never answer wrongly; what it cannot read it abstains on.
   */
  @Test
  void paraphrasesAreAnsweredOrAbstainedOnNeverWrong() throws Exception {
    Path file = Path.of(BirdEvalTest.class.getResource("/eval/paraphrases.json").toURI());
    BirdEval.Summary s = eval().run(BirdQuestion.read(file), System.out);
    assertThat(s.wrong()).isZero();
    assertThat(s.correct()).isGreaterThanOrEqualTo(12);
    assertThat(s.questions())
        .filteredOn(r -> r.questionId() == 1014)
        .singleElement()
        .satisfies(r -> assertThat(r.outcome()).isEqualTo(BirdEval.Outcome.ABSTAINED));
  }

  @Test
  void theJsonOutputIsExactlyOneObjectWithTheTotals() throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code =
        BirdEval.run(
            new String[] {devFile().toString(), "--json"},
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8),
            ReaderFixture.reader(),
            TestWarehouse.get().readerDataSource());
    assertThat(code).isZero();
    String text = out.toString(StandardCharsets.UTF_8).strip();
    JsonNode root = new ObjectMapper().readTree(text);
    assertThat(root.isObject()).isTrue();
    int total = BirdQuestion.read(devFile()).size();
    assertThat(root.get("total").asInt()).isEqualTo(total);
    assertThat(
            root.get("correct").asInt() + root.get("wrong").asInt() + root.get("abstained").asInt())
        .isEqualTo(total);
    assertThat(root.get("questions")).hasSize(total);
    for (JsonNode q : root.get("questions")) {
      // every question says which of its words were set aside; a wrong one shows both results
      assertThat(q.get("words_not_used").isArray()).isTrue();
      if (q.get("outcome").asText().equals("wrong")) {
        assertThat(q.get("sql").asText()).isNotBlank();
        assertThat(q.has("first_rows") && q.has("gold_first_rows")).isTrue();
      }
    }
    assertThat(root.get("questions").get(0).get("outcome").asText())
        .isIn("correct", "wrong", "abstained");
    // one JSON object and nothing else on stdout
    assertThat(text.lines().count()).isEqualTo(1);
  }

  @Test
  void theTextOutputListsEachQuestionThenTheTotals() throws Exception {
    Path one = Files.createTempFile("bird", ".json");
    Files.writeString(
        one,
        """
        [{"question_id": 7, "question": "How many districts are there?",
          "gold_sql_postgres": "SELECT COUNT(*) FROM district"}]""");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int code =
        BirdEval.run(
            new String[] {one.toString()},
            new PrintStream(out, true, StandardCharsets.UTF_8),
            System.err,
            ReaderFixture.reader(),
            TestWarehouse.get().readerDataSource());
    assertThat(code).isZero();
    List<String> lines = out.toString(StandardCharsets.UTF_8).lines().toList();
    assertThat(lines.get(0)).startsWith("correct").contains("How many districts are there?");
    assertThat(lines.get(lines.size() - 1)).isEqualTo("correct 1 / wrong 0 / abstained 0 of 1");
  }

  @Test
  void badInvocationsAreUsageErrors() throws Exception {
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    PrintStream e = new PrintStream(err, true, StandardCharsets.UTF_8);
    assertThat(BirdEval.run(new String[] {}, System.out, e, null, null)).isEqualTo(2);
    assertThat(BirdEval.run(new String[] {"/nonexistent.json"}, System.out, e, null, null))
        .isEqualTo(2);
    Path bad = Files.createTempFile("bird", ".json");
    Files.writeString(bad, "{\"question\": \"not an array\"}");
    assertThat(BirdEval.run(new String[] {bad.toString()}, System.out, e, null, null)).isEqualTo(2);
    assertThat(err.toString(StandardCharsets.UTF_8))
        .contains("usage: assay eval bird FILE")
        .contains("cannot read")
        .contains("JSON array");
  }
}
