package io.assay.understand.rules;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.contract.plan.ClarificationAnswer;
import io.assay.pick.Aggregation;
import io.assay.pick.ColumnRef;
import io.assay.pick.Measure;
import io.assay.pick.Pick;
import io.assay.understand.ReaderFixture;
import io.assay.understand.Reading;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Ranking a column many rows share ("region") by a column of each row ("salary"), or rows by a
 * column of which each has several ("a district's loan amounts"), asks whether one row decides or
 * the rows' total or average. Phrasings written for this test.
 */
class SharedColumnRankingTest {

  private static final String Q = "Which region has the lowest average salary?";

  @Test
  void aSharedColumnRankedByARowColumnAsks() {
    Reading r = ReaderFixture.reader().read(Q, "", List.of());
    assertThat(r).isInstanceOf(Reading.Ambiguous.class);
    String id = ((Reading.Ambiguous) r).clarification().id();
    Reading avg =
        ReaderFixture.reader().read(Q, "", List.of(new ClarificationAnswer(id, "average", "t")));
    assertThat(avg).isInstanceOf(Reading.Understood.class);
    Pick p = ((Reading.Understood) avg).pick();
    assertThat(p.groupBy()).containsExactly(ColumnRef.of("district.a3"));
    assertThat(p.measures())
        .singleElement()
        .isInstanceOfSatisfying(
            Measure.Aggregate.class, a -> assertThat(a.fn()).isEqualTo(Aggregation.AVG));
    assertThat(p.limit()).isEqualTo(1);
    Reading row =
        ReaderFixture.reader().read(Q, "", List.of(new ClarificationAnswer(id, "row", "t")));
    assertThat(row).isInstanceOf(Reading.Understood.class);
    assertThat(((Reading.Understood) row).pick().measures()).isEmpty();
  }

  @Test
  void aColumnNamingEachRowIsRankedWithoutAsking() {
    assertThat(
            ReaderFixture.reader()
                .read("Which district has the lowest average salary?", "", List.of()))
        .isInstanceOf(Reading.Understood.class);
  }

  @Test
  void aColumnOfRowsEachListedRowHasSeveralOfAsks() {
    String q = "Which district has the highest loan amount?";
    Reading r = ReaderFixture.reader().read(q, "", List.of());
    assertThat(r).isInstanceOf(Reading.Ambiguous.class);
    String id = ((Reading.Ambiguous) r).clarification().id();
    Reading total =
        ReaderFixture.reader().read(q, "", List.of(new ClarificationAnswer(id, "total", "t")));
    Pick p = ((Reading.Understood) total).pick();
    assertThat(p.groupBy()).containsExactly(ColumnRef.of("district.a2"));
    assertThat(p.measures())
        .singleElement()
        .isInstanceOfSatisfying(
            Measure.Aggregate.class, a -> assertThat(a.fn()).isEqualTo(Aggregation.SUM));
    // said of the rows themselves, or of rows that are about one per listed row: no question
    assertThat(
            ReaderFixture.reader()
                .read("Which district had the largest loan in 1997?", "", List.of()))
        .isInstanceOf(Reading.Understood.class);
    assertThat(
            ReaderFixture.reader().read("which account has the highest loan amount", "", List.of()))
        .isInstanceOf(Reading.Understood.class);
  }
}
