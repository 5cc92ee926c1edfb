package io.assay.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.contract.delivery.Delivered;
import io.assay.contract.delivery.DirectoryChannel;
import io.assay.contract.delivery.Receipt;
import io.assay.contract.delivery.ReceiptStatus;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class ReceiptStoreTest {
  private static final String SHA = "a".repeat(64);

  @Test
  void severalJobsReceiptsComeBackByJobInOneRead() {
    ReceiptStore store = new ReceiptStore(TestDatabase.admin());
    String one = "job-" + UUID.randomUUID();
    String two = "job-" + UUID.randomUUID();
    String none = "job-" + UUID.randomUUID();
    store.beginAttempt(one, new DirectoryChannel("file", "/srv/a"), one + ":file", SHA);
    store.confirm(one, "file", new Delivered(SHA, "written to /srv/a/" + one));
    store.beginAttempt(one, new DirectoryChannel("copy", "/srv/b"), one + ":copy", SHA);
    store.beginAttempt(two, new DirectoryChannel("file", "/srv/a"), two + ":file", SHA);

    Map<String, List<Receipt>> byJob = store.forJobs(List.of(one, two, none));

    assertThat(byJob.keySet()).containsExactlyInAnyOrder(one, two);
    assertThat(byJob.get(one)).extracting(Receipt::channel).containsExactly("file", "copy");
    assertThat(byJob.get(one).get(0).status()).isEqualTo(ReceiptStatus.CONFIRMED);
    assertThat(byJob.get(one).get(0).detail()).isEqualTo("written to /srv/a/" + one);
    assertThat(byJob.get(two)).extracting(Receipt::status).containsExactly(ReceiptStatus.PENDING);
    assertThat(store.forJobs(List.of())).isEmpty();
  }
}
