package io.assay.activities.eval;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.activities.understand.ReaderFixture;
import io.assay.datasets.testing.TestWarehouse;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class BirdEvalTest {

  static Path devFile() {
    return TestWarehouse.sharedDirectory().resolve("evals/bird_financial_dev.json");
  }

  @Test
  void devFileMeetsTheTargetsOnTheDeterministicPath() throws Exception {
    List<BirdQuestion> questions = BirdQuestion.read(devFile());
    BirdEval eval = new BirdEval(ReaderFixture.reader(), TestWarehouse.get().readerDataSource());
    BirdEval.Summary s = eval.run(questions, System.out);
    for (BirdEval.Result r : s.questions()) {
      System.out.println(r.questionId() + " " + r.outcome() + "\n  pick " + r.pick() + "\n  sql "
          + r.sql() + "\n  " + r.reason());
    }
    System.out.printf("correct %d wrong %d abstained %d%n", s.correct(), s.wrong(), s.abstained());
    assertThat(s.total()).isEqualTo(15);
    assertThat(s.correct()).isGreaterThanOrEqualTo(10);
    assertThat(s.wrong()).isLessThanOrEqualTo(1);
  }
}
