package io.assay.web.temporal;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.datasets.testing.ListeningSockets;
import io.assay.datasets.testing.TemporalCliServer;
import org.junit.jupiter.api.Test;

class InProcessTemporalTest {

  @Test
  void theInProcessServiceListensOnTheConfiguredAddressOnly() {
    int port = TemporalCliServer.freePort();
    try (InProcessTemporal server = InProcessTemporal.start("127.0.0.1", port)) {
      assertThat(ListeningSockets.ofTree(ProcessHandle.current()))
          .filteredOn(l -> l.port() == port)
          .isNotEmpty()
          .allMatch(ListeningSockets.Listener::loopback);
    }
  }

  @Test
  void workflowLinksPointIntoTheWebUiWithEncodedIds() {
    TemporalConfig.EmbeddedTemporal withUi =
        new TemporalConfig.EmbeddedTemporal(
            TemporalConfig.Kind.CLI_DEV_SERVER, null, "127.0.0.1:7233", "http://127.0.0.1:8233/");
    assertThat(withUi.workflowUiUrl("default", "job-1:0:trend anomaly"))
        .contains("http://127.0.0.1:8233/namespaces/default/workflows/job-1%3A0%3Atrend%20anomaly");
    TemporalConfig.EmbeddedTemporal inProcess =
        new TemporalConfig.EmbeddedTemporal(
            TemporalConfig.Kind.IN_PROCESS, null, "127.0.0.1:7233", null);
    assertThat(inProcess.workflowUiUrl("default", "job-1")).isEmpty();
    assertThat(inProcess.inProcess()).isTrue();
    assertThat(withUi.inProcess()).isFalse();
  }
}
