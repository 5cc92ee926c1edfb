package io.assay.recon.scratch;

import io.assay.datasets.testing.TestWarehouse;
import org.junit.jupiter.api.Test;

class CvgScratchTest {
  @Test
  void run() {
    var wh = TestWarehouse.get();
    for (int i = 0; i < 2; i++)
      io.assay.recon.bench.ComposeVsGold.run(
          new String[] {
            "--jdbc-url",
            wh.jdbcUrl(),
            "--user",
            wh.readerUsername(),
            "--password",
            wh.readerPassword(),
            "--runs",
            "15"
          },
          System.out);
  }
}
