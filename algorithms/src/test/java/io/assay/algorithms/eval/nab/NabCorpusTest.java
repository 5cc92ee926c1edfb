package io.assay.algorithms.eval.nab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.DateTimeException;
import java.time.LocalDateTime;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Reading NAB timestamps: the digit-by-digit path agrees with the formatter and rejects junk. */
class NabCorpusTest {
  @Test
  void plainTimestampsReadAsTheFormatterReadsThem() {
    for (String text :
        List.of(
            "2014-02-14 14:30:00",
            "1999-12-31 23:59:59",
            "2024-02-29 00:00:01",
            "2015-09-01 11:05:00.000000")) {
      assertThat(NabCorpus.timestamp(text))
          .isEqualTo(LocalDateTime.parse(text, NabCorpus.TIMESTAMP));
    }
  }

  @Test
  void malformedTimestampsAreRejected() {
    for (String text :
        List.of(
            "2014-13-01 00:00:00", "2023-02-29 10:00:00", "2014-02-14 1a:30:00", "14/02/2014")) {
      assertThatThrownBy(() -> NabCorpus.timestamp(text)).isInstanceOf(DateTimeException.class);
    }
  }
}
