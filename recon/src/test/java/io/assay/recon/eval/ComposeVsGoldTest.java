package io.assay.recon.eval;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.datasets.testing.TestWarehouse;
import io.assay.recon.bench.ComposeVsGoldAccess;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class ComposeVsGoldTest {

  @Test
  void shippedPicksAreTheEvalFixtures() {
    for (int id : ComposeVsGoldAccess.questions()) {
      assertThat(ComposeVsGoldAccess.pick(id)).isEqualTo(BirdFixtures.fixture(id).pick());
    }
  }

  @Test
  void runsAgainstTheWarehouseAndPrintsATable() {
    TestWarehouse wh = TestWarehouse.get();
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    int status =
        io.assay.recon.bench.ComposeVsGold.run(
            new String[] {
              "--jdbc-url", wh.jdbcUrl(),
              "--user", wh.readerUsername(),
              "--password", wh.readerPassword(),
              "--runs", "1"
            },
            new PrintStream(bytes, true, StandardCharsets.UTF_8));
    String text = bytes.toString(StandardCharsets.UTF_8);
    System.out.println(text);
    // Timing on a shared machine is not asserted here (the bench command reports it); the
    // results must agree and the table must be there.
    assertThat(status).as(text).isIn(0, 1);
    assertThat(text).contains("question").contains("116").contains("145").doesNotContain(" NO");
  }

  @Test
  void usageErrorsExitWithTwo() {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    int status =
        io.assay.recon.bench.ComposeVsGold.run(
            new String[] {"--runs", "3"}, new PrintStream(bytes, true, StandardCharsets.UTF_8));
    assertThat(status).isEqualTo(2);
    assertThat(bytes.toString(StandardCharsets.UTF_8)).contains("--jdbc-url is required");
  }
}
