package io.assay.recon.compose;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.datasets.testing.TestWarehouse;
import io.assay.pick.ColumnRef;
import io.assay.pick.Filter;
import io.assay.pick.Measure;
import io.assay.pick.Pick;
import io.assay.recon.Recon;
import io.assay.recon.ReconLoader;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/**
 * An empty text is one missing or left blank: the warehouse stores "purpose not given" as a blank,
 * and to a person that purpose is as empty as a missing one.
 */
class EmptyTextTest {

  private static long count(DataSource ds, String sql) throws Exception {
    try (Connection c = ds.getConnection();
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  @Test
  void aTextColumnIsEmptyWhenMissingOrBlankAndSetOtherwise() throws Exception {
    DataSource ds = TestWarehouse.get().readerDataSource();
    Recon recon = ReconLoader.load(ds, "financial");
    ColumnRef purpose = ColumnRef.of("order.k_symbol");
    long empty =
        count(
            ds,
            "select count(*) from financial.\"order\" where k_symbol is null or trim(k_symbol) = ''");
    long all = count(ds, "select count(*) from financial.\"order\"");
    assertThat(empty).isPositive().isLessThan(all);

    for (boolean negated : new boolean[] {false, true}) {
      ComposedQuery q =
          Composer.compose(
              Pick.builder()
                  .measure(Measure.metric("order_count"))
                  .filter(new Filter.IsNull(purpose, negated))
                  .build(),
              recon);
      assertThat(count(ds, q.inlinedSql())).isEqualTo(negated ? all - empty : empty);
    }
  }
}
