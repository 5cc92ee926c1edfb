package io.assay.web.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The CLI's progress line names a job's state as the pages do. */
class AskWordsTest {
  @Test
  void aStateTheServerNamesReadsAsWords() {
    assertThat(AskCommand.stateWords("AWAITING_APPROVAL")).isEqualTo("waiting for approval");
    assertThat(AskCommand.stateWords("EXECUTING")).isEqualTo("running");
    // A state a newer server may add reads as its name in lower case.
    assertThat(AskCommand.stateWords("PAUSED")).isEqualTo("paused");
  }
}
