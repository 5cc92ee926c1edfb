package io.assay.recon;

import io.assay.datasets.testing.TestWarehouse;
import io.assay.recon.pick.PickJson;
import org.junit.jupiter.api.Test;

class ScratchTest {
  @Test
  void explore() throws Exception {
    var wh = TestWarehouse.get();
    long t0 = System.nanoTime();
    Recon r = ReconLoader.load(wh.readerDataSource(), "financial");
    System.out.println("load ms " + (System.nanoTime() - t0) / 1e6);
    System.out.println(PickJson.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(r.describe()));
  }
}
