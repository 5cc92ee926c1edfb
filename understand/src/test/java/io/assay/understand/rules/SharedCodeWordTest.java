package io.assay.understand.rules;

import static io.assay.understand.ReaderFixture.understood;
import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.ColumnRef;
import io.assay.pick.Filter;
import io.assay.pick.Value;
import io.assay.understand.ReaderFixture;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A word the dataset declares for several values of one column ("running": running and OK, running
 * in debt) keeps all of them. Phrasings written for this test.
 */
class SharedCodeWordTest {

  private static final ColumnRef STATUS = ColumnRef.of("loan.status");

  @Test
  void aWordOfSeveralValuesKeepsThemAll() {
    assertThat(understood(ReaderFixture.reader(), "how many running loans are there").filters())
        .containsExactly(new Filter.In(STATUS, List.of(Value.text("C"), Value.text("D")), false));
    assertThat(understood(ReaderFixture.reader(), "how many loans are not running").filters())
        .containsExactly(new Filter.In(STATUS, List.of(Value.text("C"), Value.text("D")), true));
  }
}
