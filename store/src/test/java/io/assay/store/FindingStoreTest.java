package io.assay.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.contract.finding.Finding;
import io.assay.contract.finding.FindingStatus;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class FindingStoreTest {

  @Test
  void aStepHasOneFindingAndAReRunReplacesItInPlace() {
    FindingStore store = new FindingStore(TestDatabase.admin());
    String job = "job-" + UUID.randomUUID();
    Finding first = Finding.builder(job + ":0:a", "a").error("timeout").build(FindingStatus.FAILED);
    Finding second = Finding.builder(job + ":1:b", "b").build(FindingStatus.EMPTY);
    store.record(job, first);
    store.record(job, second);
    store.record(job, first);
    assertThat(store.forJob(job)).containsExactly(first, second);
    Finding rerun = Finding.builder(job + ":0:a", "a").goal("again").build(FindingStatus.EMPTY);
    store.record(job, rerun);
    assertThat(store.forJob(job)).containsExactly(rerun, second);
  }
}
