package io.assay.recon.eval;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.datasets.testing.TestWarehouse;
import io.assay.pick.Pick;
import io.assay.pick.PickJson;
import io.assay.recon.Recon;
import io.assay.recon.compose.ComposedQuery;
import io.assay.recon.compose.Composer;
import io.assay.recon.execute.SqlExecutor;
import java.sql.SQLException;
import java.util.List;

/**
 * Checks a hand-written Pick against hand-written gold SQL on the shared test warehouse: the Pick
 * is carried through JSON first, as plans carry it, then composed and run beside the gold.
 */
final class GoldPicks {

  private GoldPicks() {}

  /** The composed rows equal the gold's, order ignored. */
  static void same(Recon recon, Pick pick, String gold) throws SQLException {
    Ran ran = run(recon, pick);
    List<List<Object>> expected = RowSets.rowsOf(gold);
    assertThat(expected).isNotEmpty();
    assertThat(RowSets.normalize(ran.rows()))
        .as("composed:%n%s", ran.sql())
        .isEqualTo(RowSets.normalize(expected));
  }

  /** As {@link #same}, and the rows come in the gold's order (where a limit cuts the answer). */
  static void sameInOrder(Recon recon, Pick pick, String gold) throws SQLException {
    Ran ran = run(recon, pick);
    List<List<Object>> expected = RowSets.rowsOf(gold);
    assertThat(expected).isNotEmpty();
    assertThat(List.copyOf(RowSets.normalize(ran.rows())))
        .as("composed:%n%s", ran.sql())
        .containsExactlyElementsOf(RowSets.normalize(expected));
  }

  private record Ran(String sql, List<List<Object>> rows) {}

  private static Ran run(Recon recon, Pick pick) throws SQLException {
    Pick carried = PickJson.read(PickJson.write(pick));
    assertThat(carried).isEqualTo(pick);
    ComposedQuery q = Composer.compose(carried, recon);
    SqlExecutor executor = new SqlExecutor(TestWarehouse.get().readerDataSource());
    return new Ran(q.inlinedSql(), executor.execute(q).rows());
  }
}
