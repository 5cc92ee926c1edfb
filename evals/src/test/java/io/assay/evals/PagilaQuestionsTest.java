package io.assay.evals;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.datasets.testing.TestWarehouse;
import io.assay.understand.ReaderFixture;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * The second dataset's questions of issue 13, read by the standard reader, composed and executed,
 * equal their hand-written gold SQL (in {@code eval/pagila_issue_questions.json}; a month of one
 * year is written as its month number, as the reader shows it). Skipped where the Pagila data is
 * not on this machine.
 */
class PagilaQuestionsTest {

  @Test
  void theIssueQuestionsAreAnsweredRight() throws Exception {
    var reader = ReaderFixture.pagilaOrSkip();
    TestWarehouse w = TestWarehouse.get();
    PGSimpleDataSource unqualified = new PGSimpleDataSource();
    unqualified.setUrl(w.jdbcUrl());
    unqualified.setUser(w.readerUsername());
    unqualified.setPassword(w.readerPassword());
    unqualified.setReadOnly(true);
    unqualified.setOptions("-c search_path=pagila");
    Path file =
        Path.of(PagilaQuestionsTest.class.getResource("/eval/pagila_issue_questions.json").toURI());
    BirdEval.Summary s = new BirdEval(reader, unqualified).run(BirdQuestion.read(file), System.out);
    assertThat(s.correct()).as(s.questions().toString()).isEqualTo(s.total()).isEqualTo(4);
  }
}
